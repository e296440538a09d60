/* ThreadSafeQueue([CAPACITY]): a Queue that several threads may push into and pull from
 * (Click's elements/standard/threadsafequeue.cc). clickc instantiates queue.c: the compiler
 * knows which threads push and pull (QUEUE_RING), so a ThreadSafeQueue used by one thread is the
 * plain array, and one between threads is the lock-free ring the placement calls for (SPSC,
 * MPSC with compare-and-swap enqueue, or MPMC). Same drops ("queue full", output 1 when it
 * exists, "NAME :: ThreadSafeQueue: overflow" once) and handlers as Queue. */
#include "queue.c"
