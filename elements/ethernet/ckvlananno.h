/* The VLAN_TCI annotation (Click's VLAN_TCI_ANNO: the 802.1Q tag in network byte order at
 * VLAN_TCI_ANNO_OFFSET), read and written by the VLAN element templates.  Once per router. */
#ifndef CLICKC_CKVLANANNO_H
#define CLICKC_CKVLANANNO_H
/* The VLAN_TCI annotation holds the tag in network byte order, as Click's VLAN_TCI_ANNO. */
static inline uint16_t ck_vlan_anno(const ck_packet *p)
{
    return (uint16_t)(p->anno[VLAN_TCI_ANNO_OFFSET] << 8 | p->anno[VLAN_TCI_ANNO_OFFSET + 1]);
}
static inline void ck_set_vlan_anno(ck_packet *p, uint16_t tci)
{
    p->anno[VLAN_TCI_ANNO_OFFSET] = (unsigned char)(tci >> 8);
    p->anno[VLAN_TCI_ANNO_OFFSET + 1] = (unsigned char)tci;
}
#endif
