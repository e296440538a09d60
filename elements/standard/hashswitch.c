/* HashSwitch(OFFSET, LENGTH): chooses an output from the sum of LENGTH bytes at OFFSET
 * (Click's elements/standard/hashswitch.cc): with 2, 4 or 8 outputs the output is
 * (sum ^ (sum >> 4)) & (n - 1), otherwise sum % n. A packet shorter than OFFSET + LENGTH
 * goes to output 0. LENGTH 0 is refused at initialization, as Click's configure does. */
static int
ELEM(init)(ck_errh *errh)
{
    if (CONF(LENGTH) == 0)
        return ck_error(errh, "length must be > 0");
    return 0;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    const uint64_t o = (uint64_t)CONF(OFFSET), l = (uint64_t)CONF(LENGTH);
    if ((uint64_t)p->len < o + l) {
        OUTPUT(0, p);
        return;
    }
    int d = 0;
    for (uint64_t i = o; i < o + l; i++)
        d += p->data[i];
    const int n = NOUTPUTS;
    if (n == 2 || n == 4 || n == 8)
        OUTPUT((d ^ (d >> 4)) & (n - 1), p);
    else
        OUTPUT(d % n, p);
}
