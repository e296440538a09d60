s1 :: TimedSource(1);
s2 :: TimedSource(1);
s1 -> [0]st :: Strip(14) -> Discard;
s2 -> [1]st;
TimedSource(1) -> [1]k :: KernelTun(1.0.0.1/8) -> Discard;
// Strip has one input; KernelTun at most one.
