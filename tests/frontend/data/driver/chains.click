// a connector followed by no element at the top level
a :: Idle;
a -> [2];
b :: Idle -> ;
c :: Idle -> :: Counter;
elementclass Y { input -> ; input -> output }
Idle -> Y -> Discard;
