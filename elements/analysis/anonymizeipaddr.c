/* AnonymizeIPAddr([CLASS, PRESERVE_8, SEED]) (Click's elements/analysis/anonipaddr.cc, after
 * Greg Minshall's tcpdpriv -A50): a binary tree of the addresses seen (host order) and their
 * pseudonyms.  A new address becomes the peer of the node it first differs from, at the first
 * differing bit (the swivel): its pseudonym keeps the other's pseudonym bits above the swivel,
 * flips the swivel bit and draws the bits below it, so two addresses sharing a p-bit prefix get
 * pseudonyms sharing a p-bit prefix.  The draws are Click's (click_random(0, 0xFFFFFFFF):
 * random(), seeded by RandomSeed), so a seeded router gives Click's pseudonyms.  The root
 * (address 1, or the CLASS mask, or the first PRESERVE_8 network) gets a random pseudonym with
 * the CLASS bits set; each PRESERVE_8 network keeps its top byte.  0.0.0.0 and 255.255.255.255
 * map to themselves.  The IP checksum, and for ICMP errors (unreachable, time exceeded,
 * parameter problem, source quench, redirect) the quoted header's addresses and the ICMP
 * checksum, are patched incrementally with Click's arithmetic (RFC 1624).  A packet whose
 * network header holds no 20-byte IPv4 header leaves on output 1, or is dropped ("not IPv4";
 * Click reads the version of whatever is there). */
#include "ip/ckip.h"
#include "standard/ckoutput.h"
#include "standard/ckrandom.h"

typedef struct ELEM(node) {
    uint32_t input, output;
    struct ELEM(node) *child[2];
} ELEM(node);

#include "analysis/cktrienodes.h"
static ELEM(node) *ELEM(root);
static ELEM(node) ELEM(special)[2];

static uint32_t ELEM(rand32)(void) { return ck_click_random_range(0, 0xFFFFFFFFu); }

static uint32_t ELEM(make_output)(uint32_t old, int swivel)
{
    if (swivel == 32)
        return old ^ 1;
    uint32_t known = ((old >> (32 - swivel)) ^ 1) << (32 - swivel);
    return known | ((ELEM(rand32)() & 0x7FFFFFFF) >> swivel);
}

static ELEM(node) *ELEM(make_peer)(uint32_t a, ELEM(node) *n)
{
    if (a == 0 || a == 0xFFFFFFFFu)
        return &ELEM(special)[a & 1];
    ELEM(node) *down[2];
    if (ELEM(new_pair)(down) < 0)
        return NULL;
    int swivel = ELEM(msb)(a ^ n->input);
    int bit = (int)((a >> (32 - swivel)) & 1);
    down[bit]->input = a;
    down[bit]->output = ELEM(make_output)(n->output, swivel);
    down[bit]->child[0] = down[bit]->child[1] = NULL;
    *down[1 - bit] = *n; /* the old node moves down a level */
    n->input = down[1]->input;
    n->output = down[1]->output;
    n->child[0] = down[0];
    n->child[1] = down[1];
    return down[bit];
}

static ELEM(node) *ELEM(find)(uint32_t a)
{
    ELEM(node) *n = ELEM(root);
    while (n) {
        if (n->input == a)
            return n;
        if (!n->child[0])
            n = ELEM(make_peer)(a, n);
        else {
            int swivel = ELEM(msb)(n->child[0]->input ^ n->child[1]->input);
            if (ELEM(msb)(a ^ n->input) < swivel)
                n = ELEM(make_peer)(a, n);
            else
                n = n->child[(a >> (32 - swivel)) & 1];
        }
    }
    ck_chatter("AnonymizeIPAddr: out of memory!");
    return NULL;
}

/* An address in memory order to its pseudonym in memory order (0 when memory ran out). */
static uint32_t ELEM(anonymize)(uint32_t raw)
{
    const unsigned char *b = (const unsigned char *)&raw;
    uint32_t a = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
    ELEM(node) *n = ELEM(find)(a);
    if (!n)
        return 0;
    unsigned char o[4] = {(unsigned char)(n->output >> 24), (unsigned char)(n->output >> 16),
                          (unsigned char)(n->output >> 8), (unsigned char)n->output};
    uint32_t out;
    memcpy(&out, o, 4);
    return out;
}

/* Both addresses at ip + 12 and ip + 16 replaced, the 16-bit checksum at sum patched (RFC 1624
 * on the host-order halves, as Click). */
static void ELEM(rewrite)(unsigned char *ip, unsigned char *sum)
{
    uint32_t src = ck_raw32(ip + CKIP_SRC), dst = ck_raw32(ip + CKIP_DST);
    uint32_t s = (~(uint32_t)ck_raw16(sum) & 0xFFFF) + (~src & 0xFFFF) + (~src >> 16) +
                 (~dst & 0xFFFF) + (~dst >> 16);
    src = ELEM(anonymize)(src);
    dst = ELEM(anonymize)(dst);
    memcpy(ip + CKIP_SRC, &src, 4);
    memcpy(ip + CKIP_DST, &dst, 4);
    s += (src & 0xFFFF) + (src >> 16) + (dst & 0xFFFF) + (dst >> 16);
    s = (s & 0xFFFF) + (s >> 16);
    ck_set_raw16(sum, (uint16_t)~(s + (s >> 16)));
}

static int
ELEM(init)(ck_errh *errh)
{
    if (!(ELEM(root) = ELEM(new_node)()))
        return ck_error(errh, "out of memory!");
    ELEM(root)->input = 1; /* not 0: 0.0.0.0 is special */
    ELEM(root)->output = ELEM(rand32)();
    ELEM(root)->child[0] = ELEM(root)->child[1] = NULL;
    int touched = 0;
    if (ELEM(preserve_class) > 0) {
        uint32_t mask = ~(0xFFFFFFFFu >> ELEM(preserve_class));
        ELEM(root)->input = mask;
        ELEM(root)->output |= mask;
        touched = 1;
    }
    for (int i = 0; i < ELEM(npreserve_8); i++) {
        uint32_t net = (uint32_t)ELEM(preserve_8)[i] << 24;
        if (!touched) {
            ELEM(root)->input = net;
            ELEM(root)->output = (ELEM(root)->output & 0x00FFFFFF) | net;
            touched = 1;
        } else {
            ELEM(node) *n = ELEM(find)(net);
            if (!n)
                return ck_error(errh, "out of memory!");
            n->output = (n->output & 0x00FFFFFF) | net;
        }
    }
    memset(ELEM(special), 0, sizeof ELEM(special));
    ELEM(special)[1].input = ELEM(special)[1].output = 0xFFFFFFFFu;
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ELEM(free_nodes)();
    ELEM(root) = NULL;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (ck_network_length(p) < CKIP_HDR || (ck_network_header(p)[0] >> 4) != 4) {
        CK_OUTPUT1_OR_DROP(p, "not IPv4");
        return NULL;
    }
    if (!(p = ck_packet_uniqueify(p)))
        return NULL;
    unsigned char *ip = ck_network_header(p);
    ELEM(rewrite)(ip, ip + CKIP_SUM);
    long tlen = ck_transport_length(p);
    if (ip[CKIP_P] == CKIP_PROTO_ICMP && tlen >= 8) {
        unsigned char *icmp = ck_transport_header(p);
        int t = icmp[0];
        if (t == CKICMP_UNREACH || t == CKICMP_TIMXCEED || t == CKICMP_PARAMPROB ||
            t == CKICMP_SOURCEQUENCH || t == CKICMP_REDIRECT) {
            unsigned hlen = tlen >= 9 ? (unsigned)(icmp[8] & 0xF) << 2 : 0;
            if (hlen >= CKIP_HDR && (unsigned long)tlen >= 8 + hlen + 8)
                ELEM(rewrite)(icmp + 8, icmp + 2);
        }
    }
    return p;
}
#include "simple_action.h"
