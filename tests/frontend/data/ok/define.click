// expected output: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten ok/define.click (record.sh)
define($DEV eth0, $N 10);
define($Q ${N}0);
elementclass F { $a | define($b $a$a); input -> Queue($b) -> output }
FromDevice($DEV) -> Queue($N) -> F(${N-3}) -> F(${M-7}) -> ToDevice("$DEV") -> Discard;
Idle -> Print('$DEV', "a$DEV") -> Discard;
