// expected output: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten lib/main.click (record.sh)
require(library mylib.click);
require(library mylib.click);
Idle -> Lib(3) -> Inner -> Discard;
