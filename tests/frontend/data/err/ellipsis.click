// expected errors: recorded from Click's click-flatten by tests/frontend/data/record.sh
elementclass F { ... }
elementclass G { input -> output || ... || input -> output }
x :: { ... };
