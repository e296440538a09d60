/* GetIPAddress(OFFSET [, ANNO] | IP src/dst [, ANNO]): copies the 4-byte IP address at
 * OFFSET of the packet data, or the source or destination address of the IP header (IP src,
 * IP dst), into the annotation ANNO (DST_IP by default) (Click's
 * elements/ip/getipaddress.cc).  Where Click would read past the packet (an OFFSET beyond the
 * data, or IP src/dst without a complete IP header) the annotation is left unchanged. */
#include "ip/ckip.h"

static int ELEM(offset) = -1; /* >= 0: data offset; -12: ip_src; -16: ip_dst */

static int
ELEM(init)(ck_errh *errh)
{
    int64_t off = CONF_GIVEN(OFFSET) ? (int64_t)CONF(OFFSET) : -1;
    const char *ip = CONF_GIVEN(IP) ? (const char *)CONF(IP) : NULL;
    if ((off >= 0 && ip) || (off < 0 && !ip))
        return ck_error(errh, "set one of OFFSET, IP");
    if (ip && strcmp(ip, "src") == 0)
        ELEM(offset) = -12;
    else if (ip && strcmp(ip, "dst") == 0)
        ELEM(offset) = -16;
    else if (ip)
        return ck_error(errh, "bad IP");
    else
        ELEM(offset) = (int)off;
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    int off = ELEM(offset);
    if (off >= 0) {
        if ((uint64_t)off + 4 <= p->len)
            ck_set_anno_u32(p, (int)CONF(ANNO), ck_raw32(p->data + off));
    } else if (ck_network_length(p) >= CKIP_HDR) {
        const unsigned char *ip = ck_network_header(p);
        ck_set_anno_u32(p, (int)CONF(ANNO), ck_raw32(ip + (off == -12 ? CKIP_SRC : CKIP_DST)));
    }
    return p;
}
#include "simple_action.h"
