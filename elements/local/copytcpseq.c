/* CopyTCPSeq: keeps the highest TCP sequence number (in sequence-space order, SEQ_GT) of the
 * packets on input 0 and writes it into every packet on input 1 (Click's
 * elements/local/copytcpseq.cc); packets leave on the output of their input's number.  The
 * number is 0 until a first packet is seen; `reset` starts over.  Packets with fewer than 8
 * bytes from the transport header (Click would read or write past them) are passed without
 * being looked at (input 0) or dropped with the reason "no TCP header" (input 1). */
#include "ip/ckip.h"
#include "local/ckmonitorset.h"

static uint32_t ELEM(seq);

static void ELEM(monitor)(ck_packet *p)
{
    const unsigned char *th = ck_transport_header(p);
    if (!th || ck_transport_length(p) < 8)
        return;
    uint32_t seq = (uint32_t)ck_get16(th + 4) << 16 | ck_get16(th + 6);
    if (!ELEM(start)) {
        ELEM(seq) = seq;
        ELEM(start) = 1;
    } else if ((int32_t)(seq - ELEM(seq)) > 0)
        ELEM(seq) = seq;
}

static int ELEM(fits)(const ck_packet *p)
{
    return ck_transport_header(p) && ck_transport_length(p) >= 8;
}

static void ELEM(store)(ck_packet *p)
{
    unsigned char *th = ck_transport_header(p);
    ck_put16(th + 4, (uint16_t)(ELEM(seq) >> 16));
    ck_put16(th + 6, (uint16_t)ELEM(seq));
}
