/* Test harness for tests/nat/test_cksum.py: the flow-table arithmetic of
 * elements/tcpudp/rewriter_flow.h (rw_flow_init's checksum deltas, rw_update_csum) applied to
 * a raw IPv4 TCP/UDP packet the way the rewriters' apply functions do (rewriter_push.h):
 * addresses and ports replaced by the flow's other entry, IP and transport checksums updated
 * incrementally, a zero UDP checksum left alone. */
#include "clickc.h"
#include "tcpudp/rewriter_flow.h"

/* Map `pkt` (IPv4 header of 20 bytes, then TCP or UDP) to the new source address and port
 * (network order in memory), as direction 0 of a new flow; then, when `reply` is set, treat
 * `reply_pkt` (a packet of the reply flow) with direction 1 of the same flow. */
int nat_rewrite(unsigned char *pkt, int len, uint32_t nsaddr, uint16_t nsport,
                unsigned char *reply_pkt, int reply)
{
    rw_input in;
    memset(&in, 0, sizeof in);
    in.foutput = 0;
    in.routput = 1;
    rw_flowid id = rw_make_flowid(ck_raw32(pkt + 12), ck_raw16(pkt + 20), ck_raw32(pkt + 16),
                                  ck_raw16(pkt + 22));
    rw_flowid nid = id;
    nid.saddr = nsaddr;
    nid.sport = nsport;
    rw_flow f;
    rw_flow_init(&f, &in, &id, &nid, pkt[9], 0, 0);
    for (int dir = 0; dir <= reply; dir++) {
        unsigned char *p = dir ? reply_pkt : pkt;
        const rw_flowid *rev = &f.e[!dir].id;
        memcpy(p + 12, &rev->daddr, 4);
        memcpy(p + 16, &rev->saddr, 4);
        rw_update_csum(p + 10, dir, f.ip_csum_delta);
        memcpy(p + 20, &rev->dport, 2);
        memcpy(p + 22, &rev->sport, 2);
        if (p[9] == CKIP_PROTO_TCP && len >= 20 + 18)
            rw_update_csum(p + 36, dir, f.udp_csum_delta);
        else if (p[9] == CKIP_PROTO_UDP && ck_raw16(p + 26))
            rw_update_csum(p + 26, dir, f.udp_csum_delta);
    }
    return 0;
}
