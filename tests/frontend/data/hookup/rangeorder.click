// missing ports come in the driver's connection order (sorted by input end)
c1 :: Counter; c2 :: Counter; d :: Discard;
c2[1] -> d;
Idle -> c1; Idle -> c2; c2 -> [1] d;
c1[2] -> [2] d;
c1 -> Discard; c2 -> Discard;
