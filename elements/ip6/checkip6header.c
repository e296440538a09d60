/* CheckIP6Header([BADADDRS, OFFSET]): checks the IPv6 header that starts OFFSET bytes into the
 * packet (Click's elements/ip6/checkip6header.cc).  A packet is bad when fewer than 40 bytes
 * remain from OFFSET, its version is not 6, its payload length is larger than the bytes after
 * the header, or its source is ffff:...:ffff or one of BADADDRS; a bad packet goes to output 1
 * (dropped, counted as "bad IP6 header", without one) and is counted in drops; the first one
 * prints "IP6 header check failed" as Click's does.  A good packet gets its network header
 * (40 bytes) set and is shortened to the payload length.  Handler: drops. */
#include "ip6/ckip6.h"
#include "standard/ckoutput.h"

/* Concurrency (docs/concurrency.md): with ELEMENT_NTHREADS > 1 the drop counter is updated
 * and read with relaxed atomics (standard/ckstat.h). */
#include "standard/ckstat.h"

static uint32_t ELEM(drops);
static unsigned char (*ELEM(bad_src))[16];
static int ELEM(n_bad_src);

static int
ELEM(init)(ck_errh *errh)
{
    const char *s = CONF_GIVEN(BADADDRS) ? (const char *)CONF(BADADDRS) : "";
    size_t n = CONF_GIVEN(BADADDRS) ? (size_t)CONF_LEN(BADADDRS) : 0;
    ELEM(bad_src) = calloc(n / 2 + 2, 16);
    if (!ELEM(bad_src))
        return ck_error(errh, "out of memory");
    memset(ELEM(bad_src)[0], 0xFF, 16); /* Click's default bad source */
    ELEM(n_bad_src) = 1;
    for (size_t i = 0; i < n;) {
        while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
            i++;
        size_t j = i;
        while (j < n && !(s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r'))
            j++;
        if (j == i)
            break;
        unsigned char a[16];
        if (ck_ip6_parse_n(s + i, j - i, a) < 0)
            return ck_error(errh, "expects IP6ADDRESS -a ");
        int dup = 0;
        for (int k = 0; k < ELEM(n_bad_src); k++)
            dup |= memcmp(ELEM(bad_src)[k], a, 16) == 0;
        if (!dup)
            memcpy(ELEM(bad_src)[ELEM(n_bad_src)++], a, 16);
        i = j;
    }
    return 0;
}

static void
ELEM(cleanup)(void)
{
    free(ELEM(bad_src));
    ELEM(bad_src) = NULL;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    const uint32_t off = (uint32_t)CONF(OFFSET);
    const unsigned char *ip;
    uint32_t plen, paylen;
    if (off > p->len || p->len - off < CKIP6_HDR)
        goto bad;
    ip = p->data + off;
    plen = p->len - off;
    if ((ip[0] >> 4) != 6)
        goto bad;
    paylen = ck_get16(ip + CKIP6_PLEN);
    if (paylen > plen - CKIP6_HDR)
        goto bad;
    for (int i = 0; i < ELEM(n_bad_src); i++)
        if (memcmp(ip + CKIP6_SRC, ELEM(bad_src)[i], 16) == 0)
            goto bad;
    ck_set_network_header(p, ip, CKIP6_HDR);
    if (paylen < plen - CKIP6_HDR)
        ck_packet_take(p, plen - CKIP6_HDR - paylen);
    return p;

bad:
    if (CK_STAT_LOAD(ELEM(drops)) == 0)
        ck_chatter("IP6 header check failed");
    CK_STAT_ADD(ELEM(drops), 1);
    CK_OUTPUT1_OR_DROP(p, "bad IP6 header");
    return NULL;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ(drops, CK_STAT_LOAD(ELEM(drops)));
