/* The cleanup and the extend_interval handler of the cell trace readers (FromNLANRDump,
 * FromDAGDump).  Included once per instance after the template defines FILE *ELEM(f),
 * ELEM(piped), ck_packet *ELEM(held) (a packet read ahead or held for TIMING), ELEM(live),
 * ELEM(active), ELEM(update_live)(), ELEM(times) and ELEM(end_call) (standard/cktraceend.h),
 * and CK_TR_ON_EXTEND, the statement that lets the reader go on when extend_interval reopens
 * the time window (this file undefines it). */
static void ELEM(cleanup)(void)
{
    ck_fromfile_close(&ELEM(f), &ELEM(piped));
    if (ELEM(held))
        ck_packet_kill(ELEM(held));
    ELEM(held) = NULL;
    free(ELEM(end_call));
    ELEM(end_call) = NULL;
    ck_source_set_live(0, &ELEM(live));
}

/* Click's extend_interval: END moves later; with an END_CALL the element becomes active. */
static CK_UNUSED int ELEM(write_extend_interval)(const char *value, ck_errh *errh)
{
    int on = ck_trace_times_extend(&ELEM(times), value, ELEM(end_call) != NULL, errh);
    if (on < 0)
        return -1;
    if (on) {
        ELEM(active) = 1;
        CK_TR_ON_EXTEND;
        ELEM(update_live)();
    }
    return 0;
}
#undef CK_TR_ON_EXTEND
