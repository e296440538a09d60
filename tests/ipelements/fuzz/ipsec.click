// Fuzz target "ipsec": the ESP receive paths (SA lookup by SPI, decryption, digest
// verification, replay window, padding) and the transmit path.  GetIPAddress routes by the
// input's own destination: 192.168.200.1 is the gateway (output 0, ESP in), 10/8 is local,
// anything else enters the tunnel (output 1).  The Tee also feeds IPsecESPUnencap without a
// digest check so that its parsing sees arbitrary data, not only inputs with a valid HMAC.
Idle -> GetIPAddress(16)
  -> rt :: RadixIPsecLookup(192.168.200.1/32 0,
                            10.0.0.0/8 2,
                            0.0.0.0/0 10.9.9.9 1 4660 ABCDEFGHIJKLMNOP 0123456789abcdef 1 64);
rt[0] -> Strip(20) -> t :: Tee(5);
t[0] -> IPsecAuthHMACSHA1(1) -> IPsecESPUnencap -> CheckIPHeader -> Discard;
t[1] -> IPsecESPUnencap -> Discard;
t[2] -> IPsecAES(0) -> v2 :: IPsecAuthHMACSHA1(1) -> IPsecESPUnencap -> Discard;
v2[1] -> Discard;
t[3] -> IPsecDES(0) -> IPsecAuthHMACSHA1(1) -> IPsecESPUnencap -> Discard;
t[4] -> IPsecDES3(0) -> IPsecESPUnencap -> Discard;
rt[1] -> IPsecESPEncap -> IPsecAuthHMACSHA1(0) -> IPsecAES(1) -> IPsecEncap(50) -> Discard;
rt[2] -> Discard;
