/* RFC2507Decomp: Click's elements/ip/rfc2507d.cc, the inverse of RFC2507Comp's framing.  Each
 * output packet is new (no annotations, as Click's Packet::make):
 *
 * - type 0: the bytes after the type byte;
 * - type 1 (prints "2507d: got full header"): the CID's context becomes the 40 bytes after
 *   the CID byte, and the packet is the bytes after it;
 * - type 2: the CID's context takes the TCP checksum, PSH from flag P, URG and the urgent
 *   pointer from U, and adds the encoded differences (W window, A acknowledgement, S sequence
 *   number, I IP ID, else the ID grows by one); its IP length becomes that of the rebuilt
 *   packet and its IP checksum is recomputed; the packet is the context's 40 bytes and the
 *   rest of the input.
 *
 * Each rebuilt packet prints "seq S len L" (its TCP sequence number as a signed int, its length
 * less 40), then " ip cksum failed" when its IP header checksum is wrong and " tcp cksum
 * failed" when the TCP checksum (with Click's pseudo-header arithmetic, over the IP length)
 * is.  Bytes those checks would read past the packet count as zeros (Click reads past it).
 * A packet shorter than 2 bytes, of another type, with a CID outside 1-14, or too short for
 * the bytes its type and flags announce (42 for type 1) prints "RFC2507d: no q" and is a
 * counted drop ("cannot decompress"; Click frees it, reading past the data in the last case). */
#include "ip/ckip.h"

enum { ELEM(space) = 15 };

static unsigned char ELEM(ctx)[ELEM(space)][40];

/* Click's decode: the next difference (one nonzero byte, or zero then two bytes) added to
 * the big-endian field of `width` bytes at f.  Returns 0, or -1 when [*in, end) is too short. */
static int ELEM(decode)(const unsigned char **in, const unsigned char *end, unsigned char *f,
                        int width)
{
    const unsigned char *s = *in;
    if (s >= end || (s[0] == 0 && end - s < 3))
        return -1;
    uint32_t add = s[0] ? s[0] : (uint32_t)s[1] << 8 | s[2];
    *in = s + (s[0] ? 1 : 3);
    uint32_t v = 0;
    for (int i = 0; i < width; i++)
        v = v << 8 | f[i];
    v += add;
    for (int i = width - 1; i >= 0; i--, v >>= 8)
        f[i] = (unsigned char)v;
    return 0;
}

static ck_packet *ELEM(compressed)(const ck_packet *p, int cid)
{
    unsigned char c[40];
    memcpy(c, ELEM(ctx)[cid], 40);
    int flags = p->data[2];
    const unsigned char *in = p->data + 5, *end = p->data + p->len;
    memcpy(c + 20 + 16, p->data + 3, 2);
    if (flags & (1 << 4))
        c[33] |= 0x08;
    else
        c[33] &= (unsigned char)~0x08;
    if (flags & 1) {
        c[33] |= 0x20;
        if (ELEM(decode)(&in, end, c + 38, 2) < 0)
            return NULL;
    } else
        c[33] &= (unsigned char)~0x20;
    if (((flags & 2) && ELEM(decode)(&in, end, c + 34, 2) < 0)
        || ((flags & 4) && ELEM(decode)(&in, end, c + 28, 4) < 0)
        || ((flags & 8) && ELEM(decode)(&in, end, c + 24, 4) < 0))
        return NULL;
    if (flags & 32) {
        if (ELEM(decode)(&in, end, c + 4, 2) < 0)
            return NULL;
    } else {
        unsigned id = ((unsigned)c[4] << 8 | c[5]) + 1;
        c[4] = (unsigned char)(id >> 8);
        c[5] = (unsigned char)id;
    }
    uint32_t rest = (uint32_t)(end - in), len = rest + 40;
    c[2] = (unsigned char)(len >> 8);
    c[3] = (unsigned char)len;
    c[10] = c[11] = 0;
    uint16_t sum = ck_in_cksum(c, 20);
    memcpy(c + 10, &sum, 2);
    memcpy(ELEM(ctx)[cid], c, 40);
    ck_packet *q = ck_packet_alloc(len);
    if (q) {
        memcpy(q->data, c, 40);
        memcpy(q->data + 40, in, rest);
    }
    return q;
}

/* Click's checks of a rebuilt packet (see the header comment). */
static void ELEM(report)(const ck_packet *q)
{
    unsigned char h[40] = {0};
    memcpy(h, q->data, q->len < 40 ? q->len : 40);
    int32_t seq = (int32_t)((uint32_t)h[24] << 24 | (uint32_t)h[25] << 16 | (uint32_t)h[26] << 8
                            | h[27]);
    ck_chatter("seq %d len %d", seq, (int)q->len - 40);
    uint32_t hlen = (uint32_t)(h[0] & 0xF) << 2, len = (uint32_t)h[2] << 8 | h[3];
    uint32_t n = q->len;
    n = hlen > n ? hlen : n;
    n = len > n ? len : n;
    unsigned char *b = calloc(1, n ? n : 1);
    if (!b)
        return;
    memcpy(b, q->data, q->len);
    if (ck_in_cksum(b, hlen) != 0)
        ck_chatter(" ip cksum failed");
    memset(b, 0, 9);
    uint16_t pl = (uint16_t)(len - 20);
    b[10] = (unsigned char)(pl >> 8);
    b[11] = (unsigned char)pl;
    if (ck_in_cksum(b, len) != 0)
        ck_chatter(" tcp cksum failed");
    free(b);
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    ck_packet *q = NULL;
    int cid = p->len >= 2 ? p->data[1] : 0;
    if (p->len < 2)
        ;
    else if (p->data[0] == 0)
        q = ck_packet_make(p->data + 1, p->len - 1);
    else if (p->data[0] == 1) {
        ck_chatter("2507d: got full header"); /* Click's trailing newline ends the line */
        if (cid > 0 && cid < ELEM(space) && p->len >= 42) {
            memcpy(ELEM(ctx)[cid], p->data + 2, 40);
            q = ck_packet_make(p->data + 2, p->len - 2);
        }
    } else if (p->data[0] == 2 && cid > 0 && cid < ELEM(space) && p->len >= 5)
        q = ELEM(compressed)(p, cid);
    if (q)
        ELEM(report)(q);
    else {
        ck_chatter("RFC2507d: no q");
        ck_drop(p, ELEMENT_INDEX, "cannot decompress");
        return NULL;
    }
    ck_packet_kill(p);
    return q;
}
#include "simple_action.h"
