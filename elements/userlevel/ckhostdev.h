/* The tap devices FromHost elements opened, by device name, so that a ToHost with the same
 * DEVNAME writes into the same descriptor (Click's ToHost::initialize looks the FromHost up
 * among the router's elements).  Shared by every FromHost and ToHost instance of a router;
 * the include guard makes the table appear once.  FromHost registers during its
 * initialization, ToHost (configure phase 101) looks it up during its own, later. */
#ifndef CK_HOSTDEV_H
#define CK_HOSTDEV_H

#include <string.h>

#define CK_HOSTDEV_MAX 64
static struct {
    char name[32];
    int fd;
} ck_hostdevs[CK_HOSTDEV_MAX];
static int ck_nhostdevs;

static CK_UNUSED void ck_hostdev_register(const char *name, int fd)
{
    if (ck_nhostdevs < CK_HOSTDEV_MAX) {
        snprintf(ck_hostdevs[ck_nhostdevs].name, sizeof ck_hostdevs[0].name, "%s", name);
        ck_hostdevs[ck_nhostdevs++].fd = fd;
    }
}

static CK_UNUSED void ck_hostdev_unregister(int fd)
{
    for (int i = 0; i < ck_nhostdevs; i++)
        if (ck_hostdevs[i].fd == fd)
            ck_hostdevs[i].fd = -1;
}

/* the descriptor of the FromHost on device name, or -1 */
static CK_UNUSED int ck_hostdev_find(const char *name)
{
    for (int i = 0; i < ck_nhostdevs; i++)
        if (ck_hostdevs[i].fd > 0 && strcmp(ck_hostdevs[i].name, name) == 0)
            return ck_hostdevs[i].fd;
    return -1;
}

#endif /* CK_HOSTDEV_H */
