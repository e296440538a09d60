// expected errors: cd tests/frontend/data && /tmp/clickinst/bin/click-flatten err/unclosed.click (record.sh)
elementclass F {
  input -> Counter -> output;

x :: Idle;
