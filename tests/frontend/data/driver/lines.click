// element after a line comment, in a connection
Idle -> c :: Counter(x y) -> Discard;
/* a block comment
   over two lines */ d :: Counter(1, 2);
Idle
  // a comment inside a chain
  -> e :: Counter(3)
  -> Discard;
Idle -> d -> Discard;
