// Fuzz target "checkip": the header checks, good and bad outputs both continuing.
Idle -> chk :: CheckIPHeader(DETAILS true, INTERFACES 10.0.0.1/8 192.168.1.1/24)
     -> t :: Tee(3);
chk[1] -> MarkIPHeader -> t2 :: Tee(3);
t[0] -> CheckTCPHeader(VERBOSE false) -> Discard;
t[1] -> CheckUDPHeader -> Discard;
t[2] -> CheckICMPHeader -> Discard;
t2[0] -> CheckTCPHeader -> Discard;
t2[1] -> CheckUDPHeader -> Discard;
t2[2] -> CheckICMPHeader -> Discard;
