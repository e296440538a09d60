/* UDPIPEncap(SRC, SPORT, DST, DPORT [, CHECKSUM]): prepends a UDP header and a 20-byte IPv4
 * header (Click's elements/tcpudp/udpipencap.cc): TOS 0, TTL 250, an ID counting from 0 per
 * element, total and UDP lengths from the new packet's length, the IP checksum and, with
 * CHECKSUM (the default), the UDP checksum over the pseudo-header (a zero result is stored as
 * 0, as Click does).  Sets the network header and the DST_IP annotation.  The src, sport, dst
 * and dport handlers read and change the fields.
 *
 * Not implemented: DST_ANNO as DST (the spec types DST as an address). */
#include "ip/ckip.h"

static uint32_t ELEM(saddr), ELEM(daddr);
static uint16_t ELEM(sport), ELEM(dport); /* host order */
static uint16_t ELEM(id);

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(saddr) = CONF(SRC);
    ELEM(daddr) = CONF(DST);
    ELEM(sport) = (uint16_t)CONF(SPORT);
    ELEM(dport) = (uint16_t)CONF(DPORT);
    ELEM(id) = 0;
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    p = ck_packet_push(p, CKIP_HDR + 8);
    if (!p)
        return NULL;
    unsigned char *ip = p->data, *udp = ip + CKIP_HDR;
    ip[CKIP_VHL] = 0x45;
    ip[CKIP_TOS] = 0;
    ck_put16(ip + CKIP_LEN, (uint16_t)p->len);
    ck_put16(ip + CKIP_ID, ELEM(id)++);
    ck_put16(ip + CKIP_OFF, 0);
    ip[CKIP_TTL] = 250;
    ip[CKIP_P] = CKIP_PROTO_UDP;
    memcpy(ip + CKIP_SRC, &ELEM(saddr), 4);
    memcpy(ip + CKIP_DST, &ELEM(daddr), 4);
    ck_set_anno_u32(p, DST_IP_ANNO_OFFSET, ELEM(daddr));
    ck_ip_set_cksum(ip, CKIP_HDR);
    ck_set_network_header(p, ip, CKIP_HDR);
    uint16_t len = (uint16_t)(p->len - CKIP_HDR);
    ck_put16(udp, ELEM(sport));
    ck_put16(udp + 2, ELEM(dport));
    ck_put16(udp + 4, len);
    ck_set_raw16(udp + 6, 0);
    if (CONF(CHECKSUM)) {
        uint16_t csum = ck_in_cksum(udp, len);
        ck_set_raw16(udp + 6, ck_in_cksum_pseudohdr(csum, ip, len));
    }
    return p;
}
#include "simple_action.h"

static CK_UNUSED int ELEM(read_src)(ck_buf *out) { ck_buf_ip(out, ELEM(saddr)); return 0; }
static CK_UNUSED int ELEM(read_dst)(ck_buf *out) { ck_buf_ip(out, ELEM(daddr)); return 0; }
static CK_UNUSED int ELEM(read_sport)(ck_buf *out) { ck_buf_printf(out, "%u", ELEM(sport)); return 0; }
static CK_UNUSED int ELEM(read_dport)(ck_buf *out) { ck_buf_printf(out, "%u", ELEM(dport)); return 0; }

static CK_UNUSED int ELEM(write_src)(const char *value, ck_errh *errh)
{
    if (ck_ip_parse(value, &ELEM(saddr)) < 0)
        return ck_error(errh, "SRC: expected IP address");
    return 0;
}

static CK_UNUSED int ELEM(write_dst)(const char *value, ck_errh *errh)
{
    if (ck_ip_parse(value, &ELEM(daddr)) < 0)
        return ck_error(errh, "bad DST");
    return 0;
}

static CK_UNUSED int ELEM(parse_port)(const char *value, uint16_t *out, ck_errh *errh,
                                      const char *what)
{
    uint64_t v;
    if (ck_parse_uint64(value, &v) < 0 || v > 65535)
        return ck_error(errh, "%s: expected port number", what);
    *out = (uint16_t)v;
    return 0;
}

static CK_UNUSED int ELEM(write_sport)(const char *value, ck_errh *errh)
{
    return ELEM(parse_port)(value, &ELEM(sport), errh, "SPORT");
}

static CK_UNUSED int ELEM(write_dport)(const char *value, ck_errh *errh)
{
    return ELEM(parse_port)(value, &ELEM(dport), errh, "DPORT");
}
