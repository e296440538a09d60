/* CheckUDPHeader([VERBOSE, DETAILS]): checks the UDP header of IP packets whose network and
 * transport headers are set (Click's elements/tcpudp/checkudpheader.cc): the packet must be
 * UDP ("not UDP"); the UDP length must be at least 8 and the packet must hold the IP header
 * and that many bytes after it ("bad packet length"); a nonzero checksum must be
 * correct over the pseudo-header and the UDP length ("bad UDP checksum").  Bad packets go to
 * output 1, or are dropped (counted under the reason) without one; the first failure, and
 * every one with VERBOSE, prints "UDP header check failed: REASON" (Click names no element
 * here).
 *
 * Where Click would read past the data (a total length below the header length, a UDP header
 * outside the packet) the packet counts as "bad packet length". */
#include "ip/ckip.h"

/* Concurrency (docs/concurrency.md): with ELEMENT_NTHREADS > 1 the drop counters, rare
 * counters, are updated and read with relaxed atomics (standard/ckstat.h); the first-failure
 * message is printed by the thread whose drop was the first. */
#include "standard/ckstat.h"
static uint32_t ELEM(drops);
static uint32_t ELEM(reason_drops)[3];
static const char *const ELEM(reason_texts)[3] = {
    "not UDP", "bad packet length", "bad UDP checksum"
};

static ck_packet *ELEM(drop)(int reason, ck_packet *p)
{
    if (CK_STAT_FETCH_ADD(ELEM(drops), 1) == 0 || CONF(VERBOSE))
        ck_chatter("UDP header check failed: %s", ELEM(reason_texts)[reason]);
    CK_STAT_ADD(ELEM(reason_drops)[reason], 1);
    if (NOUTPUTS > 1)
        OUTPUT(1, p);
    else
        ck_drop(p, ELEMENT_INDEX, ELEM(reason_texts)[reason]);
    return NULL;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    long nlen = ck_network_length(p);
    if (nlen <= CKIP_P || ck_network_header(p)[CKIP_P] != CKIP_PROTO_UDP)
        return ELEM(drop)(0, p);
    const unsigned char *ip = ck_network_header(p);
    uint32_t iph_len = (uint32_t)(ip[0] & 0xF) << 2;
    if (nlen < CKIP_HDR || (long)iph_len > nlen)
        return ELEM(drop)(1, p);
    long tlen = ck_transport_length(p);
    if (tlen < 8)
        return ELEM(drop)(1, p);
    const unsigned char *udp = ck_transport_header(p);
    uint32_t len = ck_get16(udp + 4);
    /* Click: length >= UDP length + IP header length + network header offset */
    if (len < 8 || (long)(len + iph_len) > nlen || (long)len > tlen)
        return ELEM(drop)(1, p);
    if (ck_raw16(udp + 6) != 0) {
        uint16_t csum = ck_in_cksum(udp, len);
        if (ck_in_cksum_pseudohdr(csum, ip, (int)len) != 0)
            return ELEM(drop)(2, p);
    }
    return p;
}
#include "simple_action.h"

static CK_UNUSED int ELEM(read_drops)(ck_buf *out)
{
    ck_buf_printf(out, "%u", CK_STAT_LOAD(ELEM(drops)));
    return 0;
}

static CK_UNUSED int ELEM(read_drop_details)(ck_buf *out)
{
    if (!CONF(DETAILS))
        return -ENOENT; /* Click adds the handler only with DETAILS */
    for (int i = 0; i < 3; i++)
        ck_buf_printf(out, "%u\t%s\n", CK_STAT_LOAD(ELEM(reason_drops)[i]), ELEM(reason_texts)[i]);
    return 0;
}
