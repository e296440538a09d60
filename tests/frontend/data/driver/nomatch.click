// compound arguments that match no overload: Click's driver reports them after reading the
// whole file, at its last line, and lists the candidates with their formals
elementclass F { $a | input -> Queue($a) -> output }
elementclass G { $a, KEY $b | input -> output || input -> output -> Discard }
Idle -> f :: F -> Discard;
Idle -> g :: G(1, 2, 3) -> Discard;

