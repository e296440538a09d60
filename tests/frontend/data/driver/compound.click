elementclass Box {
  // comment inside the compound
  input -> c :: Counter(oops) -> output;
}
// the box
b :: Box;
Idle -> b -> Discard;
