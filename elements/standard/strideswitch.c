/* StrideSwitch(TICKETS0, ..., TICKETSn-1): sends each packet to the output chosen by stride
 * scheduling over the outputs' ticket counts (Click's elements/standard/strideswitch.cc and
 * stridesched.{cc,hh}): stride = 2^16 / tickets; the client with the smallest pass (ties: the
 * lower output) is chosen, then its pass advances by its stride. Outputs with 0 tickets never
 * receive packets; with no tickets at all packets are dropped ("no tickets"). The tickets come
 * from the custom parser as ELEM(conf_tickets) (clickc.elements.parsers:tickets). Handler
 * `config` reads "T0, T1, ...". */
typedef struct ELEM(client) {
    struct ELEM(client) *next;
    unsigned pass, stride;
    int tickets;
} ELEM(client);

static ELEM(client) ELEM(all)[NOUTPUTS > 0 ? NOUTPUTS : 1];
static ELEM(client) *ELEM(list);

static void ELEM(insert)(ELEM(client) *c)
{
    ELEM(client) **pp = &ELEM(list);
    while (*pp && (int)(c->pass - (*pp)->pass) > 0)
        pp = &(*pp)->next;
    c->next = *pp;
    *pp = c;
}

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(list) = NULL;
    for (int i = 0; i < NOUTPUTS; i++) {
        int t = i < ELEM(conf_ntickets) ? ELEM(conf_tickets)[i] : 0;
        ELEM(all)[i].tickets = t;
        ELEM(all)[i].stride = t ? (1u << 16) / (unsigned)t : 0;
        ELEM(all)[i].pass = ELEM(all)[i].stride;
    }
    for (int i = NOUTPUTS - 1; i >= 0; i--)
        if (ELEM(all)[i].tickets)
            ELEM(insert)(&ELEM(all)[i]);
    return 0;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    ELEM(client) *c = ELEM(list);
    if (!c) {
        ck_drop(p, ELEMENT_INDEX, "no tickets");
        return;
    }
    ELEM(list) = c->next;
    c->pass += c->stride;
    ELEM(insert)(c);
    OUTPUT((int)(c - ELEM(all)), p);
}

static CK_UNUSED int ELEM(read_config)(ck_buf *out)
{
    for (int i = 0; i < NOUTPUTS; i++)
        ck_buf_printf(out, "%s%d", i ? ", " : "", ELEM(all)[i].tickets);
    return 0;
}
