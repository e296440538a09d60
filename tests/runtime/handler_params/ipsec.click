// RadixIPsecLookup's lookup handler: "PORT [GATEWAY]" for an address; Click's error message
// when the parameter is not an address.
v :: RadixIPsecLookup(198.51.100.1/32 2,
                      10.0.0.0/8 203.0.113.1 1 4097 ThisIsTheDESkey0 AndThisAuthKey01 1 64,
                      0.0.0.0/0 0);
Idle -> v; v[0] -> Discard; v[1] -> Discard; v[2] -> Discard;
Script(print "a: $(v.lookup 198.51.100.1)",
       print "b: $(v.lookup 10.9.8.7)",
       print "c: $(v.lookup 8.8.8.8)",
       read v.lookup 10.0.0.1,
       print "d: $(v.lookup 1.2.3.x)",
       stop);
