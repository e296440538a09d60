// Fuzz target "frag": fragmentation of unchecked packets at a small MTU, DF honoured and not.
Idle -> MarkIPHeader -> t :: Tee(2);
t[0] -> f1 :: IPFragmenter(68) -> Discard;
f1[1] -> ICMPError(1.2.3.4, unreachable, needfrag, PMTU 68) -> Discard;
t[1] -> f2 :: IPFragmenter(28, false) -> CheckIPHeader -> Discard;
