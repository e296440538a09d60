// expected errors: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten err/ellipsis.click (record.sh)
elementclass F { ... }
elementclass G { input -> output || ... || input -> output }
x :: { ... };
