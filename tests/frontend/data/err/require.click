// expected errors: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten err/require.click (record.sh)
require(package "a" "b");
elementclass F { require(library x.click); }
