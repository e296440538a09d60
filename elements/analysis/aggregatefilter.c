/* AggregateFilter(ACTION AGGREGATES, ...): each packet leaves on the output its AGGREGATE
 * annotation is filtered to, else on the default output ("all" or "-"), and is dropped
 * ("filtered") when that output does not exist (drop, deny, no match) (Click's
 * elements/analysis/aggregatefilter.cc).  The filters are resolved at compile time
 * (clickc.elements.analysis.aggregatefilter) into ELEM(ranges): disjoint sorted ranges of
 * aggregates with their output, searched by bisection. */
static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    uint32_t agg = ck_anno_u32(p, AGGREGATE_ANNO_OFFSET);
    int out = ELEM(default_port);
    int lo = 0, hi = ELEM(nranges) - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (agg < ELEM(ranges)[mid].lo)
            hi = mid - 1;
        else if (agg > ELEM(ranges)[mid].hi)
            lo = mid + 1;
        else {
            out = ELEM(ranges)[mid].port;
            break;
        }
    }
    if (out >= 0 && out < NOUTPUTS)
        OUTPUT(out, p);
    else
        ck_drop(p, ELEMENT_INDEX, "filtered");
}
