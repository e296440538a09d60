// expected errors: cd tests/frontend/data && /tmp/clickinst/bin/click-flatten err/classname.click (record.sh)
Counter :: Queue;
x :: x;
