// unknown class after a comment
x :: NoSuchClass;
/* and a block */ y :: AlsoMissing(1);
Idle -> x -> y -> Discard;
