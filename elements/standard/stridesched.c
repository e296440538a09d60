/* StrideSched(TICKETS0, ..., TICKETSn-1): stride scheduling over the inputs (Click's
 * elements/standard/stridesched.cc, after Waldspurger and Weihl, "Stride Scheduling", MIT
 * TM-528, 1995). Each input with tickets has stride = 2^16 / tickets and a pass, initially
 * its stride; the inputs are kept in a list ordered by pass (ties: the lower input first,
 * passes compared modulo 2^32). A pull walks the list from the front, asking each input for a
 * packet and advancing its pass by its stride, until one gives a packet; the inputs it walked
 * over are then put back in pass order. Inputs with 0 tickets are never asked. The tickets
 * come from the custom parser as ELEM(conf_tickets) (clickc.elements.parsers:tickets).
 * Handler `config` reads "T0, T1, ...". */
typedef struct ELEM(client) {
    struct ELEM(client) *next;
    unsigned pass, stride;
    int tickets;
} ELEM(client);

static ELEM(client) ELEM(all)[NINPUTS > 0 ? NINPUTS : 1];
static ELEM(client) *ELEM(list);

/* Insert c into the list before the first client whose pass is not smaller than c's. */
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
    for (int i = 0; i < NINPUTS; i++) {
        int t = i < ELEM(conf_ntickets) ? ELEM(conf_tickets)[i] : 0;
        ELEM(all)[i].tickets = t;
        ELEM(all)[i].stride = t ? (1u << 16) / (unsigned)t : 0;
        ELEM(all)[i].pass = ELEM(all)[i].stride;
    }
    for (int i = NINPUTS - 1; i >= 0; i--)
        if (ELEM(all)[i].tickets)
            ELEM(insert)(&ELEM(all)[i]);
    return 0;
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    ELEM(client) *stridden = ELEM(list), *c;
    ck_packet *p = NULL;
    for (c = ELEM(list); c && !p; c = c->next) {
        p = INPUT_PULL((int)(c - ELEM(all)));
        c->pass += c->stride;
    }
    ELEM(list) = c;
    while (stridden != c) {
        ELEM(client) *nx = stridden->next;
        ELEM(insert)(stridden);
        stridden = nx;
    }
    return p;
}

static CK_UNUSED int ELEM(read_config)(ck_buf *out)
{
    for (int i = 0; i < NINPUTS; i++)
        ck_buf_printf(out, "%s%d", i ? ", " : "", ELEM(all)[i].tickets);
    return 0;
}
