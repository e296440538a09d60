/* MSQueue([CAPACITY]): Click's elements/standard/msqueue.cc is a ThreadSafeQueue that warns
 * it is deprecated while configuring (clickc.elements.standard.msqueue).  clickc instantiates
 * queue.c, as for ThreadSafeQueue: the ring the placement calls for when several threads push
 * (MPSC, compare-and-swap enqueue) and the plain array for one thread; Queue's drops and
 * handlers. */
#include "queue.c"
