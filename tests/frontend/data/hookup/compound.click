// a compound's output that nothing uses (Click's lexer reports it, not Router::initialize)
elementclass Box {
  input -> q :: Queue -> output;
}
b :: Box;
Idle -> b -> Counter -> Discard;
b3 :: Box;
Idle -> b3;
