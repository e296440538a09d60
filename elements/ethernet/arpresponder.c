/* ARPResponder(IP/MASK... ETH, ...): answers ARP requests for the configured addresses
 * (Click's elements/ethernet/arpresponder.cc). A frame that is a complete Ethernet ARP request
 * for IPv4 (hardware type 1, protocol 0x0800, operation 1) whose target protocol address
 * matches an entry is replaced by a 42-byte reply on output 0 (the request is freed); every
 * other frame, truncated ones included, goes to output 1, or is dropped with reason
 * "not an ARP request for us" when output 1 is absent (Click's checked_output_push).
 *
 * Entries are kept in Click's order (ARPResponder::normalize: more specific prefixes before the
 * prefixes containing them, later duplicates replace earlier ones), and the first match wins.
 * The reply has no timestamp (zero, as Click's) and carries the query's VLAN TCI annotation.
 * Handlers: table, lookup (read with an address parameter), add, remove, config (a write
 * replaces the table). */
#include "ethernet/ckether.h"
#include "standard/ckoutput.h"

typedef struct ELEM(entry) {
    uint32_t dst, mask; /* host order */
    unsigned char ena[6];
} ELEM(entry);

static ELEM(entry) *ELEM(v);
static int ELEM(n), ELEM(cap);
/* The configuration text: the compile-time one until a write to `config` replaces it. */
static char *ELEM(conf_now);

static CK_UNUSED int ELEM(grow)(int want)
{
    if (want <= ELEM(cap))
        return 0;
    int ncap = ELEM(cap) ? ELEM(cap) * 2 : 8;
    while (ncap < want)
        ncap *= 2;
    ELEM(entry) *nv = realloc(ELEM(v), (size_t)ncap * sizeof *nv);
    if (!nv)
        return -1;
    ELEM(v) = nv;
    ELEM(cap) = ncap;
    return 0;
}

/* Click's entry_compare: <0 when a sorts first. ia, ib are original positions. */
static CK_UNUSED int ELEM(cmp)(const ELEM(entry) *a, int ia, const ELEM(entry) *b, int ib)
{
    if (a->dst == b->dst && a->mask == b->mask)
        return ib - ia; /* keep the later one first */
    if ((a->dst & b->mask) == b->dst)
        return -1;
    if ((b->dst & a->mask) == a->dst)
        return 1;
    return ia - ib;
}

/* Click's normalize: sort (a stable insertion sort by the comparison above), then keep the
 * first of each run of equal prefixes. Returns the number of duplicates removed. */
static CK_UNUSED int ELEM(normalize)(ck_errh *warn)
{
    int n = ELEM(n);
    if (n <= 1)
        return 0;
    int *idx = malloc((size_t)n * sizeof *idx);
    ELEM(entry) *sorted = malloc((size_t)n * sizeof *sorted);
    if (!idx || !sorted) {
        free(idx);
        free(sorted);
        return 0;
    }
    for (int i = 0; i < n; i++) {
        int j = i;
        while (j > 0 && ELEM(cmp)(&ELEM(v)[i], i, &ELEM(v)[idx[j - 1]], idx[j - 1]) < 0) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = i;
    }
    int m = 0, dups = 0;
    for (int i = 0; i < n; i++) {
        const ELEM(entry) *e = &ELEM(v)[idx[i]];
        if (m == 0 || sorted[m - 1].dst != e->dst || sorted[m - 1].mask != e->mask)
            sorted[m++] = *e;
        else {
            dups++;
            if (warn) {
                ck_buf b;
                ck_buf_init(&b);
                ck_unparse_ip_mask(&b, e->dst, e->mask);
                ck_warning(warn, "multiple entries for %s", ck_buf_str(&b));
                ck_buf_free(&b);
            }
        }
    }
    memcpy(ELEM(v), sorted, (size_t)m * sizeof *sorted);
    ELEM(n) = m;
    free(idx);
    free(sorted);
    return dups;
}

static CK_UNUSED const unsigned char *ELEM(lookup)(uint32_t a)
{
    for (int i = 0; i < ELEM(n); i++)
        if ((a & ELEM(v)[i].mask) == ELEM(v)[i].dst)
            return ELEM(v)[i].ena;
    return NULL;
}

static int
ELEM(init)(ck_errh *errh)
{
    const unsigned char *packed = ELEM(conf_entries);
    int n = ELEM(conf_nentries);
    if (ELEM(grow)(n > 0 ? n : 1) < 0)
        return ck_error(errh, "out of memory");
    for (int i = 0; i < n; i++) {
        const unsigned char *r = packed + 14 * i;
        ELEM(v)[i].dst = ck_eget32(r);
        ELEM(v)[i].mask = ck_eget32(r + 4);
        memcpy(ELEM(v)[i].ena, r + 8, 6);
    }
    ELEM(n) = n;
    /* duplicate prefixes: Click's "multiple entries" warning is given at compile time, where
     * clickc configures elements (clickc.elements.parsers), so none here */
    ELEM(normalize)(NULL);
    return 0;
}

static void
ELEM(cleanup)(void)
{
    free(ELEM(v));
    ELEM(v) = NULL;
    ELEM(n) = ELEM(cap) = 0;
    free(ELEM(conf_now));
    ELEM(conf_now) = NULL;
}

static CK_UNUSED void ELEM(other)(ck_packet *p)
{
    CK_OUTPUT1_OR_DROP(p, "not an ARP request for us");
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    const unsigned char *d = p->data, *ea = d + 14;
    const unsigned char *ena;
    if (p->len < 14 + CK_ARP_LEN || ck_eget16(d + 12) != CK_ETHERTYPE_ARP
        || ck_eget16(ea + CK_ARP_OFF_HRD) != CK_ARPHRD_ETHER
        || ck_eget16(ea + CK_ARP_OFF_PRO) != CK_ETHERTYPE_IP
        || ck_eget16(ea + CK_ARP_OFF_OP) != CK_ARPOP_REQUEST
        || (ena = ELEM(lookup)(ck_eget32(ea + CK_ARP_OFF_TPA))) == NULL) {
        ELEM(other)(p);
        return NULL;
    }
    ck_packet *q = ck_arp_make_reply(ea + CK_ARP_OFF_SHA, ea + CK_ARP_OFF_SPA, ena,
                                     ea + CK_ARP_OFF_TPA);
    if (!q) {
        ELEM(other)(p);
        return NULL;
    }
    ck_set_anno_u16(q, VLAN_TCI_ANNO_OFFSET, ck_anno_u16(p, VLAN_TCI_ANNO_OFFSET));
    /* no timestamp: Click's Packet::make leaves it zero (ToDump writes the time then) */
    ck_packet_kill(p);
    return q;
}
#include "simple_action.h"

static CK_UNUSED int ELEM(read_table)(ck_buf *out)
{
    for (int i = 0; i < ELEM(n); i++) {
        ck_unparse_ip_mask(out, ELEM(v)[i].dst, ELEM(v)[i].mask);
        ck_buf_puts(out, " ");
        ck_unparse_ether(out, ELEM(v)[i].ena);
        ck_buf_puts(out, "\n");
    }
    return 0;
}

/* Read with a parameter: the buffer holds the address on entry, the Ethernet address (or
 * nothing) on return; -EINVAL with Click's message when the parameter is not an address. */
static CK_UNUSED int ELEM(read_lookup)(ck_buf *out)
{
    char param[64];
    size_t n = out->len;
    const char *s = out->s ? out->s : "";
    while (n && (*s == ' ' || *s == '\t'))
        s++, n--;
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n'))
        n--;
    uint32_t a;
    int ok = n < sizeof param && ck_parse_ip_n(s, n, &a) == 0;
    ck_buf_clear(out);
    if (!ok) {
        ck_buf_puts(out, "expected IP address");
        return -22;
    }
    const unsigned char *ena = ELEM(lookup)(a);
    if (ena)
        ck_unparse_ether(out, ena);
    return 0;
}

static CK_UNUSED void ELEM(word)(const char *s, size_t len, int *has_pfx, uint32_t *a,
                                 uint32_t *m, int *has_eth, unsigned char eth[6]);

/* "IP/MASK [IP/MASK...] ETH" (Click's ARPResponder::add; AddressInfo words as `config`). */
static CK_UNUSED int ELEM(write_add)(const char *value, ck_errh *errh)
{
    int old = ELEM(n);
    unsigned char ena[6];
    int have_ena = 0;
    const char *s = value;
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
            s++;
        if (!*s)
            break;
        size_t len = strcspn(s, " \t\n\r");
        uint32_t a = 0, m = 0;
        int hp, he;
        unsigned char e[6];
        ELEM(word)(s, len, &hp, &a, &m, &he, e);
        if (hp) {
            if (ELEM(grow)(ELEM(n) + 1) < 0) {
                ELEM(n) = old;
                return ck_error(errh, "out of memory");
            }
            ELEM(v)[ELEM(n)].dst = a;
            ELEM(v)[ELEM(n)].mask = m;
            ELEM(n)++;
        } else if (he) {
            if (have_ena) {
                ELEM(n) = old;
                return ck_error(errh, "more than one ETH");
            }
            memcpy(ena, e, 6);
            have_ena = 1;
        } else {
            ELEM(n) = old;
            return ck_error(errh, "expected IP/MASK ETH");
        }
        s += len;
    }
    if (ELEM(n) == old)
        return ck_error(errh, "missing IP/MASK");
    if (!have_ena) {
        ELEM(n) = old;
        return ck_error(errh, "missing ETH");
    }
    for (int i = old; i < ELEM(n); i++)
        memcpy(ELEM(v)[i].ena, ena, 6);
    ELEM(normalize)(NULL);
    return 0;
}

static CK_UNUSED int ELEM(write_remove)(const char *value, ck_errh *errh)
{
    const char *s = value;
    while (*s == ' ' || *s == '\t')
        s++;
    size_t len = strcspn(s, " \t\n\r");
    uint32_t a, m;
    if (s[len + strspn(s + len, " \t\n\r")] != '\0' || ck_parse_ip_prefix_n(s, len, &a, &m) < 0)
        return ck_error(errh, "expected IP/MASK");
    a &= m;
    for (int i = 0; i < ELEM(n); i++)
        if (ELEM(v)[i].dst == a && ELEM(v)[i].mask == m) {
            memmove(&ELEM(v)[i], &ELEM(v)[i + 1], (size_t)(ELEM(n) - i - 1) * sizeof ELEM(v)[0]);
            ELEM(n)--;
            return 0;
        }
    ck_buf b;
    ck_buf_init(&b);
    ck_unparse_ip_mask(&b, a, m);
    ck_error(errh, "%s not found", ck_buf_str(&b));
    ck_buf_free(&b);
    return -1;
}


static CK_UNUSED int ELEM(read_config)(ck_buf *out)
{
    ck_buf_puts(out, ELEM(conf_now) ? ELEM(conf_now) : ELEM(conf_text));
    return 0;
}

/* One word of an argument as IP/MASK and as an Ethernet address: an AddressInfo word from
 * ELEM(names) (resolved at compile time), else a literal. */
static CK_UNUSED void ELEM(word)(const char *s, size_t len, int *has_pfx, uint32_t *a,
                                 uint32_t *m, int *has_eth, unsigned char eth[6])
{
    char w[64];
    *has_pfx = *has_eth = 0;
    if (len >= sizeof w)
        return;
    memcpy(w, s, len);
    w[len] = '\0';
    for (int i = 0; i < ELEM(nnames); i++)
        if (strcmp(ELEM(names)[i].word, w) == 0) {
            *has_pfx = ELEM(names)[i].has_pfx;
            *a = ELEM(names)[i].a;
            *m = ELEM(names)[i].m;
            *has_eth = ELEM(names)[i].has_eth;
            memcpy(eth, ELEM(names)[i].eth, 6);
            return;
        }
    if (ck_parse_ip_prefix_n(w, len, a, m) == 0) {
        *a &= *m;
        *has_pfx = 1;
    }
    *has_eth = ck_parse_ether(w, eth) == 0;
}

/* Write `config`: "IP/MASK... ETH" arguments separated by commas (as the element's
 * configuration, read by arpresponder.py's parser: a word that is an address and an Ethernet
 * address serves as ETH when no other word does).  On success the table is replaced, sorted,
 * and duplicate prefixes are warned about; after an error the old table stays. */
static CK_UNUSED int ELEM(write_config)(const char *value, ck_errh *errh)
{
    ELEM(entry) *nv = NULL;
    int nn = 0, ncap = 0, argno = 0;
    const char *s = value;
    for (;;) {
        size_t alen = strcspn(s, ",");
        const char *end = s + alen, *p = s;
        int first_entry = nn, have_eth = 0;
        unsigned char eth[6], fallback[6];
        int have_fallback = 0;
        const char *err = NULL;
        int nwords = 0;
        while (p < end) {
            while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
                p++;
            if (p >= end)
                break;
            size_t len = 0;
            while (p + len < end && !strchr(" \t\n\r", p[len]))
                len++;
            nwords++;
            int hp, he;
            uint32_t a = 0, m = 0;
            unsigned char e[6];
            ELEM(word)(p, len, &hp, &a, &m, &he, e);
            p += len;
            if (he && !have_fallback) {
                memcpy(fallback, e, 6);
                have_fallback = 1;
            }
            if (hp) {
                if (nn == ncap) {
                    ncap = ncap ? 2 * ncap : 8;
                    ELEM(entry) *g = realloc(nv, (size_t)ncap * sizeof *g);
                    if (!g) {
                        free(nv);
                        return ck_error(errh, "out of memory");
                    }
                    nv = g;
                }
                nv[nn].dst = a;
                nv[nn].mask = m;
                nn++;
            } else if (!he) {
                err = "expected IP/MASK ETH";
                break;
            } else if (have_eth) {
                err = "more than one ETH";
                break;
            } else {
                memcpy(eth, e, 6);
                have_eth = 1;
            }
        }
        if (!err && !have_eth && have_fallback) {
            memcpy(eth, fallback, 6);
            have_eth = 1;
        }
        if (!err && nwords > 0 && nn == first_entry)
            err = "missing IP/MASK";
        if (!err && nwords > 0 && !have_eth)
            err = "missing ETH";
        if (err) {
            free(nv);
            return ck_error(errh, "argument %d: %s", argno, err);
        }
        for (int i = first_entry; i < nn; i++)
            memcpy(nv[i].ena, eth, 6);
        if (!*end)
            break;
        s = end + 1;
        argno++;
    }
    free(ELEM(v));
    ELEM(v) = nv;
    ELEM(n) = nn;
    ELEM(cap) = ncap;
    ELEM(normalize)(errh);
    free(ELEM(conf_now));
    ELEM(conf_now) = ck_strdup(value);
    return 0;
}
