// expected errors: cd tests/frontend/data && /tmp/clickinst/bin/click-flatten err/unterminated.click (record.sh)
a :: Counter(1;
b :: Counter;
