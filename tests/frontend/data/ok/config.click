// expected output: cd tests/frontend/data && $CLICK_PREFIX/bin/click-flatten ok/config.click (record.sh)
a :: Print("a ) b", 'c ( d', /* ) */ e // )
  , \<00 11 22>, "\\");
b :: Message(a(b)c, (x), "(", ')');
c :: Classifier(12/0800, -);
d :: Idle(  spaced    config  );
e :: Idle();
