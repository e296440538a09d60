// expected output: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten ok/require.click (record.sh)
require(foo, package "bar", compact_config);
require(package baz);
a :: Idle;
