/* SetRandIPAddress(PREFIX [, LIMIT]): sets each packet's DST_IP annotation to a random address
 * in PREFIX: the prefix bits of PREFIX, the other bits of click_random() (Click's
 * elements/ip/setrandipaddress.cc).  With LIMIT > 0 (LIMIT >= 0 in Click) LIMIT addresses are
 * drawn at initialization and each packet gets one of them, chosen by click_random(0,
 * LIMIT - 1); with LIMIT 0 or negative every packet draws an address.  The draws are the C
 * library's random(), as Click's, so RandomSeed makes them Click's (standard/ckrandom.h). */
#include "standard/ckrandom.h"

static uint32_t *ELEM(addrs); /* network byte order */
static int32_t ELEM(max);

static uint32_t ELEM(pick)(void)
{
    uint32_t ip = (uint32_t)CONF(PREFIX).addr, mask = (uint32_t)CONF(PREFIX).mask;
    /* Click mixes a host-order random number with network-order address and mask */
    return (ck_click_random() & ~mask) | (ip & mask);
}

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(max) = (int32_t)CONF(LIMIT);
    if (ELEM(max) > 0) {
        ELEM(addrs) = malloc((size_t)ELEM(max) * sizeof *ELEM(addrs));
        if (!ELEM(addrs))
            return ck_error(errh, "out of memory");
        for (int32_t i = 0; i < ELEM(max); i++)
            ELEM(addrs)[i] = ELEM(pick)();
    }
    return 0;
}

static void
ELEM(cleanup)(void)
{
    free(ELEM(addrs));
    ELEM(addrs) = NULL;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    uint32_t a = ELEM(addrs) ? ELEM(addrs)[ck_click_random_range(0, (uint32_t)ELEM(max) - 1)]
                             : ELEM(pick)();
    memcpy(p->anno + DST_IP_ANNO_OFFSET, &a, 4);
    return p;
}
#include "simple_action.h"
