TimedSource(1) -> q :: Queue;
q -> c :: Counter;
c -> t :: Tee(1);
t -> Discard;
// An agnostic element between a pull output and a push input.
