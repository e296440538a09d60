// declaration errors as Click's driver words them
Counter :: Queue;
x :: x;
define($a 1, $a 2);
a :: Idle;
elementclass a { input -> output }
elementclass F { ... }
y :: { ... };
Idle -> a :: Idle -> Discard;
