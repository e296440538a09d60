/* IPsecESPEncap(): adds Click's ESP header and trailer (Click's elements/ipsec/esp.cc, RFC 2406
 * layout with Click's fixed 8-byte IV field).
 *
 * In front: the SPI (from the IPSEC_SPI annotation), the SA's current sequence number and an
 * IV of two words drawn as Click draws them (random() >> 2 each, stored in host byte order; a
 * RandomSeed(SEED) in the configuration makes them the IVs Click draws with the same seed).
 * Behind: RFC 2406 default padding 1, 2, 3 ... to a multiple of 8 bytes counting the two
 * trailer bytes, the pad length, and the next-header byte: the protocol of the packet's
 * network header, or 0 when it has none (Click's choice, also in tunnel mode).  The SA comes
 * from the SA annotation (set by RadixIPsecLookup); its sequence number then advances and
 * restarts at REPLAY after wrapping to 0, as in Click.  A packet without an SA annotation
 * (Click would dereference NULL) is dropped with the reason "no security association". */
#include "ipsec/ipsec.h"
#include <stdlib.h>

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    ck_ipsec_sa *sa = ck_ipsec_sa_anno(p);
    if (CK_UNLIKELY(!sa)) {
        ck_drop(p, ELEMENT_INDEX, "no security association");
        return NULL;
    }
    unsigned char ip_p = 0;
    const unsigned char *nh = ck_network_header(p);
    if (nh && nh + 10 <= p->end)
        ip_p = nh[9];
    uint32_t plen = p->len;
    uint32_t padding = ((8u - ((plen + 2u) % 8u)) % 8u) + 2u;
    p = ck_packet_push(p, CK_IPSEC_ESP_HDR);
    if (!p)
        return NULL;
    p = ck_packet_put(p, padding);
    if (!p)
        return NULL;
    unsigned char *esp = p->data;
    uint32_t spi = ck_anno_u32(p, CK_IPSEC_SPI_ANNO_OFFSET);
    uint32_t rpl;
    if (ELEMENT_NTHREADS > 1) { /* several threads: take the number atomically */
        rpl = __atomic_fetch_add(&sa->cur_rpl, 1u, __ATOMIC_RELAXED);
        if (rpl == 0)
            __atomic_store_n(&sa->cur_rpl, sa->replay_start_counter, __ATOMIC_RELAXED);
    } else {
        rpl = sa->cur_rpl;
        if (sa->cur_rpl++ == 0)
            sa->cur_rpl = sa->replay_start_counter;
    }
    esp[0] = (unsigned char)(spi >> 24), esp[1] = (unsigned char)(spi >> 16);
    esp[2] = (unsigned char)(spi >> 8), esp[3] = (unsigned char)spi;
    esp[4] = (unsigned char)(rpl >> 24), esp[5] = (unsigned char)(rpl >> 16);
    esp[6] = (unsigned char)(rpl >> 8), esp[7] = (unsigned char)rpl;
    int r = (int)(random() >> 2);
    memcpy(esp + 8, &r, 4);
    r = (int)(random() >> 2);
    memcpy(esp + 12, &r, 4);
    unsigned char *pad = esp + CK_IPSEC_ESP_HDR + plen;
    for (uint32_t i = 0; i < padding - 2; i++)
        pad[i] = (unsigned char)(i + 1);
    pad[padding - 2] = (unsigned char)(padding - 2);
    pad[padding - 1] = ip_p;
    return p;
}

#include "simple_action.h"
