// forward.click -- the IP forwarding path of examples/iprouter.click on generated traffic:
// 64-byte Ethernet/IPv4/UDP frames from InfiniteSource instead of a capture, so the figure is
// the router's own cost per packet (no file I/O).
//
//   python3 bench/bench_router.py bench/configs/forward.click -n 5
//   python3 bench/bench_router.py bench/configs/forward.click N=1000000 -n 3

define($N 10000000);

src :: InfiniteSource(DATA \<
  // Ethernet header
  00 00 c0 ae 67 ef  00 00 0c 0a 0b 01  08 00
  // IPv4 header: 18.26.4.10 -> 18.26.7.2, UDP
  45 00 00 2e  00 00 00 00  40 11 68 ae  12 1a 04 0a  12 1a 07 02
  // UDP header and payload
  13 69 13 69  00 1a 00 00  55 44 50 20  70 61 63 6b  65 74 21 0a  00 00 00 00  00 00>,
  LIMIT $N, BURST 32, STOP true);

src -> in_count :: Counter
    -> Strip(14)
    -> Paint(0)
    -> out_q :: Queue(1024)
    -> Unqueue(BURST 32)
    -> EtherEncap(0x0800, 00:00:c0:4f:71:ef, 00:00:c0:8a:67:ef)
    -> out_count :: Counter
    -> Discard;
