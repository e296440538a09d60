/* RoundRobinSched: a round-robin scheduler (Click's elements/standard/rrsched.cc). A pull
 * asks the inputs in turn, starting at `next`, and returns the first packet found; the next
 * pull then starts at the input after the one that gave it (inputs that had nothing are
 * passed over, and `next` moves only when a packet was found). */
static int ELEM(next);

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    int i = ELEM(next);
    for (int j = 0; j < NINPUTS; j++) {
        ck_packet *p = INPUT_PULL(i);
        if (++i >= NINPUTS)
            i = 0;
        if (p) {
            ELEM(next) = i;
            return p;
        }
    }
    return NULL;
}
