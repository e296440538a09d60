/* ARPFaker(DSTIP, DSTETH, SRCIP, SRCETH): a runtime timer pushes, 1 second after the start and
 * then every 10 seconds, ARPResponder's reply (ethernet/ckether.h ck_arp_make_reply) to DSTETH
 * and DSTIP saying that SRCIP is at SRCETH (Click's elements/ethernet/arpfaker.cc).  The timer
 * stays pending, so the router runs until it is stopped, as Click's. */
#include "ethernet/ckether.h"

static ck_timer ELEM(timer);

static void ELEM(fire)(void *arg)
{
    (void)arg;
    uint32_t dip = (uint32_t)CONF(DSTIP), sip = (uint32_t)CONF(SRCIP);
    ck_packet *p = ck_arp_make_reply((const unsigned char *)CONF(DSTETH),
                                     (const unsigned char *)&dip,
                                     (const unsigned char *)CONF(SRCETH),
                                     (const unsigned char *)&sip);
    if (p)
        OUTPUT(0, p);
    ck_timer_schedule_after(&ELEM(timer), (int64_t)10 * 1000000000);
}

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ck_timer_init(&ELEM(timer), ELEM(fire), NULL);
    ck_timer_schedule_after(&ELEM(timer), (int64_t)1000000000);
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_timer_unschedule(&ELEM(timer));
}
