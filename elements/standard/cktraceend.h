/* The END_CALL of the trace readers with a time window (FromNLANRDump, FromDAGDump; Click's
 * _end_h): ELEM(end_call) is the handler call made at the end of the trace or of the window,
 * END_CALL when given, else "NAME.stop" with STOP, "NAME.active false" with an END, or none.
 * ELEM(init_end_call)() sets it (from init, after ELEM(times) is set); ELEM(call_end)() makes
 * the call; the template frees ELEM(end_call) in cleanup.  Included once per instance after
 * the template declares ck_trace_times ELEM(times) (standard/cktracetimes.h). */
static char *ELEM(end_call);

static void ELEM(call_end)(void)
{
    if (ELEM(end_call)) {
        ck_errh errh;
        ck_errh_init(&errh, ELEMENT_LANDMARK, NULL);
        (void)ck_call_write_text(ELEM(end_call), &errh);
    }
}

static void ELEM(init_end_call)(void)
{
#if CONF_GIVEN(END_CALL)
    ELEM(end_call) = ck_strdup(CONF(END_CALL));
#else
    if (CONF(STOP) || ELEM(times).have_last) {
        char call[300];
        snprintf(call, sizeof call, CONF(STOP) ? "%s.stop" : "%s.active false", ELEMENT_NAME);
        ELEM(end_call) = ck_strdup(call);
    }
#endif
}
