// expected output: recorded from Click's click-flatten by tests/frontend/data/record.sh
a :: Print("a ) b", 'c ( d', /* ) */ e // )
  , \<00 11 22>, "\\");
b :: Message(a(b)c, (x), "(", ')');
c :: Classifier(12/0800, -);
d :: Idle(  spaced    config  );
e :: Idle();
