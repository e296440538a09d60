/* RoundRobinSwitch: sends each packet to the next output in turn, starting with output 0
 * (Click's elements/standard/rrswitch.cc). */
static int ELEM(next);

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    int i = ELEM(next);
    if (++ELEM(next) >= NOUTPUTS)
        ELEM(next) = 0;
    OUTPUT(i, p);
}
