// expected output: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten ok/compound.click (record.sh)
elementclass Simple { input -> Counter -> output }
elementclass Two { input [0] -> a :: Counter -> [0] output; input [1] -> b :: Counter -> [1] output; }
elementclass Args { $x, $y | input -> Queue($x) -> Unqueue($y) -> output }
elementclass Kw { $x, BURST $b, __REST__ $rest | input -> RatedUnqueue($x, BURST $b, $rest) -> output }
elementclass Syn Counter;
elementclass Nest { $n | input -> s :: Simple -> Args($n, 7) -> output }
Idle -> Simple -> Args(3, 4) -> Kw(10, BURST 5, X 1, Y 2) -> Syn -> Nest(99) -> Discard;
t2 :: Two; Idle -> t2 -> Discard; Idle -> [1] t2 [1] -> Discard;
k :: { input -> Paint(2) -> output };
Idle -> k -> Discard;
Idle -> { [0] -> Strip(14) -> [0] } -> Discard;
Idle -> { -> Paint(3) -> } -> Discard;
