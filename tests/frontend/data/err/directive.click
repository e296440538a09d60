// expected errors: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten err/directive.click (record.sh)
# foo
a :: Idle;
#line 10 "x.click"
b :: Idle; c :: Idle; b :: Idle;
