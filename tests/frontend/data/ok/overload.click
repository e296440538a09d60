// expected output: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten ok/overload.click (record.sh)
elementclass O { input -> Counter -> output || input[0] -> Paint(0) -> output; input[1] -> Paint(1) -> output || $a | input -> Paint($a) -> output }
Idle -> o1 :: O -> Discard;
Idle -> o2 :: O -> Discard; Idle -> [1] o2;
Idle -> o3 :: O(5) -> Discard;
elementclass O { input -> Strip(1) -> output || ... }
Idle -> o4 :: O -> Discard;
Idle -> o5 :: O(6) -> Discard;
