// Values expanded into quoted text keep their quotes, backslashes, dollars, tabs and
// newlines (Click's cp_expand quotes them, print unquotes the whole text).
rt :: RadixIPLookup(10.0.0.0/8 1, 0.0.0.0/0 0);
Idle -> rt; rt[0] -> Discard; rt[1] -> Discard;
f :: Script(TYPE PASSIVE, return "say \"hi\" \$HOME \\ done");
Script(print "T: $(rt.table)|",
       set x "a\"b",
       print "x=$x",
       set y $(f.run),
       print "y=$y",
       print '$y',
       setq z "q\tq",
       print "z=[$z]",
       print "$(f.run)",
       printq "$(f.run)",
       print T2: $(rt.table)|,
       stop);
