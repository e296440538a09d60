// expected errors: recorded from Click's click-flatten by tests/frontend/data/record.sh
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
