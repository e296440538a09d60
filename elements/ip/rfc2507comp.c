/* RFC2507Comp: Click's elements/ip/rfc2507c.cc, a TCP/IPv4 header compressor in the spirit of
 * RFC 2507 with Click's own framing.  Input packets are IPv4 headers at the start of the data.
 * Each output packet is new (no annotations, as Click's Packet::make) and starts with a type
 * byte:
 *
 * - 0 (other): the input follows unchanged.  A packet is "other", after printing "cannot
 *   compress packet", unless it is IPv4 with a 20-byte header, not a fragment, TCP, and its
 *   flags among FIN/SYN/RST/ACK are ACK alone.  A packet too short to hold those fields (20
 *   bytes, 40 for TCP) is "other" too (Click reads past its data).
 * - 1 (full header): a connection identifier (CID) byte, then the input.  A connection (source
 *   and destination address and port) without a CID gets one drawn as Click draws it
 *   (click_random(1, 14) over random(), seeded by RandomSeed), printing "sport S dport D added
 *   cid C"; the connection that held that CID loses it.  A packet of a connection with a CID
 *   is also sent full, printing "full1", "full urp", "full win", "full ack", "full seq" or
 *   "full id", when its IP version, header length, TOS, DF bit, TTL or TCP header length
 *   changed, or a field below went backwards or moved by 65536 or more.
 * - 2 (compressed): CID, a flags byte (bit 0 U, 1 W, 2 A, 3 S, 4 P, 5 I), the TCP checksum,
 *   then the changes of the urgent pointer, window, acknowledgement, sequence number and
 *   (when it did not grow by one) IP ID, in that order, each present when it changed: one
 *   byte below 256, else a zero byte and two bytes; then the bytes after the first 40.
 *
 * Every packet updates its CID's context.  The differences use Click's arithmetic (32-bit
 * fields compared as signed ints, differences wrapping). */
#include "standard/ckrandom.h"

enum { ELEM(space) = 15 };

static unsigned char ELEM(ctx)[ELEM(space)][40]; /* IP header then TCP header, as sent */
static int ELEM(live)[ELEM(space)];

static int ELEM(same_flow)(const unsigned char *a, const unsigned char *b)
{
    return memcmp(a + 12, b + 12, 8) == 0 && memcmp(a + 20, b + 20, 4) == 0;
}

static ck_packet *ELEM(framed)(ck_packet *p, int type, int cid)
{
    uint32_t head = cid >= 0 ? 2 : 1;
    ck_packet *q = ck_packet_alloc(p->len + head);
    if (q) {
        q->data[0] = (unsigned char)type;
        if (cid >= 0)
            q->data[1] = (unsigned char)cid;
        memcpy(q->data + head, p->data, p->len);
    }
    ck_packet_kill(p);
    return q;
}

/* Click's encodeX: 0 when equal, -1 when n < o or the difference needs more than 16 bits,
 * else 1 after appending the difference. */
static int ELEM(encode)(int32_t o, int32_t n, unsigned char *buf, int *len)
{
    if (o == n)
        return 0;
    if (n < o)
        return -1;
    int32_t d = (int32_t)((uint32_t)n - (uint32_t)o);
    if (d < 256) {
        buf[(*len)++] = (unsigned char)d;
        return 1;
    }
    if (d < 65536) {
        buf[(*len)++] = 0;
        buf[(*len)++] = (unsigned char)(d >> 8);
        buf[(*len)++] = (unsigned char)d;
        return 1;
    }
    return -1;
}

static int32_t ELEM(u16)(const unsigned char *b)
{
    return (int32_t)((unsigned)b[0] << 8 | b[1]);
}

static int32_t ELEM(u32)(const unsigned char *b)
{
    return (int32_t)((uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3]);
}

static ck_packet *ELEM(compressed)(int cid, ck_packet *p)
{
    const unsigned char *ip = p->data, *tcp = p->data + 20, *c = ELEM(ctx)[cid];
    unsigned char buf[16];
    int len = 0, flags = 0, x;
    if (ip[0] != c[0] || ip[1] != c[1] || (ip[6] & 0x40) != (c[6] & 0x40) || ip[8] != c[8]
        || (tcp[12] >> 4) != (c[20 + 12] >> 4)) {
        ck_chatter("full1");
        return ELEM(framed)(p, 1, cid);
    }
    static const struct { int off, wide, bit; const char *what; } fields[] = {
        {18, 0, 0, "full urp"}, {14, 0, 1, "full win"}, {8, 1, 2, "full ack"},
        {4, 1, 3, "full seq"},
    };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        const unsigned char *o = c + 20 + fields[i].off, *n = tcp + fields[i].off;
        x = fields[i].wide ? ELEM(encode)(ELEM(u32)(o), ELEM(u32)(n), buf, &len)
                           : ELEM(encode)(ELEM(u16)(o), ELEM(u16)(n), buf, &len);
        if (x < 0) {
            ck_chatter("%s", fields[i].what);
            return ELEM(framed)(p, 1, cid);
        }
        if (x)
            flags |= 1 << fields[i].bit;
    }
    if (ELEM(u16)(ip + 4) != ELEM(u16)(c + 4) + 1) {
        x = ELEM(encode)(ELEM(u16)(c + 4), ELEM(u16)(ip + 4), buf, &len);
        if (x < 0) {
            ck_chatter("full id");
            return ELEM(framed)(p, 1, cid);
        }
        if (x)
            flags |= 1 << 5;
    }
    if (tcp[13] & 0x08) /* PSH */
        flags |= 1 << 4;
    ck_packet *q = ck_packet_alloc(p->len - 40 + 5 + (uint32_t)len);
    if (q) {
        q->data[0] = 2;
        q->data[1] = (unsigned char)cid;
        q->data[2] = (unsigned char)flags;
        memcpy(q->data + 3, tcp + 16, 2);
        memcpy(q->data + 5, buf, (size_t)len);
        memcpy(q->data + 5 + len, p->data + 40, p->len - 40);
    }
    ck_packet_kill(p);
    return q;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    const unsigned char *d = p->data;
    if (p->len < 20 || d[0] != 0x45 || (d[6] & 0x3F) || d[7] || d[9] != 6 || p->len < 40
        || (d[33] & 0x17) != 0x10) {
        ck_chatter("cannot compress packet");
        return ELEM(framed)(p, 0, -1);
    }
    unsigned char ti[40];
    memcpy(ti, d, 40);
    int cid = 0;
    for (int c = 1; c < ELEM(space) && !cid; c++)
        if (ELEM(live)[c] && ELEM(same_flow)(ELEM(ctx)[c], ti))
            cid = c;
    ck_packet *q;
    if (cid)
        q = ELEM(compressed)(cid, p);
    else {
        cid = (int)ck_click_random_range(1, ELEM(space) - 1);
        ck_chatter("sport %d dport %d added cid %d", ELEM(u16)(ti + 20), ELEM(u16)(ti + 22), cid);
        q = ELEM(framed)(p, 1, cid);
    }
    memcpy(ELEM(ctx)[cid], ti, 40);
    ELEM(live)[cid] = 1;
    return q;
}
#include "simple_action.h"
