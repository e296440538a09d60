s :: TimedSource(1);
s -> q :: Queue -> c :: Counter -> t :: Tee(2);
t[0] -> Discard;
t[1] -> Shaper(5) -> Discard;
TimedSource(1) -> Discard;
x :: Paint(1);
q -> x;
// Several errors at once, reported in Click's order.
