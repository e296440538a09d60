/* The task and pull of a source that hands on one packet at a time (RatedSource, FromDump,
 * FromIPSummaryDump; per instance).  The template defines ELEM(next)(): the next packet to
 * send, already counted (ck_source_took), or NULL when there is none now.  run_task pushes it
 * on output 0 (in push context only; it returns the number of packets sent), pull returns
 * it. */

static CK_UNUSED int ELEM(run_task)(void)
{
    if (!OUTPUT_IS_PUSH(0))
        return 0;
    ck_packet *p = ELEM(next)();
    if (!p)
        return 0;
    OUTPUT(0, p);
    return 1;
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    return ELEM(next)();
}
