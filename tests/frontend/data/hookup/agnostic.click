// an agnostic Counter between a pull output and a push input
Idle -> q :: Queue;

q -> c :: Counter
  -> t :: Tee;
t -> Discard;
