/* SetIPECN(ECN): Click's elements/ip/setipecn.cc.  The two ECN bits of the TOS byte of the IP
 * header (the network header annotation) become ECN, the DSCP bits stay, and the checksum is
 * updated incrementally.  ECN is a word: 0 to 3, "no" or "-" (0), "ect1"/"ECT(1)" (1),
 * "ect2"/"ECT(0)" (2), "ce"/"CE" (3).  Handler ecn reads the word as configured and sets a new
 * one ("bad ECN argument").  A packet without a complete IP header (Click would write past the
 * data) is dropped with the reason "no IP header". */
#include <ctype.h>
#include "ip/ckip.h"
#include "ip/cktos.h"
static uint8_t ELEM(ecn);
static char ELEM(word)[16];

/* The codepoint of an ECN word (Click's SetIPECN::configure), or -1. */
static int ELEM(parse)(const char *w)
{
    static const struct { const char *w; int v; } words[] = {
        {"0", 0}, {"1", 1}, {"2", 2}, {"3", 3}, {"no", 0}, {"-", 0}, {"ect1", 1},
        {"ECT(1)", 1}, {"ect2", 2}, {"ECT(0)", 2}, {"ce", 3}, {"CE", 3}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(w, words[i].w) == 0)
            return words[i].v;
    return -1;
}

static int ELEM(set)(const char *value, ck_errh *errh)
{
    char w[16];
    while (isspace((unsigned char)*value))
        value++;
    size_t n = strlen(value);
    while (n && isspace((unsigned char)value[n - 1]))
        n--;
    int v = -1;
    if (n < sizeof w) {
        memcpy(w, value, n);
        w[n] = 0;
        v = ELEM(parse)(w);
    }
    if (v < 0)
        return ck_error(errh, "bad ECN argument");
    memcpy(ELEM(word), w, n + 1);
    ELEM(ecn) = (uint8_t)v;
    return 0;
}

static int
ELEM(init)(ck_errh *errh)
{
    return ELEM(set)(CONF(ECN), errh);
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (ck_network_length(p) < CKIP_HDR) {
        ck_drop(p, ELEMENT_INDEX, "no IP header");
        return NULL;
    }
    p = ck_packet_uniqueify(p);
    if (!p) {
        ck_count_drop(ELEMENT_INDEX, "out of memory");
        return NULL;
    }
    ck_ip_tos_update(ck_network_header(p), (uint8_t)~CKIP_ECN_MASK, ELEM(ecn));
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ_STRING(ecn, ELEM(word));

static CK_UNUSED int ELEM(write_ecn)(const char *value, ck_errh *errh)
{
    return ELEM(set)(value, errh);
}
