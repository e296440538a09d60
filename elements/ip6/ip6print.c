/* IP6Print([LABEL, CONTENTS, NBYTES]): prints "LABEL: SRC -> DST plen N, next N, hlim N" for
 * the IPv6 header at each packet's network header, and with CONTENTS the first NBYTES bytes of
 * the data in hex, a space after every 4 bytes and a new line (indented two spaces) after
 * every 24, on standard error (Click's elements/ip6/ip6print.cc, same text; Click's chatter
 * prints each line of the message).  A packet without a complete 40-byte IPv6 header at its
 * network header (Click reads past it) prints "LABEL: truncated-ip6".  Packets pass
 * unchanged. */
#include "ip6/ckip6.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    ck_buf sa;
    ck_buf_init(&sa);
    if (CONF_LEN(LABEL) > 0)
        ck_buf_printf(&sa, "%.*s: ", (int)CONF_LEN(LABEL), (const char *)CONF(LABEL));
    if (ck_network_length(p) < CKIP6_HDR) {
        ck_buf_puts(&sa, "truncated-ip6");
        ck_chatter("%s", ck_buf_str(&sa));
        ck_buf_free(&sa);
        return p;
    }
    const unsigned char *ip6 = ck_network_header(p);
    ck_buf_ip6(&sa, ip6 + CKIP6_SRC);
    ck_buf_puts(&sa, " -> ");
    ck_buf_ip6(&sa, ip6 + CKIP6_DST);
    ck_buf_printf(&sa, " plen %u, next %d, hlim %d", ((unsigned)ip6[CKIP6_PLEN] << 8)
                  | ip6[CKIP6_PLEN + 1], ip6[CKIP6_NXT], ip6[CKIP6_HLIM]);
    if (CONF(CONTENTS)) {
        ck_buf_puts(&sa, "\n  ");
        for (uint32_t i = 0; i < (uint32_t)CONF(NBYTES) && i < p->len; i++) {
            ck_buf_printf(&sa, "%02x", p->data[i]);
            if (i % 24 == 23)
                ck_buf_puts(&sa, "\n  ");
            else if (i % 4 == 3)
                ck_buf_puts(&sa, " ");
        }
    }
    ck_chatter("%s", ck_buf_str(&sa));
    ck_buf_free(&sa);
    return p;
}
#include "simple_action.h"
