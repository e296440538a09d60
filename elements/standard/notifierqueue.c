/* NotifierQueue([CAPACITY]): Click's elements/standard/notifierqueue.cc, a SimpleQueue that is
 * an empty notifier (it wakes the tasks sleeping on it when a push makes it non-empty).
 * Queue's storage, rings, handlers and overflow rule (queue.c: a push into a full queue is a
 * drop, sent to output 1 when it exists, else counted "queue full"; the first prints
 * "NAME :: NotifierQueue: overflow").  Queue adds a full notifier, which clickc's runtime does
 * not need: the two behave alike. */
#include "queue.c"
