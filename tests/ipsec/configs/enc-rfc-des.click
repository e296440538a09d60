// RFC 2406 order (encrypt, then authenticate the ciphertext) with clickc's IGNORE keyword:
// IPsecDES(1, IGNORE 0) encrypts everything after the ESP header, then the digest is computed over
// the ciphertext, so ESP decoders (tshark) can check the digest too.  clickc only.
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
rt[1] -> IPsecESPEncap
      -> IPsecDES(1, IGNORE 0)
      -> IPsecAuthHMACSHA1(0)
      -> IPsecEncap(50)
      -> [0]rt;
rt[2] -> FixIPSrc(10.9.9.9) -> ToDump($OUT, ENCAP IP);
