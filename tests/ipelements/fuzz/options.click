// Fuzz target "options": IP options of unchecked packets (MarkIPHeader only), with the
// errors answered by ICMPError and the source fixed, then the TTL, DSCP and addresses.
Idle -> MarkIPHeader -> opt :: IPGWOptions(1.2.3.4, 5.6.7.8 9.9.9.9)
     -> FixIPSrc(1.2.3.4) -> dt :: DecIPTTL -> SetIPDSCP(46)
     -> StoreIPAddress(src) -> StoreIPAddress(7.7.7.7, dst) -> StoreIPAddress(4)
     -> GetIPAddress(IP src) -> GetIPAddress(2) -> Discard;
opt[1] -> ICMPError(1.2.3.4, parameterproblem) -> FixIPSrc(1.2.3.4) -> Discard;
dt[1] -> ICMPError(1.2.3.4, timeexceeded) -> Discard;
