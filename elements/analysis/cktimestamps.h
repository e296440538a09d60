/* The timestamp table a RecordTimestamp keeps and a TimestampDiff reads (FastClick's
 * elements/analysis/recordtimestamp.hh, RecordTimestamp::get), and the packet number
 * NumberPacket writes (NumberPacket::read_number_of_packet).  Guarded: compiled once per
 * router.  A TimestampDiff reaches its RECORDER's table as CK_RECTS_OF(index), a tentative
 * definition of the RecordTimestamp's own ELEM(rects) (C11 6.9.2), as ethernet/ckarptable.h
 * does for ARPQuerier's TABLE. */
#ifndef CK_TIMESTAMPS_H
#define CK_TIMESTAMPS_H

/* Slot values: 0 is FastClick's uninitialized timestamp (never recorded), 1 its "read" mark
 * (TimestampUnread); any other value is a ck_monotonic_ns() time. */
enum { CK_RECTS_UNSET = 0, CK_RECTS_READ = 1 };

typedef struct ck_rects {
    int64_t *ts;        /* the slots */
    uint64_t size, cap; /* slots in use (FastClick's Vector size), slots allocated */
    uint32_t sample;    /* SAMPLE: one packet in `sample` has a slot (0 and 1: every packet) */
    int net_order;      /* packet numbers in network byte order */
    const char *decl;   /* "NAME :: RecordTimestamp", FastClick's %p{element} */
} ck_rects;

#define CK_RECTS_CAT_(a, b) a##b
#define CK_RECTS_CAT(a, b) CK_RECTS_CAT_(a, b)
/* The table variable of the RecordTimestamp element of index `i` (its ELEM(rects)). */
#define CK_RECTS_OF(i) CK_RECTS_CAT(CK_RECTS_CAT(e, i), _rects)
/* The NET_ORDER of the NumberPacket element of index `i` (its ELEM(np_net_order), set by its
 * init), which a RecordTimestamp's COUNTER adopts as FastClick's does. */
#define CK_NP_NET_ORDER_OF(i) CK_RECTS_CAT(CK_RECTS_CAT(e, i), _np_net_order)
/* The most slots a table grows to (2^28: 2 GiB); a number past it is not recorded. */
#define CK_RECTS_MAX ((uint64_t)1 << 28)

/* The 8-byte packet number at `offset` of p's data (host or network byte order); 0 when the
 * packet is too short (FastClick reads past the data). */
static CK_UNUSED uint64_t ck_packet_number(const ck_packet *p, uint32_t offset, int net_order)
{
    if ((uint64_t)offset + 8 > p->len)
        return 0;
    uint64_t n = 0;
    if (net_order) {
        for (int i = 0; i < 8; i++)
            n = n << 8 | p->data[offset + (uint32_t)i];
    } else
        memcpy(&n, p->data + offset, 8);
    return n;
}

/* FastClick's RecordTimestamp::get: the time recorded for packet number i, marking its slot
 * read; 0 (with FastClick's messages) when i is past the table or the slot was read before,
 * 0 without a message when nothing was recorded there. */
static CK_UNUSED int64_t ck_rects_get(ck_rects *r, uint64_t i)
{
    if (r->sample > 1)
        i /= r->sample;
    if (i >= r->size) {
        ck_chatter("%s: Index %llu is out of range !", r->decl ? r->decl : "RecordTimestamp",
                   (unsigned long long)i);
        return CK_RECTS_UNSET;
    }
    int64_t t = r->ts[i];
    if (t == CK_RECTS_READ) {
        ck_chatter("Timestamp read multiple times !");
        return CK_RECTS_UNSET;
    }
    r->ts[i] = CK_RECTS_READ;
    return t;
}
#endif
