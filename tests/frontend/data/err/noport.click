// expected errors: recorded from Click's click-flatten by tests/frontend/data/record.sh
elementclass F { input -> Counter -> output }
Idle -> [1] f :: F -> Discard;
f [1] -> Discard;
