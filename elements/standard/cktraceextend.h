/* The extend_interval write handler of the trace readers with a time window (FromDump,
 * FromNLANRDump, FromDAGDump; Click's H_EXTEND_INTERVAL): END moves later by the written time;
 * with an END_CALL the element becomes active again and CK_TR_ON_EXTEND (a statement the
 * template defines; undefined here) lets it go on and updates its liveness.  Included once per
 * instance after the template defines ELEM(times) (standard/cktracetimes.h), ELEM(active) and
 * ELEM(end_call). */
static CK_UNUSED int ELEM(write_extend_interval)(const char *value, ck_errh *errh)
{
    int on = ck_trace_times_extend(&ELEM(times), value, ELEM(end_call) != NULL, errh);
    if (on < 0)
        return -1;
    if (on) {
        ELEM(active) = 1;
        CK_TR_ON_EXTEND;
    }
    return 0;
}
#undef CK_TR_ON_EXTEND
