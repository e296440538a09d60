s :: TimedSource(1);
s -> Discard;
s -> d2 :: Discard;
// One push output connected twice.
