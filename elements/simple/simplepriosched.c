/* SimplePrioSched: Click's elements/simple/simplepriosched.cc, PrioSched asking every input in
 * turn without skipping those whose upstream is empty (clickc's PrioSched asks every input too):
 * the same template. */
#include "standard/priosched.c"
