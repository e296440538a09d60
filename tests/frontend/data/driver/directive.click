# 20 "other.click"
// comment
p :: Print(  // comment in config
  "a"
  , MAXLENGTH bad);
Idle -> p -> Discard;
