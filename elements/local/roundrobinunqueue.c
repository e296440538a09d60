/* RoundRobinUnqueue([BURST]) (Click's elements/local/rrunqueue.cc): a task that, each run,
 * pulls from one input, the next in turn, up to BURST packets (0: until the input has none; a
 * negative BURST: one), and pushes each to the output of the same number, then moves on to
 * the next input whether or not it found packets.  Its inputs and outputs must be as many
 * (Click's initialize error).  Handler packets: "N packets", the packets moved. */
static int ELEM(next);
static uint32_t ELEM(packets);

static int
ELEM(init)(ck_errh *errh)
{
    if (NOUTPUTS != NINPUTS)
        return ck_error(errh, "number of outputs must equal to number of inputs");
    return 0;
}

static CK_UNUSED int ELEM(run_task)(void)
{
    if (NINPUTS == 0)
        return 0;
    const int32_t burst = (int32_t)CONF(BURST);
    int tries = 0, moved = 0;
    ck_packet *next = INPUT_PULL(ELEM(next));
    while (next) {
        ck_packet *p = next;
        tries++;
        next = tries < burst || burst == 0 ? INPUT_PULL(ELEM(next)) : NULL;
        OUTPUT(ELEM(next), p);
        ELEM(packets)++;
        moved++;
    }
    ELEM(next) = ELEM(next) == NOUTPUTS - 1 ? 0 : ELEM(next) + 1;
    return moved;
}

static CK_UNUSED int ELEM(read_packets)(ck_buf *out)
{
    ck_buf_printf(out, "%u packets\n", (unsigned)ELEM(packets));
    return 0;
}
