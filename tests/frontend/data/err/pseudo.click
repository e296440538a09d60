// expected errors: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten err/pseudo.click (record.sh)
x -> y :: Counter;
elementclass F { input -> output; input -> Counter; }
z :: F; Idle -> z -> Discard;
( -> a :: Counter -> output; a -> [0] output) -> Discard;
