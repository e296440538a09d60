// expected output: recorded from Click's click-flatten by tests/frontend/data/record.sh
elementclass F { input -> Counter; c :: Counter -> output; }
Idle -> F -> Discard;
