// Fuzz target "icmperror": every ICMP error type about unchecked packets (MarkIPHeader only).
Idle -> MarkIPHeader -> t :: Tee(5);
t[0] -> ICMPError(1.2.3.4, redirect, host) -> CheckIPHeader -> CheckICMPHeader -> Discard;
t[1] -> ICMPError(1.2.3.4, parameterproblem) -> CheckIPHeader -> CheckICMPHeader -> Discard;
t[2] -> ICMPError(1.2.3.4, unreachable, needfrag, MTU 60) -> Discard;
t[3] -> ICMPError(1.2.3.4, timeexceeded, BADADDRS 10.255.255.255) -> Discard;
t[4] -> ICMPError(1.2.3.4, sourcequench, MTU 1500) -> Discard;
