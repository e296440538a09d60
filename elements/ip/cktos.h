/* Changing bits of the IP TOS byte with the header checksum updated incrementally (RFC 1624,
 * Click's click_update_in_cksum), as MarkIPCE and SetIPECN do.  Once per router; include after
 * ip/ckip.h. */
#ifndef CLICKC_CKTOS_H
#define CLICKC_CKTOS_H

/* The TOS byte of the IP header at ip becomes (tos & keep) | set. */
static inline void ck_ip_tos_update(unsigned char *ip, uint8_t keep, uint8_t set)
{
    uint16_t old_hw = ck_raw16(ip);
    ip[CKIP_TOS] = (unsigned char)((ip[CKIP_TOS] & keep) | set);
    ck_update_in_cksum(ip + CKIP_SUM, old_hw, ck_raw16(ip));
}

/* The ECN codepoints (RFC 3168): the two low bits of the TOS byte. */
#define CKIP_ECN_MASK 0x03
#define CKIP_ECN_NOT_ECT 0x00
#define CKIP_ECN_CE 0x03
#endif
