// expected output: recorded from Click's click-flatten by tests/frontend/data/record.sh
require(library mylib.click);
require(library mylib.click);
Idle -> Lib(3) -> Inner -> Discard;
