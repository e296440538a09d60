/* Script(INSTRUCTIONS...): runs handler reads, writes, waits and expressions from a timer (Click's elements/standard/script.cc; TYPE ACTIVE, PASSIVE or DRIVER).
 * The element's body is shared with DriverManager (standard/ckscript.h). */
#undef CK_SCRIPT_DRIVER
#define CK_SCRIPT_DRIVER 0
#include "standard/ckscript.h"
