// expected output: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten ok/lines.click (record.sh)
a :: Counter(1,
# 100 "other.click"
   2);
b :: Counter;
#line 7
c :: Counter; // comment
d :: Counter;
/* multi
   line */ e :: Counter;
f :: Print("x
y") -> g :: Discard;
# 3 ""
h :: Counter;
