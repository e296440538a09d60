/* StoreTimestamp([OFFSET, TAIL]): copies the timestamp annotation into the packet's data as
 * Click's user-level Timestamp is laid out in memory (Click's
 * elements/analysis/storetimestamp.cc; on 64-bit hosts Click's Timestamp is one 64-bit count
 * of nanoseconds, TIMESTAMP_REP_FLAT64, in host byte order, which is what clickc's annotation
 * holds), at OFFSET or, with TAIL, at the end; the packet grows first when it is shorter than
 * the place plus 8 bytes (the new bytes before the timestamp are zero; Click leaves them
 * uninitialized).  A packet that cannot grow is dropped ("out of memory"). */
static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    uint32_t offset = (int64_t)CONF(OFFSET) < 0 ? p->len : (uint32_t)CONF(OFFSET);
    uint32_t old = p->len;
    if ((uint64_t)offset + 8 > old) {
        p = ck_packet_put(p, offset + 8 - old);
        if (!p)
            return NULL;
        memset(p->data + old, 0, p->len - old);
    } else if (!(p = ck_packet_uniqueify(p)))
        return NULL;
    int64_t ts = p->ts_ns;
    memcpy(p->data + offset, &ts, 8);
    return p;
}
#include "simple_action.h"
