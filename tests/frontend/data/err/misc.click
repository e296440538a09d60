// expected errors: recorded from Click's click-flatten by tests/frontend/data/record.sh
a :: Idle;
elementclass a { input -> output }
b :: Idle(x);
b(y) -> Discard;
