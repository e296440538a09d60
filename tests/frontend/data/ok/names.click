// expected output: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten ok/names.click (record.sh)
a/b :: Counter;
x@y :: Counter;
Counter@2 :: Counter;
Counter -> Counter -> Counter;
a/b -> x@y;
