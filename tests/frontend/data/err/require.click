// expected errors: cd tests/frontend/data && /tmp/clickinst/bin/click-flatten err/require.click (record.sh)
require(package "a" "b");
elementclass F { require(library x.click); }
