/* BufferConverter(MTU): converts between a byte stream and TCP/IP packets for handlers
 * (Click's elements/local/bufconv.cc).  Writing the `data` handler sends packets on output 0:
 * a 20-byte IP header (TOS 0x10, DF, TTL 255, protocol TCP, no checksum) and a 20-byte TCP
 * header (PSH, window 32120) with up to MTU bytes, the bytes left over from earlier writes
 * first (the rest is kept for the next write, as Click's _obuf).  Reading `data` pulls packets
 * from input 0 and returns the TCP payload of the first one that has any (by the IP length and
 * the header lengths); the others are dropped (reason "no payload").  Packets pushed to input 1
 * are dropped (reason "discarded", Click kills them).  A pulled packet whose lengths point past
 * its data (Click would read past it) is dropped with the reason "bad TCP packet". */
#include "ip/ckip.h"

static char *ELEM(obuf);
static size_t ELEM(olen);

static void
ELEM(cleanup)(void)
{
    free(ELEM(obuf));
    ELEM(obuf) = NULL;
    ELEM(olen) = 0;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    ck_drop(p, ELEMENT_INDEX, "discarded");
}

/* Keep bytes [from, n) of s (may alias obuf) as the leftover. */
static int ELEM(keep)(const char *s, size_t n)
{
    char *b = n ? malloc(n) : NULL;
    if (n && !b)
        return -1;
    if (n)
        memcpy(b, s, n);
    free(ELEM(obuf));
    ELEM(obuf) = b;
    ELEM(olen) = n;
    return 0;
}

static CK_UNUSED int ELEM(write_data)(const char *value, ck_errh *errh)
{
    const size_t mtu = (int)CONF(MTU) > 0 ? (size_t)(int)CONF(MTU) : 0;
    size_t slen = strlen(value);
    size_t dlen = ELEM(olen) + slen;
    if (dlen > mtu)
        dlen = mtu;
    ck_packet *q = ck_packet_alloc((uint32_t)(40 + dlen));
    if (!q) {
        ck_chatter("BufferConverter: cannot make packet");
        return 0;
    }
    memset(q->data, 0, 40);
    unsigned char *ip = q->data, *tcp = q->data + 20;
    ip[CKIP_VHL] = 0x45;
    ip[CKIP_TOS] = 0x10;
    ck_put16(ip + CKIP_LEN, (uint16_t)q->len);
    ck_put16(ip + CKIP_OFF, CKIP_DF);
    ip[CKIP_TTL] = 255;
    ip[CKIP_P] = CKIP_PROTO_TCP;
    tcp[12] = 5 << 4;
    tcp[13] = 0x08; /* TH_PUSH */
    ck_put16(tcp + 14, 32120);
    unsigned char *data = q->data + 40;
    if (ELEM(olen) > mtu) {
        memcpy(data, ELEM(obuf), mtu);
        if (ELEM(keep)(ELEM(obuf) + mtu, ELEM(olen) - mtu) < 0)
            goto oom;
        dlen -= mtu;
        data += mtu;
    } else if (ELEM(olen) > 0) {
        memcpy(data, ELEM(obuf), ELEM(olen));
        dlen -= ELEM(olen);
        data += ELEM(olen);
        ELEM(keep)(NULL, 0);
    }
    memcpy(data, value, dlen);
    if (slen > dlen) {
        /* Click appends the rest of the value to the leftover */
        char *b = realloc(ELEM(obuf), ELEM(olen) + slen - dlen);
        if (!b)
            goto oom;
        memcpy(b + ELEM(olen), value + dlen, slen - dlen);
        ELEM(obuf) = b;
        ELEM(olen) += slen - dlen;
    }
    ck_set_network_header(q, ip, 20);
    OUTPUT(0, q);
    return 0;
oom:
    ck_packet_kill(q);
    return ck_error(errh, "out of memory");
}

static CK_UNUSED int ELEM(read_data)(ck_buf *out)
{
    ck_packet *p;
    while ((p = INPUT_PULL(0)) != NULL) {
        const unsigned char *iph = ck_network_header(p), *th = ck_transport_header(p);
        long tlen = ck_transport_length(p);
        if (!iph || !th || ck_network_length(p) < CKIP_HDR || tlen < 20) {
            ck_drop(p, ELEMENT_INDEX, "bad TCP packet");
            continue;
        }
        uint32_t off = (uint32_t)(th[12] >> 4) << 2;
        uint32_t dlen = (uint32_t)ck_get16(iph + CKIP_LEN) - ((uint32_t)(iph[CKIP_VHL] & 0xF) << 2)
                        - off;
        if (dlen == 0) {
            ck_drop(p, ELEMENT_INDEX, "no payload");
            continue;
        }
        if ((uint64_t)off + dlen > (uint64_t)tlen) {
            ck_drop(p, ELEMENT_INDEX, "bad TCP packet");
            continue;
        }
        ck_buf_append(out, (const char *)th + off, dlen);
        ck_packet_kill(p);
        return 0;
    }
    return 0;
}
