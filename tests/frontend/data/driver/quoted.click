a :: Print("x
y"); b :: Counter(1);
// c
c :: Counter(2)
  -> Discard;
Idle -> a -> b -> c;
