// Splitting flows so an expensive element runs on two schedulable paths, in the style of
// Figures 3 and 14 of the SMP Click paper (HashSwitch on the destination address, one
// Queue and Unqueue per flow, then pipelining through another Queue).
FromDevice(eth0) -> Strip(14) -> CheckIPHeader -> hs :: HashSwitch(16, 4);
hs[0] -> Queue -> Unqueue(8) -> IPsecESPEncap -> IPsecAuthHMACSHA1(0) -> IPsecDES(1)
  -> IPsecEncap(50) -> merged :: Queue;
hs[1] -> Queue -> Unqueue(8) -> IPsecESPEncap -> IPsecAuthHMACSHA1(0) -> IPsecDES(1)
  -> IPsecEncap(50) -> merged;
merged -> Unqueue -> EtherEncap(0x0800, 00:00:c0:4f:71:ef, 00:00:c0:4f:71:01)
  -> out :: Queue -> ToDevice(eth1);
