// expected errors: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten err/redecl.click (record.sh)
a :: Counter;
a :: Queue;
