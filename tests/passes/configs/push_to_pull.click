src :: TimedSource(1);
sh :: Shaper(10);
src -> sh -> TimedSink;
// A push output connected to a pull input.
