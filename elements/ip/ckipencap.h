/* The IP ID counter of the encapsulating elements IPEncap, IPsecEncap and UDPIPEncap (per
 * instance): IDs count from 0 per element, as Click's.  Concurrency (docs/concurrency.md):
 * with ELEMENT_NTHREADS > 1 the counter is taken with one atomic fetch-and-add (Click keeps it
 * in an atomic_uint32_t), so threads never hand out the same ID twice in a row. */
#include "standard/ckstat.h"

static uint16_t ELEM(id);

/* The new IP header at ip, the start of p's data: total length p's length, ID the next one. */
static inline void ELEM(set_len_id)(unsigned char *ip, const ck_packet *p)
{
    ck_put16(ip + CKIP_LEN, (uint16_t)p->len);
    ck_put16(ip + CKIP_ID, (uint16_t)CK_STAT_FETCH_ADD(ELEM(id), 1));
}
