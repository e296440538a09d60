/* Burster(INTERVAL [, BURST]): Click's elements/standard/burster.cc, a TimedUnqueue whose BURST
 * defaults to 8 (the spec's default); the same template. */
#include "timedunqueue.c"
