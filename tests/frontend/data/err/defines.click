// expected errors: recorded from Click's click-flatten by tests/frontend/data/record.sh
define($a 1, $a 2);
define(b 3);
elementclass F { $x, $x | input -> output }
elementclass G { KEY $x, $y | input -> output }
elementclass H { KEY $x, KEY $y | input -> output }
