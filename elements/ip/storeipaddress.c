/* StoreIPAddress([ADDR,] OFFSET): writes ADDR, or the DST_IP annotation when ADDR is not
 * given, into the packet (Click's elements/ip/storeipaddress.cc):
 *
 * - when there is an address to store (ADDR given, or a nonzero annotation) and OFFSET is a
 *   byte offset with 4 bytes of data there, those 4 bytes are overwritten;
 * - otherwise, when the packet has an IP header of at least 20 bytes, the 4 bytes at
 *   network header - OFFSET are overwritten (OFFSET src is -12, dst is -16: the source or
 *   destination field) and the IP checksum, and the TCP or UDP checksum of a first fragment
 *   (UDP only when nonzero), are updated incrementally;
 * - otherwise the packet goes to output 1 (dropped, reason "cannot store address", without
 *   one).
 *
 * Click applies the second rule to any OFFSET, so a positive OFFSET with a zero annotation
 * writes in front of the IP header; here that happens only while the 4 bytes are inside the
 * packet data (else the packet takes the third rule instead of being written out of
 * bounds). */
#include "ip/ckip.h"
#include "standard/ckoutput.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    int use_address = CONF_GIVEN(ADDR);
    int32_t offset = (int32_t)CONF(OFFSET);
    uint32_t ipa = use_address ? (uint32_t)CONF(ADDR) : ck_anno_u32(p, DST_IP_ANNO_OFFSET);
    if ((ipa || use_address) && (uint64_t)(uint32_t)offset + 4 <= p->len) {
        p = ck_packet_uniqueify(p);
        if (!p)
            return NULL;
        memcpy(p->data + offset, &ipa, 4);
        return p;
    }
    long nlen = ck_network_length(p);
    if (offset >= -16 && nlen >= CKIP_HDR) {
        const unsigned char *ip0 = ck_network_header(p);
        uint32_t hlen = (uint32_t)(ip0[0] & 0xF) << 2;
        long target = (long)(ip0 - p->data) - offset; /* data offset of the 4 bytes */
        if (hlen >= CKIP_HDR && target >= 0 && target + 4 <= (long)p->len) {
            p = ck_packet_uniqueify(p);
            if (!p)
                return NULL;
            unsigned char *ip = ck_network_header(p);
            unsigned char *x = p->data + target;
            uint32_t old_hw = (uint32_t)ck_raw16(x) + ck_raw16(x + 2);
            old_hw += old_hw >> 16;
            memcpy(x, &ipa, 4);
            uint32_t new_hw = (uint32_t)ck_raw16(x) + ck_raw16(x + 2);
            new_hw += new_hw >> 16;
            ck_update_in_cksum(ip + CKIP_SUM, (uint16_t)old_hw, (uint16_t)new_hw);
            int firstfrag = (ck_get16(ip + CKIP_OFF) & CKIP_OFFMASK) == 0;
            long tlen = ck_transport_length(p);
            unsigned char *th = ck_transport_header(p);
            if (ip[CKIP_P] == CKIP_PROTO_TCP && firstfrag && tlen >= 20)
                ck_update_in_cksum(th + 16, (uint16_t)old_hw, (uint16_t)new_hw);
            if (ip[CKIP_P] == CKIP_PROTO_UDP && firstfrag && tlen >= 8 && ck_raw16(th + 6))
                ck_update_in_cksum(th + 6, (uint16_t)old_hw, (uint16_t)new_hw);
            return p;
        }
    }
    CK_OUTPUT1_OR_DROP(p, "cannot store address");
    return NULL;
}
#include "simple_action.h"
