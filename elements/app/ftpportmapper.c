/* FTPPortMapper(CONTROL_REWRITER, DATA_REWRITER, DATA_REWRITER_INPUT): watches FTP control
 * packets for a PORT command (the first thing in the payload, "PORT a,b,c,d,e,f" up to a CR
 * or LF) on a connection CONTROL_REWRITER has mapped.  It makes (or finds) the data
 * connection's mapping in DATA_REWRITER as a packet on DATA_REWRITER_INPUT would (from the
 * announced address and port to the control connection's destination, port one below the
 * control port), writes the mapped address and port into the command, fixes the IP length
 * and checksum, recomputes the TCP checksum, and records the change of payload length as a
 * sequence-number delta of the control flow, which CONTROL_REWRITER then applies to later
 * sequence, acknowledgement and SACK numbers (Click's elements/app/ftpportmapper.cc;
 * docs/nat.md).  Other packets, and PORT commands it cannot parse, pass unchanged.
 *
 * The rewriters' tables come from the per-instance code of elements/app/ftpportmapper.py
 * (ELEM(control), ELEM(data), ELEM(data_input)); the work on them runs under the rewriter
 * table lock (tcpudp/rewriter_lock.h). */
#include "tcpudp/rewriter_lock.h"

/* The PORT command's numbers from payload offset *pos (after "PORT " and spaces): 0 and the
 * six numbers in nums, *pos at the CR or LF ending it; -1 when it is not a complete command
 * of six numbers below 256. */
static int ELEM(parse_port)(const unsigned char *d, uint32_t len, uint32_t *pos,
                            unsigned nums[6])
{
    uint32_t i = *pos;
    int which = 0;
    memset(nums, 0, 6 * sizeof nums[0]);
    for (; i < len && which < 6; i++) {
        if (d[i] >= '0' && d[i] <= '9')
            nums[which] = nums[which] * 10 + (unsigned)(d[i] - '0');
        else if (d[i] == ',')
            which++;
        else
            break;
        if (nums[which < 6 ? which : 5] > 0xFFFFFF)
            return -1; /* far above 255 already; stops overflow */
    }
    if (which != 5 || i >= len || (d[i] != '\r' && d[i] != '\n'))
        return -1;
    for (int k = 0; k < 6; k++)
        if (nums[k] >= 256)
            return -1;
    *pos = i;
    return 0;
}

static int ELEM(is_port)(const unsigned char *d, uint32_t len)
{
    return len >= 5 && (d[0] | 0x20) == 'p' && (d[1] | 0x20) == 'o' && (d[2] | 0x20) == 'r'
           && (d[3] | 0x20) == 't' && d[4] == ' ';
}

/* The packet, rewritten or not; NULL when memory ran out copying or growing it (freed). */
static ck_packet *ELEM(rewrite)(ck_packet *p)
{
    unsigned char *ip = ck_network_header(p);
    long nlen = ck_network_length(p);
    if (!ip || nlen < CKIP_HDR || ip[CKIP_P] != CKIP_PROTO_TCP)
        return p;
    unsigned char *th = ck_transport_header(p);
    if (!th)
        th = ip + ((ip[CKIP_VHL] & 0xF) << 2);
    if (th < p->data || th >= p->data + p->len)
        return p;
    uint32_t th_off = (uint32_t)(th - p->data), data_off = th_off + ((uint32_t)(th[12] >> 4) << 2);
    if (th_off + 20 > p->len || data_off > p->len)
        return p;
    const unsigned char *data = p->data + data_off;
    uint32_t len = p->len - data_off;
    if (!ELEM(is_port)(data, len))
        return p;
    rw_flowid control_flow = rw_make_flowid(ck_raw32(ip + CKIP_SRC), ck_raw16(th),
                                            ck_raw32(ip + CKIP_DST), ck_raw16(th + 2));
    rw_entry *cm = rw_get_entry_reply(ELEM(control), CKIP_PROTO_TCP, &control_flow);
    if (!cm)
        return p;
    uint32_t pos = 5;
    while (pos < len && data[pos] == ' ')
        pos++;
    uint32_t arg_off = pos;
    unsigned n[6];
    if (ELEM(parse_port)(data, len, &pos, n) < 0)
        return p;
    uint32_t addr = (uint32_t)n[0] << 24 | n[1] << 16 | n[2] << 8 | n[3];
    rw_flowid flow = rw_make_flowid(rw_htonl(addr), rw_htons((uint16_t)(n[4] << 8 | n[5])),
                                    ck_raw32(ip + CKIP_DST),
                                    rw_htons((uint16_t)(ck_get16(th + 2) - 1)));
    rw_entry *fwd = rw_get_entry(ELEM(data), CKIP_PROTO_TCP, &flow, ELEM(data_input));
    if (!fwd)
        return p;
    rw_flowid nf = rw_entry_rewritten(fwd);
    uint32_t na = rw_ntohl(nf.saddr);
    unsigned np = rw_ntohs(nf.sport);
    char buf[32];
    uint32_t buflen = (uint32_t)snprintf(buf, sizeof buf, "%u,%u,%u,%u,%u,%u", na >> 24,
                                         (na >> 16) & 255, (na >> 8) & 255, na & 255, np >> 8,
                                         np & 255);
    uint32_t arg_len = pos - arg_off, tail = len - pos;
    p = ck_packet_uniqueify(p);
    if (!p)
        return NULL;
    if (arg_len < buflen) {
        p = ck_packet_put(p, buflen - arg_len);
        if (!p)
            return NULL;
    } else
        ck_packet_take(p, arg_len - buflen);
    unsigned char *d = p->data + data_off;
    memmove(d + arg_off + buflen, d + arg_off + arg_len, tail);
    memcpy(d + arg_off, buf, buflen);

    ip = ck_network_header(p);
    th = p->data + th_off;
    uint16_t old_len = ck_raw16(ip + CKIP_LEN);
    ck_put16(ip + CKIP_LEN, (uint16_t)(p->len - (uint32_t)(ip - p->data)));
    ck_set_raw16(ip + CKIP_SUM,
                 rw_cksum_update(ck_raw16(ip + CKIP_SUM), old_len, ck_raw16(ip + CKIP_LEN)));

    /* making the data mapping may have evicted the control flow (a full table shared by
     * both): look it up again */
    cm = rw_get_entry_reply(ELEM(control), CKIP_PROTO_TCP, &control_flow);
    if (!cm) {
        ck_transport_set_cksum(ip, th, p->len - th_off, 16);
        return p;
    }
    rw_flow *cf = rw_entry_flow(cm);
    (void)rw_update_seqno_delta(cf, cm->dir, rw_get32(th + 4) + len,
                                (int32_t)buflen - (int32_t)arg_len);
    /* the data connection's reply annotation is the control connection's */
    rw_entry_flow(fwd)->reply_anno = cf->reply_anno;
    ck_transport_set_cksum(ip, th, p->len - th_off, 16);
    return p;
}

/* FTPPortMapper::initialize: a warning when CONTROL_REWRITER is not downstream of output 0
 * (found at compile time: ELEM(control_downstream)). */
static int ELEM(init)(ck_errh *errh)
{
    if (!ELEM(control_downstream))
        ck_warning(errh, "control packet rewriter '%s' is not downstream", ELEM(control_decl));
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    ELEM(lock)();
    rw_catch_up(ELEM(control));
    rw_catch_up(ELEM(data));
    p = ELEM(rewrite)(p);
    ELEM(unlock)();
    return p;
}

#include "simple_action.h"
