// ForceIP: the capture's packets (Ethernet stripped, so that the IP header, or whatever comes
// there, is forced) and short packets of 0 to 21 bytes, each forced into an IPv4 header and
// written out; CheckIPHeader counts those that now pass.  Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> Strip(14) -> f :: ForceIP -> t :: Tee(2);
t[0] -> ToDump($OUT/forced.pcap, ENCAP IP);
t[1] -> ok :: CheckIPHeader -> Discard; ok[1] -> bad :: Counter -> Discard;
short :: Tee(22);
InfiniteSource(DATA \<45 00 00 28 00 01 40 00 40 06 00 00 0a 00 00 01 0a 00 00 02 aa bb>,
               LIMIT 9) -> short;
short[0] -> Truncate(0) -> g :: ForceIP -> sout :: ToDump($OUT/short.pcap, ENCAP IP);
short[1] -> Truncate(1) -> g; short[2] -> Truncate(2) -> g; short[3] -> Truncate(3) -> g;
short[4] -> Truncate(4) -> g; short[5] -> Truncate(5) -> g; short[6] -> Truncate(6) -> g;
short[7] -> Truncate(7) -> g; short[8] -> Truncate(8) -> g; short[9] -> Truncate(9) -> g;
short[10] -> Truncate(10) -> g; short[11] -> Truncate(11) -> g; short[12] -> Truncate(12) -> g;
short[13] -> Truncate(13) -> g; short[14] -> Truncate(14) -> g; short[15] -> Truncate(15) -> g;
short[16] -> Truncate(16) -> g; short[17] -> Truncate(17) -> g; short[18] -> Truncate(18) -> g;
short[19] -> Truncate(19) -> g; short[20] -> Truncate(20) -> g; short[21] -> g;
