/* LinuxIPLookup(DEV0, DEV1, ...): Click's elements/ip/lookupiproutelinux.cc at user level.
 * init reads /proc/net/route (the main routing table of the router's network namespace) once:
 * each line "Iface Destination Gateway Flags RefCnt Use Metric Mask ..." (addresses in
 * hexadecimal, the kernel's network-order words) whose interface is argument I becomes a
 * route to output I; a line for another interface is left out with "LinuxIPLookup: no output
 * for dev NAME".  Lookup is Click's IPTable: among the routes whose prefix holds the
 * destination annotation, the last one whose mask is at least as specific as the best so far.
 * A routed packet prints "routed DST to GW I" (the addresses' network-order words in
 * hexadecimal, as Click prints them), takes GW as its destination annotation when GW is not 0
 * and leaves on output I; any other prints "LinuxIPLookup: no gw for DST" and leaves on the
 * output after the interfaces, or is a counted drop ("no route") when there is none (Click
 * frees it silently).  The per-instance table ELEM(dev) of the names comes from the spec. */
#include <errno.h>
#include <stdio.h>

typedef struct {
    uint32_t dst, mask, gw;
    int port;
} ELEM(route);

static ELEM(route) *ELEM(routes);
static size_t ELEM(nroutes);

static int ELEM(init)(ck_errh *errh)
{
    FILE *f = fopen("/proc/net/route", "r");
    if (!f)
        return ck_error(errh, "cannot open /proc/net/route");
    char line[512], dev[512];
    size_t cap = 0;
    while (fgets(line, sizeof line, f)) {
        unsigned dst, gw, mask;
        if (sscanf(line, "%511s%x%x%*s%*s%*s%*s%x", dev, &dst, &gw, &mask) != 4)
            continue;
        int port = -1;
        for (int i = 0; i < ELEM(dev_n) && port < 0; i++)
            if (strcmp(dev, (const char *)ELEM(dev)[i].name) == 0)
                port = i;
        if (port < 0) {
            ck_chatter("LinuxIPLookup: no output for dev %s", dev);
            continue;
        }
        if (ELEM(nroutes) == cap) {
            cap = cap ? 2 * cap : 16;
            ELEM(route) *r = realloc(ELEM(routes), cap * sizeof *r);
            if (!r) {
                fclose(f);
                return ck_error(errh, "out of memory");
            }
            ELEM(routes) = r;
        }
        ELEM(routes)[ELEM(nroutes)++] = (ELEM(route)){dst & mask, mask, gw, port};
    }
    fclose(f);
    return 0;
}

static void ELEM(cleanup)(void)
{
    free(ELEM(routes));
    ELEM(routes) = NULL;
    ELEM(nroutes) = 0;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    uint32_t a = ck_anno_u32(p, DST_IP_ANNO_OFFSET);
    const ELEM(route) *best = NULL;
    for (size_t i = 0; i < ELEM(nroutes); i++) {
        const ELEM(route) *r = &ELEM(routes)[i];
        if ((a & r->mask) == r->dst && (!best || (r->mask & best->mask) == best->mask))
            best = r;
    }
    if (best) {
        ck_chatter("routed %x to %x %d", a, best->gw, best->port);
        if (best->gw)
            ck_set_anno_u32(p, DST_IP_ANNO_OFFSET, best->gw);
        OUTPUT(best->port, p);
        return;
    }
    ck_chatter("LinuxIPLookup: no gw for %x", a);
    if (NOUTPUTS > ELEM(dev_n))
        OUTPUT(ELEM(dev_n), p);
    else
        ck_drop(p, ELEMENT_INDEX, "no route");
}
