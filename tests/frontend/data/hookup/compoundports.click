// unused and missing ports of several compounds: the driver reports them connection by connection
elementclass Box {
  input -> q :: Queue -> output;
}
b :: Box;
Idle -> b -> Counter -> Discard;
b2 :: Box;
Idle -> b2;
b2 [1] -> Discard;
b3 :: Box;
Idle -> b3;
b4 :: Box;
b4 -> Discard;
Idle -> [1] b4;
