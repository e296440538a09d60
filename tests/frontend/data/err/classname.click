// expected errors: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten err/classname.click (record.sh)
Counter :: Queue;
x :: x;
