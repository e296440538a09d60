// What enters the tunnel in enc-*.click, unencrypted: the reference of the round trips.
FromDump($IN, STOP true)
  -> Classifier(12/0800)
  -> Strip(14)
  -> CheckIPHeader
  -> ToDump($OUT, ENCAP IP);
