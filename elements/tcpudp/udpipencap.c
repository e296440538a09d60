/* UDPIPEncap(SRC, SPORT, DST, DPORT [, CHECKSUM]): prepends a UDP header and a 20-byte IPv4
 * header (Click's elements/tcpudp/udpipencap.cc): TOS 0, TTL 250, an ID counting from 0 per
 * element, total and UDP lengths from the new packet's length, the IP checksum and, with
 * CHECKSUM true, the UDP checksum over the pseudo-header (a zero result is stored as 0, as
 * Click does).  Click documents CHECKSUM as true by default but reads it into an uninitialized
 * variable when absent; the reference Click computes no checksum then, and neither does this.
 * DST_ANNO as DST takes the destination from the DST_IP annotation; otherwise the annotation
 * is set to DST.  Sets the network header.  The src, sport, dst and dport handlers read and
 * change the fields.
 *
 * DST arrives as text (a dotted quad or DST_ANNO) or as an address; AddressInfo names must be
 * resolved at compile time (an unresolved name fails initialization). */
#include "ckargs.h"
#include "ip/ckip.h"

static uint32_t ELEM(saddr), ELEM(daddr);
static uint16_t ELEM(sport), ELEM(dport); /* host order */
#include "ip/ckipencap.h"
static int ELEM(use_dst_anno);

static CK_UNUSED int ELEM(dst_text)(const char *s, ck_errh *errh)
{
    if (strcmp(s, "DST_ANNO") == 0) {
        ELEM(use_dst_anno) = 1;
        ELEM(daddr) = 0;
        return 0;
    }
    if (ck_ip_parse(s, &ELEM(daddr)) < 0)
        return ck_error(errh, "bad DST");
    ELEM(use_dst_anno) = 0;
    return 0;
}

static CK_UNUSED int ELEM(dst_addr)(uint32_t a, ck_errh *errh)
{
    (void)errh;
    ELEM(daddr) = a;
    ELEM(use_dst_anno) = 0;
    return 0;
}

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(saddr) = CONF(SRC);
    if (_Generic((CONF(DST)), char *: ELEM(dst_text), const char *: ELEM(dst_text),
                 default: ELEM(dst_addr))(CONF(DST), errh) < 0)
        return -1;
    ELEM(sport) = (uint16_t)CONF(SPORT);
    ELEM(dport) = (uint16_t)CONF(DPORT);
    CK_STAT_STORE(ELEM(id), 0);
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
    ELEM(set_len_id)(ip, p);
    ck_put16(ip + CKIP_OFF, 0);
    ip[CKIP_TTL] = 250;
    ip[CKIP_P] = CKIP_PROTO_UDP;
    memcpy(ip + CKIP_SRC, &ELEM(saddr), 4);
    if (ELEM(use_dst_anno)) {
        uint32_t d = ck_anno_u32(p, DST_IP_ANNO_OFFSET);
        memcpy(ip + CKIP_DST, &d, 4);
    } else {
        memcpy(ip + CKIP_DST, &ELEM(daddr), 4);
        ck_set_anno_u32(p, DST_IP_ANNO_OFFSET, ELEM(daddr));
    }
    ck_ip_set_cksum(ip, CKIP_HDR);
    ck_set_network_header(p, ip, CKIP_HDR);
    uint16_t len = (uint16_t)(p->len - CKIP_HDR);
    ck_put16(udp, ELEM(sport));
    ck_put16(udp + 2, ELEM(dport));
    ck_put16(udp + 4, len);
    if (CONF(CHECKSUM))
        ck_transport_set_cksum(ip, udp, len, 6);
    else
        ck_set_raw16(udp + 6, 0);
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
        return ck_arg_parse_error(errh, "SRC");
    return 0;
}

static CK_UNUSED int ELEM(write_dst)(const char *value, ck_errh *errh)
{
    uint32_t save = ELEM(daddr);
    int save_anno = ELEM(use_dst_anno);
    char buf[64];
    size_t n = strlen(value);
    while (n && (value[n - 1] == ' ' || value[n - 1] == '\n' || value[n - 1] == '\t'))
        n--;
    while (n && (*value == ' ' || *value == '\t'))
        value++, n--;
    if (n >= sizeof buf)
        return ck_error(errh, "bad DST");
    memcpy(buf, value, n);
    buf[n] = '\0';
    if (ELEM(dst_text)(buf, errh) < 0) {
        ELEM(daddr) = save;
        ELEM(use_dst_anno) = save_anno;
        return -1;
    }
    return 0;
}

static CK_UNUSED int ELEM(parse_port)(const char *value, uint16_t *out, ck_errh *errh,
                                      const char *what)
{
    return ck_arg_port(errh, what, value, out);
}

static CK_UNUSED int ELEM(write_sport)(const char *value, ck_errh *errh)
{
    return ELEM(parse_port)(value, &ELEM(sport), errh, "SPORT");
}

static CK_UNUSED int ELEM(write_dport)(const char *value, ck_errh *errh)
{
    return ELEM(parse_port)(value, &ELEM(dport), errh, "DPORT");
}
