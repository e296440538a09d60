/* RandomBitErrors(P [, KIND, ACTIVE]) (Click's elements/standard/randomerror.cc).  For each
 * byte of a packet Click draws how many of its 8 bits change (0 to 8, binomial with bit
 * probability P, from a table of cumulative probabilities with 28 fraction bits computed in
 * Click's fixed point) and then which pattern of that many bits, and applies the pattern
 * (flip: XOR, set: OR, clear: AND NOT).  The draws are Click's (random(), seeded by
 * RandomSeed: (random() >> 3) & 0xFFFFFFF for the count, (random() >> 5) % patterns for the
 * pattern), so the bytes changed and their number of changed bits are Click's; the patterns
 * of each count are listed in increasing numeric order here (Click's own list is a
 * hand-written one, with two duplicated entries), so the bits chosen within a byte may differ.
 * Nothing is drawn while inactive or when P is 0.  Handlers: p_bit_error (read: Click's
 * cp_unparse_real2; write: as P, with Click's checks), error_kind, active. */
#include "standard/ckrandom.h"
#include "standard/ckfixed.h"

#ifndef CK_RBE_PATTERNS
#define CK_RBE_PATTERNS
/* Every byte, grouped by number of set bits (ck_rbe_first[k] .. ck_rbe_first[k + 1] - 1),
 * each group in increasing order: filled once. */
static unsigned char ck_rbe_pattern[256];
static const int ck_rbe_first[10] = {0, 1, 9, 37, 93, 163, 219, 247, 255, 256};

static void ck_rbe_fill(void)
{
    int next[9];
    for (int k = 0; k < 9; k++)
        next[k] = ck_rbe_first[k];
    for (int b = 0; b < 256; b++)
        ck_rbe_pattern[next[__builtin_popcount((unsigned)b)]++] = (unsigned char)b;
}
#endif

static int32_t ELEM(p_error)[9]; /* [i]: probability of at most i changed bits, 2^-28 units */
static uint32_t ELEM(p_bit);
static int ELEM(kind), ELEM(active);

/* Click's cumulative table for bit probability bit (2^-28 units): each P(exactly i bits) in
 * 35 fraction bits, multiplied by the number of patterns, summed and rounded to 28 bits. */
static void ELEM(set_bit_error)(uint32_t bit)
{
    ELEM(p_bit) = bit;
    uint64_t keep = (uint64_t)(0xFFFFFFFu - bit) + 1, accum = 0;
    for (int i = 0; i < 8; i++) {
        uint64_t p = 0x800000000ull;
        for (int j = 0; j < 8; j++)
            p = (p * (j < i ? bit : keep)) >> 28;
        p *= (uint64_t)(ck_rbe_first[i + 1] - ck_rbe_first[i]);
        accum += p;
        ELEM(p_error)[i] = (int32_t)((accum >> 7) & 0x1FFFFFFF);
        if ((accum & 0x7F) >= 0x40)
            ELEM(p_error)[i]++;
    }
    ELEM(p_error)[8] = 0x10000000;
}

static int ELEM(parse_kind)(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n'))
        n--;
    if (n == 0 || (n == 4 && !memcmp(s, "flip", 4)))
        return 2;
    if (n == 3 && !memcmp(s, "set", 3))
        return 1;
    if (n == 5 && !memcmp(s, "clear", 5))
        return 0;
    return -1;
}

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ck_rbe_fill();
    ELEM(kind) = ELEM(parse_kind)(CONF(KIND));
    ELEM(active) = (int)CONF(ACTIVE);
    ELEM(set_bit_error)((uint32_t)CONF(P));
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (!ELEM(active) || ELEM(p_error)[0] >= 0x10000000)
        return p;
    if (!(p = ck_packet_uniqueify(p)))
        return NULL;
    unsigned char *d = p->data;
    for (uint32_t i = 0; i < p->len; i++) {
        int32_t v = (int32_t)((ck_click_random() >> 3) & 0xFFFFFFF);
        if (v <= ELEM(p_error)[0])
            continue;
        int nb = 1;
        while (v > ELEM(p_error)[nb])
            nb++;
        uint32_t n = (uint32_t)(ck_rbe_first[nb + 1] - ck_rbe_first[nb]);
        unsigned char e = ck_rbe_pattern[(ck_click_random() >> 5) % n + (uint32_t)ck_rbe_first[nb]];
        if (ELEM(kind) == 0)
            d[i] &= (unsigned char)~e;
        else if (ELEM(kind) == 1)
            d[i] |= e;
        else
            d[i] ^= e;
    }
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ_WITH(p_bit_error, ck_unparse_real2, ELEM(p_bit), 28);
CK_DATA_READ_BOOL(active, ELEM(active));
CK_DATA_WRITE_BOOL(active, ELEM(active), "expected boolean");

static CK_UNUSED int ELEM(read_error_kind)(ck_buf *out)
{
    static const char *const names[] = {"clear", "set", "flip"};
    ck_buf_puts(out, names[ELEM(kind)]);
    return 0;
}

static CK_UNUSED int ELEM(write_error_kind)(const char *value, ck_errh *errh)
{
    int k = ELEM(parse_kind)(value);
    if (k < 0)
        return ck_error(errh, "bad action '%s' (must be 'set', 'clear', or 'flip')", value);
    ELEM(kind) = k;
    return 0;
}

static CK_UNUSED int ELEM(write_p_bit_error)(const char *value, ck_errh *errh)
{
    uint32_t v;
    if (ck_parse_fixed_u32(value, 28, &v) < 0)
        return ck_error(errh, "P: expected real number");
    if (v > 0x10000000u)
        return ck_error(errh, "drop probability must be between 0 and 1");
    if (v == 0)
        ck_warning(errh, "zero bit error probability (underflow?)");
    ELEM(set_bit_error)(v);
    return 0;
}
