/* Stride scheduling clients shared by StrideSched (over inputs) and StrideSwitch (over
 * outputs): Click's elements/standard/stridesched.{cc,hh}, after Waldspurger and Weihl,
 * "Stride Scheduling", MIT TM-528, 1995.
 *
 * The including template defines CKSTRIDE_NCLIENTS (NINPUTS or NOUTPUTS) first; the tickets
 * come from the custom parser as ELEM(conf_tickets) / ELEM(conf_ntickets)
 * (clickc.elements.parsers:tickets).  Each client with tickets has stride = 2^16 / tickets and
 * a pass, initially its stride; ELEM(list) keeps the clients with tickets ordered by pass
 * (ties: the lower port first, passes compared modulo 2^32).  Clients with 0 tickets are never
 * on the list.  Gives ELEM(client), ELEM(all), ELEM(list), ELEM(insert), ELEM(init) and the
 * `config` handler ("T0, T1, ...").  Included once per instance: no include guard on purpose. */
typedef struct ELEM(client) {
    struct ELEM(client) *next;
    unsigned pass, stride;
    int tickets;
} ELEM(client);

static ELEM(client) ELEM(all)[CKSTRIDE_NCLIENTS > 0 ? CKSTRIDE_NCLIENTS : 1];
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
    for (int i = 0; i < CKSTRIDE_NCLIENTS; i++) {
        int t = i < ELEM(conf_ntickets) ? ELEM(conf_tickets)[i] : 0;
        ELEM(all)[i].tickets = t;
        ELEM(all)[i].stride = t ? (1u << 16) / (unsigned)t : 0;
        ELEM(all)[i].pass = ELEM(all)[i].stride;
    }
    for (int i = CKSTRIDE_NCLIENTS - 1; i >= 0; i--)
        if (ELEM(all)[i].tickets)
            ELEM(insert)(&ELEM(all)[i]);
    return 0;
}

static CK_UNUSED int ELEM(read_config)(ck_buf *out)
{
    for (int i = 0; i < CKSTRIDE_NCLIENTS; i++)
        ck_buf_printf(out, "%s%d", i ? ", " : "", ELEM(all)[i].tickets);
    return 0;
}
#undef CKSTRIDE_NCLIENTS
