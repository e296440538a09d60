/* AggregateIP(FIELD [, INCREMENTAL, UNSHIFT_IP_ADDR]) (Click's elements/analysis/aggregateip.cc):
 * the field is resolved at compile time (clickc.elements.analysis.aggregateip) into the 32-bit
 * word holding it (ELEM(word) bytes from the start of its header), a shift and a mask.  The
 * header is the IP header (ELEM(proto) 0), the transport header of a first fragment (TCP or UDP
 * only for 256, any protocol for 258, the given protocol otherwise) or the payload after a TCP
 * or UDP header (259).  AGGREGATE becomes (word >> shift) & mask, or with INCREMENTAL the old
 * aggregate shifted left by the field's length plus that.  A packet without the field (no
 * network header, another protocol, a later fragment, too short for the word) leaves on output
 * 1, or is dropped ("no field").  Where Click reads a header it does not check, clickc
 * requires a complete 20-byte IP header (and a set transport header) for the transport and
 * payload fields. */
#include "ip/ckip.h"
#include "standard/ckoutput.h"

static ck_packet *ELEM(handle)(ck_packet *p)
{
    long off = -1;
    if (ck_network_length(p) >= 0 && ELEM(proto) == 0)
        off = ck_network_header_offset(p);
    else if (ck_network_length(p) >= CKIP_HDR && ck_transport_length(p) >= 0) {
        const unsigned char *ip = ck_network_header(p);
        int first = (ck_get16(ip + CKIP_OFF) & CKIP_OFFMASK) == 0, pr = ip[CKIP_P];
        long th = (long)(ck_transport_header(p) - p->data);
        if (ELEM(proto) == 256) {
            if (first && (pr == CKIP_PROTO_TCP || pr == CKIP_PROTO_UDP))
                off = th;
        } else if (ELEM(proto) == 258) {
            if (first)
                off = th;
        } else if (ELEM(proto) == 259) {
            if (first && pr == CKIP_PROTO_TCP && th + 20 <= (long)p->len)
                off = th + ((ck_transport_header(p)[12] >> 4) << 2);
            else if (first && pr == CKIP_PROTO_UDP)
                off = th + 8;
        } else if (first && pr == ELEM(proto))
            off = th;
    }
    if (off < 0 || off + ELEM(word) + 4 > (long)p->len) {
        CK_OUTPUT1_OR_DROP(p, "no field");
        return NULL;
    }
    const unsigned char *w = p->data + off + ELEM(word);
    uint32_t v = (uint32_t)w[0] << 24 | (uint32_t)w[1] << 16 | (uint32_t)w[2] << 8 | w[3];
    uint32_t agg = (v >> ELEM(shift)) & ELEM(mask);
    if (CONF(INCREMENTAL))
        agg += ck_anno_u32(p, AGGREGATE_ANNO_OFFSET) << ELEM(bit_length);
    ck_set_anno_u32(p, AGGREGATE_ANNO_OFFSET, agg);
    return p;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    if ((p = ELEM(handle)(p)))
        OUTPUT(0, p);
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    ck_packet *p = INPUT_PULL(0);
    return p ? ELEM(handle)(p) : NULL;
}

#include "standard/ckdata.h"
CK_DATA_READ_STRING(header, ELEM(header_text));
CK_DATA_READ(bit_offset, (int)ELEM(bit_offset));
CK_DATA_READ(bit_length, (int)ELEM(bit_length));
CK_DATA_READ_STRING(field, ELEM(field_text));
