// Counter has one output: c[1] does not exist
c :: Counter;
Idle -> c;
c[1] -> Discard;
c -> d :: Discard;
d2 :: Discard;
Idle -> [1] d2;
