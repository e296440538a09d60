/* RSSHashSwitch([MAX]): pushes each packet to output hash % MAX (MAX: the number of outputs
 * unless given), the hash being the Toeplitz hash FastClick's elements/userlevel/
 * rsshashswitch.cc computes in software with DPDK's rte_softrss and its key of repeated
 * 0x6D 0x5A bytes.
 *
 * The hashed input is FastClick's rte_thash_tuple as it fills it on a little-endian machine:
 * three 32-bit words, the first the IPv4 source address's four bytes read little-endian, the
 * second the destination's, the third the destination port's two bytes then the source
 * port's, read little-endian (the ports are copied in network order).  rte_softrss takes
 * each word's set bits from the lowest: bit i of word j adds (key word j << (31 - i)) |
 * (key word j + 1 >> (i + 1)), key words read big-endian.  That is the usual Toeplitz hash of
 * the words' big-endian bytes.
 *
 * A frame whose Ethernet type (at the MAC header annotation, else at the packet's start) is
 * not IPv4, or a packet shorter than an Ethernet header, hashes to 0 (output 0), as
 * FastClick's does for every type but IPv4 (IPv6 is hashed only by FastClick builds with ip6,
 * whose call reads past its tuple).  An IPv4 packet without a network or transport header
 * annotation, or a later fragment, hashes the all-zero tuple (FastClick's empty IPFlowID):
 * 0.  Address or port bytes past the packet's end read as 0.  A hash with no output (MAX
 * above the number of outputs) drops the packet ("no such output"); FastClick's batch path
 * kills it. */
#define CK_RSS_KEY_WORD 0x6D5A6D5AU

static int ELEM(max);

static int
ELEM(init)(ck_errh *errh)
{
#if CONF_GIVEN(MAX)
    ELEM(max) = (int)CONF(MAX);
    if (ELEM(max) < 1)
        return ck_error(errh, "MAX must be at least 1");
#else
    (void)errh;
    ELEM(max) = NOUTPUTS;
#endif
    return 0;
}

/* The byte at p's data offset off, 0 past the end (or before the start). */
static inline uint32_t ELEM(byte)(const ck_packet *p, int64_t off)
{
    return off >= 0 && off < (int64_t)p->len ? p->data[off] : 0U;
}

/* Four bytes at off, read little-endian. */
static inline uint32_t ELEM(le32)(const ck_packet *p, int64_t off)
{
    return ELEM(byte)(p, off) | ELEM(byte)(p, off + 1) << 8 | ELEM(byte)(p, off + 2) << 16
           | ELEM(byte)(p, off + 3) << 24;
}

static uint32_t ELEM(hash)(const ck_packet *p)
{
    int64_t mac = p->mac_off >= 0 ? (int64_t)(p->head + p->mac_off - p->data) : 0;
    if (ELEM(byte)(p, mac + 12) != 0x08 || ELEM(byte)(p, mac + 13) != 0x00 || mac + 14 > p->len)
        return 0;
    uint32_t w[3] = {0, 0, 0};
    if (p->nh_off >= 0 && p->th_off >= 0) {
        int64_t ip = (int64_t)(p->head + p->nh_off - p->data);
        int64_t th = (int64_t)(p->head + p->th_off - p->data);
        uint32_t frag = (ELEM(byte)(p, ip + 6) & 0x1FU) << 8 | ELEM(byte)(p, ip + 7);
        if (frag == 0) {
            w[0] = ELEM(le32)(p, ip + 12);
            w[1] = ELEM(le32)(p, ip + 16);
            /* dport's bytes, then sport's */
            w[2] = ELEM(byte)(p, th + 2) | ELEM(byte)(p, th + 3) << 8
                   | ELEM(byte)(p, th) << 16 | ELEM(byte)(p, th + 1) << 24;
        }
    }
    uint32_t h = 0;
    for (int j = 0; j < 3; j++)
        for (uint32_t m = w[j]; m; m &= m - 1) {
            int i = __builtin_ctz(m);
            h ^= (CK_RSS_KEY_WORD << (31 - i)) | (uint32_t)((uint64_t)CK_RSS_KEY_WORD >> (i + 1));
        }
    return h;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    uint32_t n = ELEM(hash)(p) % (uint32_t)ELEM(max);
    if (n >= (uint32_t)NOUTPUTS) {
        ck_drop(p, ELEMENT_INDEX, "no such output");
        return;
    }
    OUTPUT((int)n, p);
}
