// SMP Click Fig. 14, before the transformation: an overlay node that decrypts a packet
// arriving on one tunnel and encrypts it again for the next, all on one push path.
// pipeline-cut inserts a Queue and an Unqueue between decryption and encryption so two
// threads run the two halves.  Costs for the passes (cycles/packet):
//   --pass-option cost=decrypt:3000,verify:1500,auth:1500,encrypt:3000
src :: FromDevice(eth0) -> Strip(14) -> CheckIPHeader -> StripIPHeader
  -> decrypt :: IPsecDES(0) -> verify :: IPsecAuthHMACSHA1(1) -> unencap :: IPsecESPUnencap
  -> CheckIPHeader
  -> esp :: IPsecESPEncap -> auth :: IPsecAuthHMACSHA1(0) -> encrypt :: IPsecDES(1)
  -> tunnel :: IPsecEncap(50) -> out :: Queue(1000) -> ToDevice(eth1);
