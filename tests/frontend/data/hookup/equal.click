// '=' output counts follow the inputs; anonymous elements
s :: Suppressor;
Idle -> [0] s;
Idle -> [1] s;
s[0] -> Discard;
s[1] -> Discard;
s[2] -> Discard;
Idle -> Paint(1);
