/* The ports of CopyFlowID and CopyTCPSeq (Click's elements/local/copyflowid.cc, copytcpseq.cc
 * share this shape): input 0 is watched and passed to output 0 (ELEM(monitor)), input 1 gets
 * the watched value written in (ELEM(set), which may drop and return NULL) and leaves on output
 * 1; push or pull on either pair; the `reset` write handler forgets the watched value
 * (ELEM(start) = 0).  The including template defines ELEM(monitor), ELEM(set) and ELEM(start)
 * first.  Included once per instance: no include guard on purpose. */
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
