/* StoreUDPTimeSeqRecord(OFFSET [, DELTA]) (Click's elements/analysis/storeudptimeseqrecord.cc):
 * the IP header is at OFFSET in the data (version 4: its header length is skipped; version 6:
 * 40 bytes, and the next header must be UDP), then an 8-byte UDP header and a record of five
 * 32-bit network-order words: sequence number, initial seconds, initial nanoseconds, difference
 * seconds, difference nanoseconds.  DELTA false: the record becomes (count, now, 0, 0), count
 * being the packets recorded so far including this one; DELTA true: the difference words
 * become now - initial.  The UDP checksum is patched with Click's arithmetic (its
 * click_in_cksum values added to and subtracted from the stored checksum, folded once, 0xFFFF
 * written as 0), so the bytes are Click's.  A packet too short for the record, an IPv6 packet
 * whose next header is not UDP, or another IP version is dropped ("too short", "not UDP",
 * "unknown IP version"; the last also prints Click's "Unknown IP version!"; Click frees them
 * silently).  Handlers: count, reset. */
#include "ip/ckip.h"

static uint64_t ELEM(count);

static void ELEM(put32)(unsigned char *d, uint32_t v)
{
    d[0] = (unsigned char)(v >> 24);
    d[1] = (unsigned char)(v >> 16);
    d[2] = (unsigned char)(v >> 8);
    d[3] = (unsigned char)v;
}

static uint32_t ELEM(get32)(const unsigned char *d)
{
    return (uint32_t)d[0] << 24 | (uint32_t)d[1] << 16 | (uint32_t)d[2] << 8 | d[3];
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (!(p = ck_packet_uniqueify(p)))
        return NULL;
    uint64_t off = CONF(OFFSET);
    if (p->len < off + 8) {
        ck_drop(p, ELEMENT_INDEX, "too short");
        return NULL;
    }
    unsigned char *d = p->data;
    int version = d[off] >> 4;
    if (version == 4)
        off += (uint64_t)(d[off] & 0xF) << 2;
    else if (version == 6) {
        if (d[off + 6] != CKIP_PROTO_UDP) {
            ck_drop(p, ELEMENT_INDEX, "not UDP");
            return NULL;
        }
        off += 40;
    } else {
        ck_chatter("Unknown IP version!");
        ck_drop(p, ELEMENT_INDEX, "unknown IP version");
        return NULL;
    }
    if (p->len < off + 8 + 20) {
        ck_drop(p, ELEMENT_INDEX, "too short");
        return NULL;
    }
    unsigned char *udp = d + off, *rec = udp + 8;
    uint32_t csum = ck_raw16(udp + 6); /* host order values, as Click's click_in_cksum's */
    ELEM(count)++;
    int64_t now = ck_now_ns();
    if (CONF(DELTA)) {
        int64_t initial = (int64_t)(int32_t)ELEM(get32)(rec + 4) * 1000000000 + ELEM(get32)(rec + 8);
        int64_t diff = now - initial, sec = diff / 1000000000, ns = diff % 1000000000;
        if (ns < 0) {
            ns += 1000000000;
            sec--;
        }
        ELEM(put32)(rec + 12, (uint32_t)sec);
        ELEM(put32)(rec + 16, (uint32_t)ns);
        csum += ck_in_cksum(rec + 12, 8);
    } else {
        int64_t sec = now / 1000000000, ns = now % 1000000000;
        if (ns < 0) {
            ns += 1000000000;
            sec--;
        }
        csum -= ck_in_cksum(rec, 20);
        ELEM(put32)(rec, (uint32_t)ELEM(count));
        ELEM(put32)(rec + 4, (uint32_t)sec);
        ELEM(put32)(rec + 8, (uint32_t)ns);
        memset(rec + 12, 0, 8);
        csum += ck_in_cksum(rec, 20);
    }
    csum = (csum & 0xFFFF) + ((csum & 0xFFFF0000u) >> 16);
    if (csum == 0xFFFF)
        csum = 0;
    ck_set_raw16(udp + 6, (uint16_t)csum);
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ(count, (unsigned long long)ELEM(count));

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(count) = 0;
    return 0;
}
