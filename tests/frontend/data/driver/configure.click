// a comment line
z :: Counter(bad, args);
/* block
   comment */
q :: Queue(-5);
// two
// comments
u :: Unqueue(BURST x);
Idle -> z -> q -> u -> Discard;
