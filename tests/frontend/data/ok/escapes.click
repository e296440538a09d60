// expected output: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten ok/escapes.click (record.sh)
/* C comment */ // C++ comment
a :: Print("tab\there \"q\" \\ \$x", 'single $x "dq"');
b :: Print(\<0a0b 0c /* c */ 0d>);
c :: Print("a\
b", x\, y);
d :: Print(${X-default}, ${X}, $X, "$X", '$X');
e :: Print(A /* comment, with comma */ B, C);
