// The tunnel exit of the peer gateway 192.168.200.1: ESP packets from $IN (raw IP) are
// matched to the SA by SPI, decrypted, verified (bad digests counted in vauth.drops), checked
// against the replay window and stripped of ESP; the inner packets go to $OUT (raw IP).
// Strip(20) stands for StripIPHeader (IPsecEncap's headers have no options).
FromDump($IN, STOP true)
  -> CheckIPHeader
  -> GetIPAddress(16)
  -> rt :: RadixIPsecLookup(192.168.200.1/32 0,
                            10.0.0.0/8 2,
                            0.0.0.0/0 10.9.9.9 1 4660 ABCDEFGHIJKLMNOP 0123456789abcdef 1 64);
rt[0] -> Strip(20)
      -> vauth :: IPsecAuthHMACSHA1(1)
      -> unesp :: IPsecESPUnencap
      -> ToDump($OUT, ENCAP IP);
rt[1] -> Discard;
rt[2] -> other :: Counter -> Discard;
