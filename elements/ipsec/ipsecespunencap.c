/* IPsecESPUnencap(): removes Click's ESP header and trailer (Click's elements/ipsec/desp.cc).
 *
 * First the replay check on the SA of the SA annotation (Click's checkreplaywindow, after
 * linux ipsec-0.5): sequence number 0 is refused; the SA's REPLAY start value after a wrap
 * restarts the window; a larger number moves the window (OOSIZE packets wide, a 32-bit bitmap
 * as in Click, shifts taken modulo 32 as Click's shifts behave on x86); an older one inside the
 * window is accepted once.  Refused packets are dropped ("Replay protection: ..." as Click
 * prints).  Then the 16-byte header goes, the padding is checked (the pad-length byte must
 * equal the last pad byte unless it is 0: "Invalid padding length"; the pad bytes must be
 * 1, 2, 3 ...: "Corrupt padding") and removed with the two trailer bytes.
 *
 * Malformed packets Click would read outside of (shorter than the 16-byte header, fewer than 3
 * bytes after it, a pad length beyond the data) are dropped with a reason instead
 * ("truncated ESP", "Invalid padding length"); a packet without an SA annotation is dropped
 * after Click's message. */
#include "ipsec/ipsec.h"

/* Click's IPsecESPUnencap::checkreplaywindow: 1 accept, 0 refuse. */
static int ELEM(check_replay)(ck_ipsec_sa *sa, uint32_t seq)
{
    if (seq == 0)
        return 0;
    if (seq == sa->replay_start_counter && sa->lastseq != sa->replay_start_counter) {
        sa->bitmap = 0;
        sa->lastseq = seq;
        return 1;
    }
    if (seq > sa->lastseq) {
        uint32_t diff = seq - sa->lastseq;
        if (diff < sa->ooowin)
            sa->bitmap = (sa->bitmap << (diff & 31u)) | 1u;
        else
            sa->bitmap = 1;
        sa->lastseq = seq;
        return 1;
    }
    uint32_t diff = sa->lastseq - seq;
    if (diff >= sa->ooowin) {
        ck_chatter("Replay protection: This packet is too old to be accepted");
        return 0;
    }
    if (sa->bitmap & (1u << (diff & 31u))) {
        ck_chatter("Replay protection: This packet is already seen...");
        return 0;
    }
    sa->bitmap |= 1u << (diff & 31u);
    return 1;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    ck_ipsec_sa *sa = ck_ipsec_sa_anno(p);
    if (CK_UNLIKELY(!sa)) {
        ck_chatter("Null reference to Security Association Table");
        ck_drop(p, ELEMENT_INDEX, "no security association");
        return NULL;
    }
    if (CK_UNLIKELY(p->len < CK_IPSEC_ESP_HDR)) {
        ck_drop(p, ELEMENT_INDEX, "truncated ESP");
        return NULL;
    }
    const unsigned char *esp = p->data;
    uint32_t seq = ((uint32_t)esp[4] << 24) | ((uint32_t)esp[5] << 16) | ((uint32_t)esp[6] << 8) |
                   esp[7];
    int ok;
    if (ELEMENT_NTHREADS > 1) {
        ck_ipsec_lock(sa);
        ok = ELEM(check_replay)(sa, seq);
        ck_ipsec_unlock(sa);
    } else
        ok = ELEM(check_replay)(sa, seq);
    if (!ok) {
        ck_drop(p, ELEMENT_INDEX, "replay check");
        return NULL;
    }
    ck_packet_pull(p, CK_IPSEC_ESP_HDR);
    uint32_t n = p->len;
    const unsigned char *blk = p->data;
    if (CK_UNLIKELY(n < 3)) {
        ck_drop(p, ELEMENT_INDEX, "truncated ESP");
        return NULL;
    }
    if ((blk[n - 2] != blk[n - 3] && blk[n - 2] != 0) || (uint32_t)blk[n - 2] + 2u > n) {
        ck_chatter("Invalid padding length");
        ck_drop(p, ELEMENT_INDEX, "Invalid padding length");
        return NULL;
    }
    uint32_t padlen = blk[n - 2];
    const unsigned char *pad = blk + n - (padlen + 2);
    for (uint32_t i = 0; i < padlen; i++)
        if (pad[i] != (unsigned char)(i + 1)) {
            ck_chatter("Corrupt padding");
            ck_drop(p, ELEMENT_INDEX, "Corrupt padding");
            return NULL;
        }
    ck_packet_take(p, padlen + 2);
    return p;
}

#include "simple_action.h"
