// expected errors: cd tests/frontend/data && /tmp/clickinst/bin/click-flatten err/ellipsis.click (record.sh)
elementclass F { ... }
elementclass G { input -> output || ... || input -> output }
x :: { ... };
