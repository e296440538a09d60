// expected errors: recorded from Click's click-flatten by tests/frontend/data/record.sh
elementclass F {
  input -> Counter -> output;

x :: Idle;
