TimedSource(1) -> c :: Counter;
c[0] -> Discard;
c[1] -> Discard;
TimedSource(1) -> chk :: CheckIPHeader;
chk[0] -> Discard;
chk[1] -> Discard;
chk[2] -> Discard;
// Counter has exactly one output; CheckIPHeader at most two.
