// expected output: recorded by tests/frontend/data/record.sh with CLICKPATH=lib/cp
require(library cplib.click);
Idle -> CP -> Discard;
