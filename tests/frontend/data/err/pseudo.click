// expected errors: recorded from Click's click-flatten by tests/frontend/data/record.sh
x -> y :: Counter;
elementclass F { input -> output; input -> Counter; }
z :: F; Idle -> z -> Discard;
( -> a :: Counter -> output; a -> [0] output) -> Discard;
