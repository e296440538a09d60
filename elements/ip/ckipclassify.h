/* How IPClassifier and IPFilter call their generated decision function on a packet
 * (included by both templates; defined once per router).
 *
 * Click's IPFilter::match reads the IP header at the network header annotation, the transport
 * header at the transport header annotation and, for `ether host`, the MAC header annotation.
 * The decision function receives them as pointers with the number of bytes from each to the end
 * of the packet data, so it never reads past the packet.  A packet without a network header
 * annotation (Click requires one) is classified as an empty packet. */
#ifndef CK_IP_CLASSIFY_CALL_H
#define CK_IP_CLASSIFY_CALL_H 1

static inline uint32_t ck_ip_classify_avail(const ck_packet *p, const unsigned char *h)
{
    const unsigned char *end = p->data + p->len;
    return (h != NULL && h <= end) ? (uint32_t)(end - h) : 0;
}

static inline const unsigned char *ck_ip_classify_nh(const ck_packet *p)
{
    const unsigned char *nh = ck_network_header(p);
    return nh != NULL ? nh : p->data + p->len;
}

static inline uint32_t ck_ip_classify_th_off(const ck_packet *p)
{
    if (p->nh_off < 0 || p->th_off < p->nh_off)
        return 0;
    return (uint32_t)(p->th_off - p->nh_off);
}

#define CK_IP_CLASSIFY(fn, p)                                                              \
    fn(ck_ip_classify_nh(p), ck_ip_classify_avail((p), ck_ip_classify_nh(p)),              \
       ck_ip_classify_th_off(p), ck_mac_header(p),                                         \
       ck_ip_classify_avail((p), ck_mac_header(p)))

#endif
