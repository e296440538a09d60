/* SpinlockInfo(NAME, ...): names spinlocks (Click's elements/threads/spinlockinfo.cc).  The
 * locks are made in the router's table (threads/ckspinlock.h) by name when their users
 * initialize; checking the names is done at compile time (clickc.elements.threads.spinlocks).
 * Nothing is left to do at run time. */
