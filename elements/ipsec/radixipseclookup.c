/* RadixIPsecLookup(ROUTES...): IP route lookup with IPsec tunnel routes (Click's
 * elements/ipsec/radixipseclookup.cc and ipsecroutetable.cc).
 *
 * The routes, the prefixes Click's radix trie maps to route slots, the default key and the
 * security associations are compiled by radixipseclookup.py from Click's configure (see there
 * for what Click's add_route does to duplicates and default routes) and arrive as ELEM(slots),
 * ELEM(pfx), ELEM(sa), ELEM(sat).  A lookup takes the longest prefix containing the packet's
 * DST_IP annotation (else the default key) and accepts its slot only when the slot's route
 * contains the address, as Click's lookup_route.  Then, as IPsecRouteTable::push:
 *   - output 1 (the tunnel entry): the SPI and SA annotations get the route's SPI and SA
 *     ("No Ipsec tunnel for A. Wrong tunnel setup" when it has none);
 *   - output 0 (addressed to this gateway): a packet whose IP protocol is not ESP (50) is
 *     switched to output 2; every packet's SPI (bytes 20-23: Click assumes a 20-byte IP
 *     header) is looked up in the SA table and the SA annotation set; an unknown SPI is
 *     dropped ("Invalid SPI N, Dropping packet");
 *   - a gateway replaces the DST_IP annotation; the packet leaves on the route's output.
 * No route: dropped, the first five (per program, as Click's static counter) printing
 * "IPsecRouteTable: no route for A".  A packet shorter than 24 bytes arriving for output 0
 * (Click would read past it) is dropped as "truncated ESP".
 *
 * Handlers: `table` (Click's dump_routes: kills the free slots first, then prints each slot
 * whose address is 0 or mask non-zero) and `lookup` (read with an address: "PORT [GW]").
 * Click's add/set/remove/ctrl write handlers are not provided. */
#include "ipsec/ipsec.h"
#include "ip/ckip.h"

#ifndef CK_IPSEC_COMPLAINED
#define CK_IPSEC_COMPLAINED
static int ck_ipsec_complained; /* Click's static counter, shared by every instance */
#endif

static int ELEM(lookup)(uint32_t a, const ck_ipsec_route **r)
{
    int key = CK_IPSEC_DEFAULT_KEY;
    for (int i = 0; i < CK_IPSEC_NPFX; i++)
        if ((a & ELEM(pfx)[i].mask) == ELEM(pfx)[i].addr) {
            key = ELEM(pfx)[i].slot;
            break;
        }
    if (key >= 0 && (a & ELEM(slots)[key].mask) == ELEM(slots)[key].addr) {
        *r = &ELEM(slots)[key];
        return ELEM(slots)[key].port;
    }
    *r = NULL;
    return -1;
}

static void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    const unsigned char *d = p->anno + DST_IP_ANNO_OFFSET;
    uint32_t dst = ((uint32_t)d[0] << 24) | ((uint32_t)d[1] << 16) | ((uint32_t)d[2] << 8) | d[3];
    const ck_ipsec_route *r;
    int out = ELEM(lookup)(dst, &r);
    if (CK_UNLIKELY(out < 0)) {
        if (++ck_ipsec_complained <= 5)
            ck_chatter("IPsecRouteTable: no route for %u.%u.%u.%u", dst >> 24,
                       (dst >> 16) & 255u, (dst >> 8) & 255u, dst & 255u);
        ck_drop(p, ELEMENT_INDEX, "no route");
        return;
    }
    if (out == 1) {
        ck_ipsec_sa *sa = r->sa >= 0 ? &ELEM(sa)[r->sa] : NULL;
        if (r->spi == 0 || !sa)
            ck_chatter("No Ipsec tunnel for %u.%u.%u.%u. Wrong tunnel setup", dst >> 24,
                       (dst >> 16) & 255u, (dst >> 8) & 255u, dst & 255u);
        ck_set_anno_u32(p, CK_IPSEC_SPI_ANNO_OFFSET, r->spi);
        ck_ipsec_set_sa_anno(p, sa);
    } else if (out == 0) {
        if (CK_UNLIKELY(p->len < CKIP_HDR + 4)) {
            ck_drop(p, ELEMENT_INDEX, "truncated ESP");
            return;
        }
        if (p->data[CKIP_P] != 50)
            out = 2;
        const unsigned char *e = p->data + CKIP_HDR;
        uint32_t spi = ((uint32_t)e[0] << 24) | ((uint32_t)e[1] << 16) | ((uint32_t)e[2] << 8) |
                       e[3];
        ck_ipsec_sa *sa = NULL;
        if (spi == 0)
            ck_chatter("%s: lookup called with NULL spi!", "");
        else
            for (int i = 0; i < CK_IPSEC_NSAT; i++)
                if (ELEM(sat)[i].spi == spi) {
                    sa = &ELEM(sa)[ELEM(sat)[i].sa];
                    break;
                }
        if (!sa) {
            ck_chatter("Invalid SPI %d, Dropping packet", (int)spi);
            ck_drop(p, ELEMENT_INDEX, "Invalid SPI");
            return;
        }
        ck_ipsec_set_sa_anno(p, sa);
    }
    if (r->gw) {
        unsigned char *w = p->anno + DST_IP_ANNO_OFFSET;
        w[0] = (unsigned char)(r->gw >> 24), w[1] = (unsigned char)(r->gw >> 16);
        w[2] = (unsigned char)(r->gw >> 8), w[3] = (unsigned char)r->gw;
    }
    OUTPUT(out, p);
}

static void ELEM(unparse_ip)(ck_buf *out, uint32_t a)
{
    ck_buf_printf(out, "%u.%u.%u.%u", a >> 24, (a >> 16) & 255u, (a >> 8) & 255u, a & 255u);
}

static CK_UNUSED int ELEM(read_table)(ck_buf *out)
{
    for (int i = 0; i < CK_IPSEC_NSLOTS; i++)
        if (ELEM(slots)[i].free) { /* Click's dump_routes kills the free slots */
            ELEM(slots)[i].addr = 0;
            ELEM(slots)[i].mask = 0xFFFFFFFFu;
            ELEM(slots)[i].port = INT32_MIN;
        }
    for (int i = 0; i < CK_IPSEC_NSLOTS; i++) {
        const ck_ipsec_route *r = &ELEM(slots)[i];
        if (r->addr && !r->mask)
            continue;
        size_t l = out->len;
        ELEM(unparse_ip)(out, r->addr);
        int plen = -1;
        for (int k = 0; k <= 32; k++)
            if (r->mask == (k ? 0xFFFFFFFFu << (32 - k) : 0u))
                plen = k;
        if (plen >= 0)
            ck_buf_printf(out, "/%d\t", plen);
        else {
            ck_buf_append(out, "/", 1);
            ELEM(unparse_ip)(out, r->mask);
            ck_buf_append(out, "\t", 1);
        }
        if (out->len < l + 17)
            ck_buf_append(out, "\t", 1);
        l = out->len;
        if (r->gw)
            ELEM(unparse_ip)(out, r->gw);
        else
            ck_buf_append(out, "-", 1);
        ck_buf_append(out, "\t", 1);
        if (out->len < l + 9)
            ck_buf_append(out, "\t", 1);
        if (r->port == INT32_MIN)
            ck_buf_append(out, "-1", 2);
        else
            ck_buf_printf(out, "%d", r->port);
        if (r->spi) {
            ck_buf_printf(out, "  |TUNNELED CONNECTION| \n|SPI| |ENC KEY| |AUTH KEY| ||\n |%u|",
                          r->spi);
            const ck_ipsec_sa *sa = &ELEM(sa)[r->sa];
            ck_buf_append(out, " |", 2);
            for (int k = 0; k < CK_IPSEC_KEY_SIZE; k++)
                ck_buf_printf(out, "%02x", sa->enc_key[k]);
            ck_buf_append(out, "| |", 3);
            for (int k = 0; k < CK_IPSEC_KEY_SIZE; k++)
                ck_buf_printf(out, "%02x", sa->auth_key[k]);
            ck_buf_append(out, "|\n", 2);
        }
        ck_buf_append(out, "\n", 1);
    }
    return 0;
}

static CK_UNUSED int ELEM(read_lookup)(ck_buf *out)
{
    char param[64];
    size_t n = out->len < sizeof param - 1 ? out->len : sizeof param - 1;
    memcpy(param, out->s ? out->s : "", n);
    param[n] = '\0';
    ck_buf_clear(out);
    /* Click parses cp_uncomment(s): surrounding white space does not count */
    const char *p = param, *e = param + strlen(param);
    while (*p == ' ' || *p == '\t' || *p == '\n')
        p++;
    while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n'))
        e--;
    char trimmed[64];
    memcpy(trimmed, p, (size_t)(e - p));
    trimmed[e - p] = '\0';
    uint32_t a;
    if (ck_ip_parse(trimmed, &a) < 0) {
        /* Click's IPsecRouteTable::lookup_handler message (the parameter as given) */
        ck_buf_printf(out, "expected IP address, not '%s'", param);
        return -EINVAL;
    }
    const unsigned char *b = (const unsigned char *)&a;
    uint32_t h = ((uint32_t)b[0] << 24) | ((uint32_t)b[1] << 16) | ((uint32_t)b[2] << 8) | b[3];
    const ck_ipsec_route *r;
    int port = ELEM(lookup)(h, &r);
    ck_buf_printf(out, "%d", port);
    if (r && r->gw) {
        ck_buf_append(out, " ", 1);
        ELEM(unparse_ip)(out, r->gw);
    }
    return 0;
}

#undef CK_IPSEC_NSLOTS
#undef CK_IPSEC_NPFX
#undef CK_IPSEC_NSAT
#undef CK_IPSEC_DEFAULT_KEY
