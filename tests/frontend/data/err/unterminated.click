// expected errors: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten err/unterminated.click (record.sh)
a :: Counter(1;
b :: Counter;
