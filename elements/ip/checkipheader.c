/* CheckIPHeader([OFFSET, INTERFACES, BADSRC, GOODDST, CHECKSUM, VERBOSE, DETAILS]): checks the
 * IPv4 header at OFFSET (Click's elements/ip/checkipheader.cc, whose order of tests and
 * messages this follows):
 *
 *   1. at least 20 bytes from OFFSET to the end         -> "tiny packet"
 *   2. version 4                                        -> "bad IP version"
 *   3. header length >= 20                              -> "bad IP header length"
 *   4. hlen <= total length <= bytes present            -> "bad IP length"
 *   5. header checksum (when CHECKSUM)                  -> "bad IP checksum"
 *   6. source not a bad source unless dest is a good dst -> "bad source address"
 *
 * A good packet gets its network header set, is truncated to the IP total length and gets
 * the DST_IP annotation.  A bad one goes to output 1 when it exists, else it is dropped
 * (counted under the reason's text).  The first failure, and every failure with VERBOSE,
 * prints "NAME: IP header check failed: REASON".  INTERFACES "ADDR/MASK..." makes each
 * interface's broadcast address, 0.0.0.0 and 255.255.255.255 bad sources and each interface
 * address a good destination; BADSRC and GOODDST give the lists directly (and replace what
 * INTERFACES gave).  With DETAILS the drop_details handler reports the count per reason.
 *
 * CheckIPHeader2 includes this file with CHECKSUM false by default. */
#include "ip/ckip.h"

static uint32_t ELEM(drops);
static uint32_t ELEM(reason_drops)[6];
static const char *const ELEM(reason_texts)[6] = {
    "tiny packet", "bad IP version", "bad IP header length",
    "bad IP length", "bad IP checksum", "bad source address"
};

static ck_packet *ELEM(drop)(int reason, ck_packet *p)
{
    if (ELEM(drops) == 0 || CONF(VERBOSE))
        ck_chatter("%s: IP header check failed: %s", ELEMENT_NAME, ELEM(reason_texts)[reason]);
    ELEM(drops)++;
    ELEM(reason_drops)[reason]++;
    if (NOUTPUTS > 1)
        OUTPUT(1, p);
    else
        ck_drop(p, ELEMENT_INDEX, ELEM(reason_texts)[reason]);
    return NULL;
}

/* Whether src (memory order) is a bad source address. */
static inline int ELEM(bad_src)(uint32_t src)
{
#if CONF_GIVEN(BADSRC)
    for (int i = 0; i < (int)CONF_LEN(BADSRC); i++)
        if (CONF(BADSRC)[i] == src)
            return 1;
    return 0;
#elif CONF_GIVEN(INTERFACES)
    for (int i = 0; i < (int)CONF_LEN(INTERFACES); i++) {
        uint32_t a = CONF(INTERFACES)[i].addr, m = CONF(INTERFACES)[i].mask;
        if (((a & m) | ~m) == src)
            return 1;
    }
    return src == 0 || src == 0xFFFFFFFFu;
#else
    (void)src;
    return 0;
#endif
}

/* Whether dst (memory order) is a good destination address. */
static inline int ELEM(good_dst)(uint32_t dst)
{
#if CONF_GIVEN(GOODDST)
    for (int i = 0; i < (int)CONF_LEN(GOODDST); i++)
        if (CONF(GOODDST)[i] == dst)
            return 1;
    return 0;
#elif CONF_GIVEN(INTERFACES)
    for (int i = 0; i < (int)CONF_LEN(INTERFACES); i++)
        if (CONF(INTERFACES)[i].addr == dst)
            return 1;
    return 0;
#else
    (void)dst;
    return 0;
#endif
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    uint32_t offset = (uint32_t)CONF(OFFSET);
    if (p->len < offset || p->len - offset < CKIP_HDR)
        return ELEM(drop)(0, p);
    unsigned char *ip = p->data + offset;
    uint32_t plen = p->len - offset;
    if ((ip[CKIP_VHL] >> 4) != 4)
        return ELEM(drop)(1, p);
    uint32_t hlen = (uint32_t)(ip[CKIP_VHL] & 0xF) << 2;
    if (hlen < CKIP_HDR)
        return ELEM(drop)(2, p);
    uint32_t len = ck_get16(ip + CKIP_LEN);
    if (len > plen || len < hlen)
        return ELEM(drop)(3, p);
    if (CONF(CHECKSUM) && ck_in_cksum(ip, hlen) != 0)
        return ELEM(drop)(4, p);
    if (ELEM(bad_src)(ck_raw32(ip + CKIP_SRC)) && !ELEM(good_dst)(ck_raw32(ip + CKIP_DST)))
        return ELEM(drop)(5, p);
    ck_set_network_header(p, ip, hlen);
    if (plen > len)
        ck_packet_take(p, plen - len);
    ck_set_anno_u32(p, DST_IP_ANNO_OFFSET, ck_raw32(ip + CKIP_DST));
    return p;
}
#include "simple_action.h"

static CK_UNUSED int ELEM(read_drops)(ck_buf *out)
{
    ck_buf_printf(out, "%u", ELEM(drops));
    return 0;
}

static CK_UNUSED int ELEM(read_drop_details)(ck_buf *out)
{
    if (!CONF(DETAILS))
        return -ENOENT; /* Click adds the handler only with DETAILS */
    for (int i = 0; i < 6; i++)
        ck_buf_printf(out, "%u\t%s\n", ELEM(reason_drops)[i], ELEM(reason_texts)[i]);
    return 0;
}
