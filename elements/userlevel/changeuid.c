/* ChangeUID(): sets the process's effective group and user IDs to its real ones when the
 * router initializes (Click's elements/userlevel/changeuid.cc), so that a set-uid-root router
 * gives up root.  Its initialization phase (91) follows the device elements' and precedes
 * the rest: a FromDump initialized after it opens its file with the real user's rights.
 * Failure is an initialization error, "could not drop privilege: REASON". */
#include <errno.h>
#include <unistd.h>

static int
ELEM(init)(ck_errh *errh)
{
    if (setgid(getgid()) != 0 || setuid(getuid()) != 0)
        return ck_error(errh, "could not drop privilege: %s", strerror(errno));
    return 0;
}
