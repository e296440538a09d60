/* The `stop` write handler of the trace readers (FromTcpdump, FromIPSummaryDump,
 * FromNLANRDump; Click's H_STOP): the element becomes inactive and the router stops.  Included
 * once per instance after the template defines ELEM(active) and ELEM(update_live)(). */
static CK_UNUSED int ELEM(write_stop)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(active) = 0;
    ELEM(update_live)();
    ck_router_stop();
    return 0;
}
