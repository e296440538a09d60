// unused ports of compound elements' insides and of top-level elements: router order
elementclass Two {
  input -> a :: Queue -> output;
  b :: Queue;
  c :: Tee;
}
x :: Queue;
t1 :: Two;
Idle -> t1 -> Discard;
y :: Queue;
Idle -> Tee(2) -> Discard;
t2 :: Two;
Idle -> t2 -> Discard;
z :: InfiniteSource;
