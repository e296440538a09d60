Idle -> q :: Queue -> RatedUnqueue(10, BURST_DURATION 1, BURST_SIZE 3) -> Discard;
Idle -> BandwidthRatedSplitter(1Mbps, BURST_DURATION 2ms, BURST_BYTES 1000) -> Discard;
// Configuration errors Click reports for the rate elements.
