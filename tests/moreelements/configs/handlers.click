// Handlers of the new classes read and written from a Script, with Click's error wording
// for bad values.  Parameters: IN, OUT.
define($IN in.pcap, $OUT .);
Idle -> rs :: RandomSample(0.5) -> cl :: CheckLength(60)
  -> e :: ICMPPingEncap(1.2.3.4, 5.6.7.8) -> ac :: AverageCounter -> Discard;
rs[1] -> Discard;
cl[1] -> Discard;
InfiniteSource(LIMIT 0) -> sc :: SetIPChecksum -> Discard;
Script(print rs.sampling_prob, print rs.drop_prob, print rs.config, print rs.active,
       write rs.sampling_prob 0.25, print rs.sampling_prob, print rs.drop_prob,
       write rs.drop_prob 0.125, print rs.sampling_prob, write rs.sampling_prob 1.5,
       write rs.drop_prob -1, write rs.sampling_prob 1, print rs.config,
       write rs.active false, print rs.config, write rs.active maybe,
       print cl.length, write cl.length 99, print cl.length, write cl.length abc,
       print e.src, print e.dst, write e.src 9.9.9.9, print e.src, write e.dst bogus,
       print e.dst, print sc.drops, write ac.reset, print ac.count, stop);
RandomSeed(1);
