/* SimpleRoundRobinSched: Click's elements/simple/simplerrsched.cc, RoundRobinSched without
 * notification (clickc's RoundRobinSched has none either): the same template. */
#include "standard/roundrobinsched.c"
