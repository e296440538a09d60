/* QuickNoteQueue([CAPACITY]): Click's elements/standard/quicknotequeue.cc, a FullNoteQueue
 * (Queue) whose pull path tests its empty notifier more cheaply; the packets it stores, drops
 * and hands out are Queue's.  Queue's storage, rings, handlers and overflow rule (queue.c);
 * the first overflow prints "NAME :: QuickNoteQueue: overflow". */
#include "queue.c"
