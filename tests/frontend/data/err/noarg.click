// expected errors: recorded from Click's click-flatten by tests/frontend/data/record.sh
elementclass F { $a | input -> Queue($a) -> output }
Idle -> f :: F -> Discard;
Idle -> g :: F(1, 2) -> Discard;
