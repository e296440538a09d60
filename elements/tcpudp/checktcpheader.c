/* CheckTCPHeader([VERBOSE, DETAILS]): checks the TCP header of IP packets whose network and
 * transport headers are set (Click's elements/tcpudp/checktcpheader.cc): the packet must be
 * TCP ("not TCP"); the TCP header length must be at least 20, at most the IP payload length
 * (total length - header length), and the packet must hold the whole IP datagram ("bad
 * packet length"); the checksum over the pseudo-header and the payload must be correct ("bad
 * TCP checksum").  Bad packets go to output 1, or are dropped (counted under the reason)
 * without one; the first failure, and every one with VERBOSE, prints
 * "NAME :: CheckTCPHeader: TCP header check failed: REASON".
 *
 * Where Click would read past the data (a total length below the header length, a TCP header
 * outside the packet) the packet counts as "bad packet length". */
#include "ip/ckip.h"

/* Concurrency (docs/concurrency.md): with ELEMENT_NTHREADS > 1 the drop counters, rare
 * counters, are updated and read with relaxed atomics (standard/ckstat.h); the first-failure
 * message is printed by the thread whose drop was the first. */
#include "standard/ckstat.h"
static uint32_t ELEM(drops);
static uint32_t ELEM(reason_drops)[3];
static const char *const ELEM(reason_texts)[3] = {
    "not TCP", "bad packet length", "bad TCP checksum"
};

static ck_packet *ELEM(drop)(int reason, ck_packet *p)
{
    if (CK_STAT_FETCH_ADD(ELEM(drops), 1) == 0 || CONF(VERBOSE))
        ck_chatter("%s :: CheckTCPHeader: TCP header check failed: %s", ELEMENT_NAME,
                   ELEM(reason_texts)[reason]);
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
    if (nlen <= CKIP_P || ck_network_header(p)[CKIP_P] != CKIP_PROTO_TCP)
        return ELEM(drop)(0, p);
    const unsigned char *ip = ck_network_header(p);
    uint32_t iph_len = (uint32_t)(ip[0] & 0xF) << 2;
    if (nlen < CKIP_HDR || (long)iph_len > nlen)
        return ELEM(drop)(1, p);
    uint32_t ip_len = ck_get16(ip + CKIP_LEN);
    if (ip_len < iph_len)
        return ELEM(drop)(1, p);
    uint32_t len = ip_len - iph_len;
    /* the datagram must be in the packet: length >= len + iph_len + network header offset */
    if ((long)ip_len > nlen || len < 20)
        return ELEM(drop)(1, p);
    long tlen = ck_transport_length(p);
    if (tlen < (long)len)
        return ELEM(drop)(1, p);
    const unsigned char *tcp = ck_transport_header(p);
    uint32_t tcph_len = (uint32_t)(tcp[12] >> 4) << 2;
    if (tcph_len < 20 || len < tcph_len)
        return ELEM(drop)(1, p);
    uint16_t csum = ck_in_cksum(tcp, len);
    if (ck_in_cksum_pseudohdr(csum, ip, (int)len) != 0)
        return ELEM(drop)(2, p);
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
