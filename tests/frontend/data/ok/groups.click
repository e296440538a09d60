// expected output: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten ok/groups.click (record.sh)
a, b, c, d :: Idle;
a [0,1,2] => ( -> c ), ( -> b ), d;
g :: Idle => ( [0] -> Counter -> [0]; [1] -> Queue -> [1] ) => h, i :: Discard;
x :: Idle -> (-> [1] y :: Paint(1) -> ) -> c;
Idle -> (-> Counter -> Counter ->) -> Discard;
