// expected errors: cd tests/frontend/data && /tmp/clickinst/bin/click-flatten err/directive.click (record.sh)
# foo
a :: Idle;
#line 10 "x.click"
b :: Idle; c :: Idle; b :: Idle;
