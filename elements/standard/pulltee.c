/* PullTee([N]): a pull on output 0 pulls a packet from the input, pushes a clone of it to
 * every other output (push) and returns it (Click's elements/standard/tee.cc, PullTee::pull).
 * A clone that cannot be allocated is counted as a drop. */
static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    ck_packet *p = INPUT_PULL(0);
    if (p)
        for (int i = 1; i < NOUTPUTS; i++) {
            ck_packet *q = ck_packet_clone(p);
            if (q)
                OUTPUT(i, q);
            else
                ck_count_drop(ELEMENT_INDEX, "out of memory");
        }
    return p;
}
