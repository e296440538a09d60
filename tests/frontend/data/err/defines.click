// expected errors: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten err/defines.click (record.sh)
define($a 1, $a 2);
define(b 3);
elementclass F { $x, $x | input -> output }
elementclass G { KEY $x, $y | input -> output }
elementclass H { KEY $x, KEY $y | input -> output }
