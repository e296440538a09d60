// SMP Click (Chen & Morris, USENIX 2001) Fig. 3, before the transformation: one push path
// whose expensive part is the tunnel's encryption.  flow-split turns it into the figure:
// HashSwitch on the destination address, one Queue and Unqueue per flow, two encryptions.
// Costs for the passes (cycles/packet):
//   --pass-option cost=encrypt:4000
src :: FromDevice(eth0) -> Strip(14) -> CheckIPHeader
  -> esp :: IPsecESPEncap -> auth :: IPsecAuthHMACSHA1(0) -> encrypt :: IPsecDES(1)
  -> tunnel :: IPsecEncap(50) -> out :: Queue(1000) -> ToDevice(eth1);
