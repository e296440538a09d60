// expected errors: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten err/lines.click (record.sh)
a, b :: Idle;
a [0,1] -> [0,1,2] b

  -> Discard;
A :: Idle;
elementclass X { A -> B }
A

 :: Idle

;
c :: Idle;
c
:: Idle
;
[1]

 c;
