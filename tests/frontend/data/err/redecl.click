// expected errors: cd tests/frontend/data && /tmp/clickinst/bin/click-flatten err/redecl.click (record.sh)
a :: Counter;
a :: Queue;
