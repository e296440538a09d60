TimedSource(1) -> q1 :: Queue;
TimedSource(1) -> q2 :: Queue;
ts :: TimedSink(1);
q1 -> ts;
q2 -> ts;
// One pull input connected twice.
