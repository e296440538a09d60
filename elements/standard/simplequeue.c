/* SimpleQueue([CAPACITY]): a first-in first-out ring of packet pointers without notification
 * (Click's elements/standard/simplequeue.cc). Same storage and rules as Queue (queue.c): a
 * push into a full queue is a drop, sent to output 1 when it exists, else freed and counted
 * with reason "queue full"; the first drop prints "NAME :: SimpleQueue: overflow". Handlers:
 * length, highwater_length, capacity (read/write: keeps the oldest packets that fit), drops,
 * reset_counts, reset. */
#include "queue.c"
