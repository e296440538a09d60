// PASSIVE scripts as functions: "run" is a read handler with a parameter, the arguments
// ($args, $1 ... $N, $#; $0 is "run"); its value is $_ when the script ends at "return".
// Unknown unqualified handlers are kept as written in $(...).
add3 :: Script(TYPE PASSIVE, return $(add $1 $2 $3));
info :: Script(TYPE PASSIVE, return "n=$# args=[$args] first=$1 fourth=[$4] name=$0");
noret :: Script(TYPE PASSIVE, set x $1, end);
Script(print "a: $(add3.run 1 2 3)",
       print "b: $(info.run x y z)",
       print "c: [$(info.run)]",
       print "d: [$(noret.run 5)]",
       print "e: [$1] [$#] [$args] [$0]",
       read add3.run 10 20 30,
       write add3.run 4 5 6,
       print "f: $(add3.run $(add3.run 1 1 1) 1 1)",
       print "g: $(nosuchfn 1)",
       print nosuch2 x,
       read nosuch3,
       stop);
