TimedSource(1) -> q0 :: Queue;
TimedSource(1) -> q2 :: Queue;
q0 -> [0]ps :: PrioSched;
q2 -> [2]ps;
ps -> TimedSink(1);
c :: Classifier(12/0800, 12/0806, -);
TimedSource(1) -> c;
c[0] -> Discard;
c[2] -> Discard;
// Ports below the highest used one but not connected.
