// ExactCPUSwitch and CPUSwitch on one thread: every packet goes to output 0.
// Parameters: IN (unused), OUT (unused).
define($IN in.pcap, $OUT .);
InfiniteSource(LIMIT 9, STOP true) -> sw :: ExactCPUSwitch;
sw[0] -> c0 :: Counter -> Discard; sw[1] -> c1 :: Counter -> Discard;
