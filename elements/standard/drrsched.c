/* DRRSched([QUANTUM]): deficit round-robin over the inputs (Click's elements/standard/drr.cc,
 * after Shreedhar and Varghese, "Efficient Fair Queueing using Deficit Round Robin",
 * SIGCOMM 1995). Each input has a deficit in bytes and may hold one packet pulled earlier
 * that did not fit. A pull visits at most every input once, starting at the input it stopped
 * at last time: the input's held packet, or else a newly pulled one, leaves when its length
 * fits the deficit (the deficit shrinks by the length). An input with nothing loses its
 * deficit (it becomes 0); a packet that does not fit is held. Moving on to the next input
 * (wrapping around) adds QUANTUM to that input's deficit. Initially every deficit is 0 and the
 * scan starts at input 0, so, as in Click, the first pull adds input 0's first quantum only
 * after a full round. QUANTUM must be positive ("bad QUANTUM"). */
static ck_packet *ELEM(held)[NINPUTS > 0 ? NINPUTS : 1];
static uint32_t ELEM(deficit)[NINPUTS > 0 ? NINPUTS : 1];
static int ELEM(next);

static int
ELEM(init)(ck_errh *errh)
{
    if ((int64_t)CONF(QUANTUM) <= 0 || (int64_t)CONF(QUANTUM) > INT32_MAX)
        return ck_error(errh, "bad QUANTUM");
    for (int i = 0; i < NINPUTS; i++) {
        ELEM(held)[i] = NULL;
        ELEM(deficit)[i] = 0;
    }
    ELEM(next) = 0;
    return 0;
}

static void
ELEM(cleanup)(void)
{
    for (int i = 0; i < NINPUTS; i++)
        if (ELEM(held)[i]) {
            ck_packet_kill(ELEM(held)[i]);
            ELEM(held)[i] = NULL;
        }
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    const uint32_t quantum = (uint32_t)CONF(QUANTUM);
    for (int j = 0; j < NINPUTS; j++) {
        int i = ELEM(next);
        ck_packet *p = ELEM(held)[i];
        if (p)
            ELEM(held)[i] = NULL;
        else
            p = INPUT_PULL(i);
        if (!p)
            ELEM(deficit)[i] = 0;
        else if (p->len <= ELEM(deficit)[i]) {
            ELEM(deficit)[i] -= p->len;
            return p;
        } else
            ELEM(held)[i] = p;
        if (++i >= NINPUTS)
            i = 0;
        ELEM(next) = i;
        ELEM(deficit)[i] += quantum;
    }
    return NULL;
}
