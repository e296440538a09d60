// vpn-pipeline.click -- a node of an overlay network of VPN tunnels that decrypts packets
// arriving on one tunnel and encrypts them again (another SA) for the next tunnel, pipelined as
// in Figure 14 of the SMP Click paper (Chen and Morris, USENIX 2001): a Queue and an Unqueue
// between decryption and encryption, so one thread decrypts (the input task's push path) while
// another encrypts (the Unqueue's), with clickc -j 2 or Click's -j 2.
//
//   this node $MY_IP (Ethernet $MY_ETH), previous hop $PREV (tunnel in: SPI $SPI_IN),
//   next hop $NEXT (tunnel out: SPI $SPI_OUT, for packets to $NEXT_NET)
//
// Input IN: Ethernet frames; the IP packets go to rt_in.  ESP for $MY_IP is matched to the
// inbound SA by its SPI (rt_in's route to $PREV carries that SA: Click's RadixIPsecLookup
// fills its SA table from its routes), decrypted, verified, replay-checked and stripped
// (Figure 6); other packets are counted and dropped (an overlay node carries only tunnels).
// The inner packets cross the Queue; the Unqueue pushes them into rt_out, whose route for
// $NEXT_NET enters the next tunnel (Figure 5); the ESP packets come back to rt_out and leave
// for $NEXT through DecIPTTL, an Ethernet header and the output Queue to OUT.  Each route
// table is used by one thread only.  The cipher is Click's IPsecDES.
//
//   clickc -O2 -j 2 examples/vpn-pipeline.click IN=in.pcap -o overlay
//   ./overlay OUT=/tmp/out.pcap
//
// At the end of the capture DriverManager waits $WAIT for the queues to drain (more on a
// loaded machine with several threads), prints the counters and stops.

define($IN examples/iprouter-in.pcap, $OUT vpn-pipeline-out.pcap,
       $MY_IP 203.0.113.1, $MY_ETH 52:54:00:12:35:fe, $NEXT_ETH 52:54:00:12:36:01,
       $PREV 198.51.100.1, $SPI_IN 4097,
       $IN_KEY ThisIsTheDESkey0, $IN_AUTH AndThisAuthKey01,
       $NEXT 192.0.2.1, $NEXT_NET 0.0.0.0/1, $SPI_OUT 8193,
       $OUT_KEY NextHopDESkey123, $OUT_AUTH NextHopAuthKey45,
       $WAIT 200ms);

src :: FromDump($IN, STOP true);
src -> c_in :: Counter
    -> Classifier(12/0800)
    -> Strip(14)
    -> CheckIPHeader
    -> GetIPAddress(16)
    -> rt_in :: RadixIPsecLookup($MY_IP/32 0,
                                 $PREV/32 3 $SPI_IN $IN_KEY $IN_AUTH 1 64,
                                 0.0.0.0/0 3);
rt_in[1] -> not_tunnel :: Counter -> Discard;
rt_in[2] -> not_tunnel;
rt_in[3] -> not_tunnel;

// Figure 6 on the input thread.
rt_in[0] -> Strip(20)
         -> IPsecDES(0)
         -> vauth :: IPsecAuthHMACSHA1(1)
         -> IPsecESPUnencap
         -> CheckIPHeader
         -> c_decrypted :: Counter
         -> pipe :: Queue(4096);

// Figure 5 on the Unqueue's thread.
pipe -> Unqueue
     -> GetIPAddress(16)
     -> rt_out :: RadixIPsecLookup($MY_IP/32 2,
                                   $NEXT/32 3,
                                   $NEXT_NET $NEXT 1 $SPI_OUT $OUT_KEY $OUT_AUTH 1 64,
                                   0.0.0.0/0 2);
rt_out[0] -> rt_out_misc :: Counter -> Discard;
rt_out[2] -> rt_out_misc;
rt_out[1] -> IPsecESPEncap
          -> IPsecAuthHMACSHA1(0)
          -> IPsecDES(1)
          -> IPsecEncap(50)
          -> c_encrypted :: Counter
          -> rt_out;
rt_out[3] -> FixIPSrc($MY_IP)
          -> ttl :: DecIPTTL
          -> EtherEncap(0x0800, $MY_ETH, $NEXT_ETH)
          -> out_q :: Queue(4096)
          -> c_out :: Counter
          -> ToDump($OUT);
ttl[1] -> Discard;

DriverManager(wait_stop, wait $WAIT,
              print "in: $(c_in.count) not tunneled: $(not_tunnel.count)",
              print "decrypted: $(c_decrypted.count) bad digests: $(vauth.drops)",
              print "encrypted: $(c_encrypted.count) out: $(c_out.count)",
              stop);
