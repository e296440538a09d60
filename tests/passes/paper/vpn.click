// VPN tunnel encryption and decryption in the style of Figures 5 and 6 of the SMP
// Click paper: an IPClassifier as security association database, ESP with HMAC-SHA1
// authentication and 3DES, then the tunnel's outer IP header.
from_inside :: FromDevice(eth0) -> Strip(14) -> CheckIPHeader
  -> sadb :: IPClassifier(dst net 10.1.0.0/16, dst net 10.2.0.0/16, -);
sadb[0] -> IPsecESPEncap -> IPsecAuthHMACSHA1(0) -> IPsecDES(1) -> IPsecEncap(50) -> out :: Queue;
sadb[1] -> IPsecESPEncap -> IPsecAuthHMACSHA1(0) -> IPsecDES(1) -> IPsecEncap(50) -> out;
sadb[2] -> out;
from_outside :: FromDevice(eth1) -> Strip(14) -> CheckIPHeader
  -> esp :: IPClassifier(ip proto 50, -);
esp[0] -> StripIPHeader -> IPsecDES(0) -> IPsecAuthHMACSHA1(1) -> IPsecESPUnencap
  -> CheckIPHeader -> in :: Queue;
esp[1] -> in;
out -> EtherEncap(0x0800, 00:00:c0:4f:71:ef, 00:00:c0:4f:71:01) -> ToDevice(eth1);
in -> EtherEncap(0x0800, 00:00:c0:ae:67:ef, 00:00:c0:ae:67:01) -> ToDevice(eth0);
