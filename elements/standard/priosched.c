/* PrioSched: a strict priority scheduler (Click's elements/standard/priosched.cc). Each pull
 * asks input 0, then input 1, ..., and returns the first packet one of them gives: a packet
 * from input i leaves only when every input before it had nothing. Click skips inputs whose
 * upstream "empty" notifier signal is off; such an input's pull would return nothing, so
 * asking it directly gives the same packets. */
static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    for (int i = 0; i < NINPUTS; i++) {
        ck_packet *p = INPUT_PULL(i);
        if (p)
            return p;
    }
    return NULL;
}
