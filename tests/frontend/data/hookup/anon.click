// anonymous elements are named CLASS@N in the driver's messages
Idle -> Paint(1);
InfiniteSource -> Counter;
Idle -> q :: Queue -> Discard;
