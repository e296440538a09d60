// expected errors: recorded from Click's click-flatten by tests/frontend/data/record.sh
require(package "a" "b");
elementclass F { require(library x.click); }
