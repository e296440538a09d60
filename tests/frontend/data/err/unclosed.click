// expected errors: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten err/unclosed.click (record.sh)
elementclass F {
  input -> Counter -> output;

x :: Idle;
