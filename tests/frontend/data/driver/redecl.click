// comment
Idle -> x :: Counter;
// comment
Idle -> x;
x -> Discard;
// comment
y :: Idle; y :: Idle;
