/* Included inside a trace reader's ELEM(init)(ck_errh *errh) (standard/cktracetimes.h): sets
 * ELEM(times) from the START, START_AFTER, END, END_AFTER and INTERVAL arguments, returning -1
 * from init after Click's "mutually exclusive" errors. */
{
    int64_t ck_tt_v[5] = {0, 0, 0, 0, 0};
#if CONF_GIVEN(START)
    ck_tt_v[0] = (int64_t)CONF(START);
#endif
#if CONF_GIVEN(START_AFTER)
    ck_tt_v[1] = (int64_t)CONF(START_AFTER);
#endif
#if CONF_GIVEN(END)
    ck_tt_v[2] = (int64_t)CONF(END);
#endif
#if CONF_GIVEN(END_AFTER)
    ck_tt_v[3] = (int64_t)CONF(END_AFTER);
#endif
#if CONF_GIVEN(INTERVAL)
    ck_tt_v[4] = (int64_t)CONF(INTERVAL);
#endif
    if (ck_trace_times_init(&ELEM(times), CONF_GIVEN(START), ck_tt_v[0], CONF_GIVEN(START_AFTER),
                            ck_tt_v[1], CONF_GIVEN(END), ck_tt_v[2], CONF_GIVEN(END_AFTER),
                            ck_tt_v[3], CONF_GIVEN(INTERVAL), ck_tt_v[4], errh) < 0)
        return -1;
}
