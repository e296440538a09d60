// a push output into a pull input, twice
src :: TimedSource(1);
sh :: Shaper(10);
src -> sh -> TimedSink;
src2 :: TimedSource(1) -> sh2 :: Shaper(10) -> TimedSink;
