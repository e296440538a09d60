/* MULTIPACKET, shared by the readers of flow summaries (FromIPSummaryDump,
 * FromNetFlowSummaryDump; Click's handle_multipacket in fromipsumdump.cc and
 * fromnetflowsumdump.cc): a record whose EXTRA_PACKETS annotation says it stands for N packets
 * becomes N packets.  The first N-1 have the length (packet length + EXTRA_LENGTH) / N (at
 * least the bytes present), the last one the rest; their timestamps step evenly from the
 * FIRST_TIMESTAMP annotation (when set) to the record's timestamp; ip_len (and a UDP header's
 * length) follow each packet's length.
 *
 * Included once per instance after the template defines ck_packet *ELEM(work) (the record
 * still to split, NULL when none), uint32_t ELEM(mp_length) and int64_t ELEM(mp_end_ts),
 * ELEM(mp_delta).  ELEM(multipacket)(p) takes a record (p == ELEM(work) while one is being
 * split) and returns the next packet to emit (NULL when out of memory); ELEM(work) holds
 * what remains. */
#include "ip/ckip.h"

/* FIRST_TIMESTAMP annotation in ns (0 = unset). */
static CK_UNUSED int64_t ELEM(first_ts)(const ck_packet *p)
{
    int64_t v;
    memcpy(&v, p->anno + FIRST_TIMESTAMP_ANNO_OFFSET, 8);
    return v;
}

/* Click's set_packet_lengths: ip_len (and udp_len) for length + extra. */
static CK_UNUSED ck_packet *ELEM(set_lengths)(ck_packet *p, uint32_t extra)
{
    uint32_t length = p->len + extra;
    unsigned char *iph = ck_network_header(p);
    if (!iph || ck_get16(iph + 2) == (length & 0xFFFF))
        return p;
    if (!(p = ck_packet_uniqueify(p)))
        return NULL;
    iph = ck_network_header(p);
    ck_put16(iph + 2, (uint16_t)length);
    if (iph[9] == 17 && ck_transport_header(p) && (long)(p->data + p->len - ck_transport_header(p)) >= 6)
        ck_put16(ck_transport_header(p) + 4, (uint16_t)(length - (uint32_t)((iph[0] & 0x0F) << 2)));
    return p;
}

static CK_UNUSED ck_packet *ELEM(multipacket)(ck_packet *p)
{
    if (!p || !ck_anno_u32(p, EXTRA_PACKETS_ANNO_OFFSET)) {
        ELEM(work) = NULL;
        return p;
    }
    uint32_t count = 1 + ck_anno_u32(p, EXTRA_PACKETS_ANNO_OFFSET);
    if (!ELEM(work)) {
        ELEM(mp_length) = (p->len + ck_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET)) / count;
        if (ELEM(mp_length) < p->len) {
            ELEM(mp_length) = p->len;
            ck_set_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET, ELEM(mp_length) * (count - 1));
        }
        ELEM(mp_end_ts) = p->ts_ns;
        int64_t fts = ELEM(first_ts)(p);
        if (fts) {
            ELEM(mp_delta) = (p->ts_ns - fts) / (int64_t)(count - 1);
            p->ts_ns = fts;
        } else
            ELEM(mp_delta) = 0;
        ELEM(work) = ELEM(set_lengths)(p, ELEM(mp_length) - p->len);
        if (!ELEM(work))
            return NULL;
        p = ELEM(work);
    }
    ck_packet *q = ck_packet_clone(p);
    if (q) {
        ck_set_anno_u32(q, EXTRA_PACKETS_ANNO_OFFSET, 0);
        ck_set_anno_u32(q, EXTRA_LENGTH_ANNO_OFFSET, ELEM(mp_length) - q->len);
    }
    ck_packet *w = ELEM(work);
    ck_set_anno_u32(w, EXTRA_PACKETS_ANNO_OFFSET, count - 2);
    ck_set_anno_u32(w, EXTRA_LENGTH_ANNO_OFFSET, ck_anno_u32(w, EXTRA_LENGTH_ANNO_OFFSET) - ELEM(mp_length));
    if (count == 2) {
        w->ts_ns = ELEM(mp_end_ts);
        ELEM(work) = ELEM(set_lengths)(w, ck_anno_u32(w, EXTRA_LENGTH_ANNO_OFFSET));
    } else
        w->ts_ns += ELEM(mp_delta);
    return q;
}
