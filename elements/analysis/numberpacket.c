/* NumberPacket([OFFSET, NET_ORDER]): FastClick's elements/analysis/numberpacket.cc.  Each
 * packet gets the next value of a 64-bit counter (from 0) at byte OFFSET of its data, in host
 * byte order or, with NET_ORDER, in network byte order.  A packet shorter than OFFSET + 8 bytes
 * grows at its end first (the new bytes are zero, FastClick leaves them unset) and, as in
 * FastClick, the IP length field of its IP header (when the packet has an IP header
 * annotation) becomes OFFSET + 8.  A packet that cannot grow is dropped ("out of memory").
 * `count` is the number of packets numbered.
 *
 * Concurrency (docs/concurrency.md): executed by several threads (ELEMENT_NTHREADS > 1) the
 * counter is taken with an atomic fetch-and-add, as FastClick's atomic_uint64_t. */
static uint64_t ELEM(count);
/* NET_ORDER, for a RecordTimestamp whose COUNTER names this element (analysis/cktimestamps.h,
 * CK_NP_NET_ORDER_OF). */
static CK_UNUSED int ELEM(np_net_order);

static int ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(np_net_order) = CONF(NET_ORDER) ? 1 : 0;
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    uint32_t offset = (uint32_t)CONF(OFFSET);
    uint32_t old = p->len;
    if ((uint64_t)offset + 8 > old) {
        p = ck_packet_put(p, offset + 8 - old);
        if (!p)
            return NULL;
        memset(p->data + old, 0, p->len - old);
        unsigned char *ip = ck_network_header(p);
        if (ip && ip >= p->data && ip + 4 <= p->data + p->len) {
            ip[2] = (unsigned char)((offset + 8) >> 8);
            ip[3] = (unsigned char)(offset + 8);
        }
    } else if (!(p = ck_packet_uniqueify(p)))
        return NULL;
#if ELEMENT_NTHREADS > 1
    uint64_t n = __atomic_fetch_add(&ELEM(count), 1, __ATOMIC_RELAXED);
#else
    uint64_t n = ELEM(count)++;
#endif
    if (CONF(NET_ORDER)) {
        for (int i = 0; i < 8; i++)
            p->data[offset + (uint32_t)i] = (unsigned char)(n >> (56 - 8 * i));
    } else
        memcpy(p->data + offset, &n, 8);
    return p;
}
#include "simple_action.h"

static CK_UNUSED int ELEM(read_count)(ck_buf *out)
{
    ck_buf_printf(out, "%llu",
                  (unsigned long long)__atomic_load_n(&ELEM(count), __ATOMIC_RELAXED));
    return 0;
}
