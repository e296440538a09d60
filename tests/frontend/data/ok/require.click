// expected output: recorded from Click's click-flatten by tests/frontend/data/record.sh
require(foo, package "bar", compact_config);
require(package baz);
a :: Idle;
