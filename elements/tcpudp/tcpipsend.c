/* TCPIPSend: writing "SRC SPORT DST DPORT SEQNO ACKNO FLAGS [COUNT STOP]" to its send handler
 * pushes COUNT (default 1) copies of a 40-byte IPv4/TCP packet (Click's
 * elements/tcpudp/tcpipsend.cc): TTL 255, DF, ID 0; TCP header length 20, window 32120, the
 * given flags byte, sequence and acknowledgement numbers; both checksums.  As in Click, SRC
 * and DST are unsigned integers whose bytes in host order become the address (on a
 * little-endian host 167772161 is 1.0.0.10); STOP true stops the router after sending.  The
 * arguments are the handler value's space-separated words, with Click's Args messages. */
#include "ckargs.h"
#include "ip/ckip.h"

static CK_UNUSED int ELEM(write_send)(const char *value, ck_errh *errh)
{
    static const char *const kw[9] = {"SRC", "SPORT", "DST", "DPORT", "SEQNO", "ACKNO", "FLAGS",
                                      "COUNT", "STOP"};
    char words[9][64];
    int n = 0;
    const char *s = value;
    for (;;) {
        while (*s && isspace((unsigned char)*s))
            s++;
        if (!*s)
            break;
        size_t len = 0;
        while (s[len] && !isspace((unsigned char)s[len]))
            len++;
        if (n == 9)
            return ck_error(errh, "too many arguments");
        if (len >= sizeof words[0])
            return ck_arg_parse_error(errh, kw[n]);
        memcpy(words[n], s, len);
        words[n][len] = '\0';
        n++;
        s += len;
    }
    if (n < 7)
        return ck_error(errh, "missing mandatory %s argument", kw[n]);
    uint64_t saddr, daddr, seq, ack, flags, count = 1;
    uint16_t sport, dport;
    int stop = 0;
    if (ck_arg_unsigned(errh, "SRC", words[0], UINT32_MAX, &saddr) < 0
        || ck_arg_port(errh, "SPORT", words[1], &sport) < 0
        || ck_arg_unsigned(errh, "DST", words[2], UINT32_MAX, &daddr) < 0
        || ck_arg_port(errh, "DPORT", words[3], &dport) < 0
        || ck_arg_unsigned(errh, "SEQNO", words[4], UINT32_MAX, &seq) < 0
        || ck_arg_unsigned(errh, "ACKNO", words[5], UINT32_MAX, &ack) < 0
        || ck_arg_unsigned(errh, "FLAGS", words[6], 255, &flags) < 0
        || (n > 7 && ck_arg_unsigned(errh, "COUNT", words[7], UINT32_MAX, &count) < 0))
        return -1;
    if (n > 8 && ck_parse_bool(words[8], &stop) < 0)
        return ck_error(errh, "STOP: expected boolean");
    if (count > 0) {
        ck_packet *q = ck_packet_alloc(CKIP_HDR + 20);
        if (!q)
            return ck_error(errh, "in TCPIPSend: cannot make packet!");
        memset(q->data, 0, CKIP_HDR + 20);
        unsigned char *ip = q->data, *tcp = ip + CKIP_HDR;
        ck_set_network_header(q, ip, CKIP_HDR);
        uint32_t sa = (uint32_t)saddr, da = (uint32_t)daddr;
        ip[CKIP_VHL] = 0x45;
        ck_put16(ip + CKIP_LEN, CKIP_HDR + 20);
        ck_put16(ip + CKIP_OFF, 0x4000);
        ip[CKIP_TTL] = 255;
        ip[CKIP_P] = 6;
        memcpy(ip + CKIP_SRC, &sa, 4);
        memcpy(ip + CKIP_DST, &da, 4);
        ck_set_raw16(ip + CKIP_SUM, ck_in_cksum(ip, CKIP_HDR));
        ck_put16(tcp, sport);
        ck_put16(tcp + 2, dport);
        for (int b = 0; b < 4; b++) {
            tcp[4 + b] = (unsigned char)(seq >> (24 - 8 * b));
            tcp[8 + b] = (unsigned char)(ack >> (24 - 8 * b));
        }
        tcp[12] = 0x50;
        tcp[13] = (unsigned char)flags;
        ck_put16(tcp + 14, 32120);
        ck_transport_set_cksum(ip, tcp, 20, 16);
        for (uint64_t i = 0; i < count; i++) {
            ck_packet *p = i + 1 < count ? ck_packet_clone(q) : q;
            if (p)
                OUTPUT(0, p);
        }
    }
    if (stop)
        ck_router_stop();
    return 0;
}
