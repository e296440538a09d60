// expected output: recorded from Click's click-flatten by tests/frontend/data/record.sh
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
