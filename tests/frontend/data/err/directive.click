// expected errors: recorded from Click's click-flatten by tests/frontend/data/record.sh
# foo
a :: Idle;
#line 10 "x.click"
b :: Idle; c :: Idle; b :: Idle;
