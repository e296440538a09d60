// expected output: cd tests/frontend/data && /tmp/clickinst/bin/click-flatten ok/require.click (record.sh)
require(foo, package "bar", compact_config);
require(package baz);
a :: Idle;
