// push/pull conflicts come in the driver's connection order (sorted by input end)
a :: TimedSource(1); b :: TimedSource(1);
s2 :: Shaper(1); s1 :: Shaper(1);
b -> s1 -> TimedSink;
a -> s2 -> TimedSink;
