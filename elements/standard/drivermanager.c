/* DriverManager(INSTRUCTIONS...): the driver script (Click's Script TYPE DRIVER): it sees every request to stop the router, e.g. wait_stop waits for one, and stops the router when its instructions end.
 * The element's body is shared with Script (standard/ckscript.h). */
#undef CK_SCRIPT_DRIVER
#define CK_SCRIPT_DRIVER 1
#include "standard/ckscript.h"
