/* SimplePullSwitch([INPUT]): Click's elements/simple/simplepullswitch.cc, PullSwitch without
 * its empty notifier: the same template, whose notifier part is compiled only for a PullSwitch
 * with listeners. */
#include "standard/pullswitch.c"
