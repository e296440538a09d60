// The tunnel entry of a VPN gateway (ESP as Click's ipsec-router.click builds it: ESP header,
// HMAC-SHA1-96 over the plaintext, then the cipher; outer header by IPsecEncap and FixIPSrc).
// Every IPv4 packet of $IN goes into the tunnel to 192.168.200.1; the ESP packets leave in
// $OUT (raw IP).  RandomSeed fixes the IVs ESPEncap draws.  The default route is the last
// argument: RadixIPsecLookup frees a default route's slot and the next route would reuse it.
RandomSeed(7);
FromDump($IN, STOP true)
  -> Classifier(12/0800)
  -> Strip(14)
  -> CheckIPHeader
  -> GetIPAddress(16)
  -> rt :: RadixIPsecLookup(10.9.9.9/32 0,
                            192.168.200.1/32 2,
                            0.0.0.0/0 192.168.200.1 1 4660 ABCDEFGHIJKLMNOP 0123456789abcdef 1 64);
rt[0] -> Discard;
rt[1] -> espen :: IPsecESPEncap
      -> auth :: IPsecAuthHMACSHA1(0) -> IPsecDES(1)
      -> IPsecEncap(50)
      -> [0]rt;
rt[2] -> FixIPSrc(10.9.9.9) -> ToDump($OUT, ENCAP IP);
