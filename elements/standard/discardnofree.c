/* DiscardNoFree: takes every packet it receives, one per task run in pull context (Click's
 * elements/standard/discardnofree.cc).  Click leaks the packets on purpose (a benchmark of the
 * rest of the path); clickc returns them to the pool, since a leak would exhaust the pool and
 * stop the sources, and the packets are not seen again either way.  They are not counted as
 * drops (discarding is the element's job) and there are no handlers, as in Click. */
static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    ck_packet_kill(p);
}

static CK_UNUSED int ELEM(run_task)(void)
{
    if (INPUT_IS_PUSH(0))
        return 0;
    ck_packet *p = INPUT_PULL(0);
    if (!p)
        return 0;
    ck_packet_kill(p);
    return 1;
}
