/* SimplePullSwitch([INPUT]): Click's elements/simple/simplepullswitch.cc, PullSwitch without
 * its empty notifier (clickc's PullSwitch has none either): the same template. */
#include "standard/pullswitch.c"
