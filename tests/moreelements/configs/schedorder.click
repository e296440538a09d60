// SchedOrderTest: three tasks sharing one order buffer (the largest SIZE, 12); the third
// runs twice; the first stops the router once the buffer is full.  Parameters: IN, OUT
// (unused).
define($IN in.pcap, $OUT .);
a :: SchedOrderTest(1, SIZE 12, STOP true);
b :: SchedOrderTest(2, SIZE 5);
c :: SchedOrderTest(3, LIMIT 2);
