/* The shape of CopyFlowID and CopyTCPSeq (Click's elements/local/copyflowid.cc, copytcpseq.cc
 * share it), included first by their templates (per instance: no include guard on purpose).
 * Input 0 is watched and passed to output 0: the template's ELEM(monitor) notes the value
 * (ELEM(start) says whether it has one).  Input 1 gets the watched value written in and leaves
 * on output 1: a packet the template's ELEM(fits) refuses is dropped (reason "no TCP
 * header"), else the template's ELEM(store) writes into the packet made writable.  Push or
 * pull on either pair; init and the `reset` write handler forget the watched value. */
static int ELEM(start);
static void ELEM(monitor)(ck_packet *p);
static int ELEM(fits)(const ck_packet *p);
static void ELEM(store)(ck_packet *p);

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(start) = 0;
    return 0;
}

static ck_packet *ELEM(set)(ck_packet *p)
{
    if (!ELEM(fits)(p)) {
        ck_drop(p, ELEMENT_INDEX, "no TCP header");
        return NULL;
    }
    p = ck_packet_uniqueify(p);
    if (p)
        ELEM(store)(p);
    return p;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    if (port == 0) {
        ELEM(monitor)(p);
        OUTPUT(0, p);
    } else if ((p = ELEM(set)(p)) != NULL)
        OUTPUT(1, p);
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    ck_packet *p = INPUT_PULL(port);
    if (!p)
        return NULL;
    if (port == 0) {
        ELEM(monitor)(p);
        return p;
    }
    return ELEM(set)(p);
}

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(start) = 0;
    return 0;
}
