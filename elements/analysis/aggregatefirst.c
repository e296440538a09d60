/* AggregateFirst([NOTIFIER]): remembers, in a bitmap indexed by the AGGREGATE annotation, the
 * aggregates seen; the first packet of each passes on output 0, the others leave on output 1,
 * or are dropped ("not first") without it (Click's elements/analysis/aggregatefirst.cc).  The
 * bitmap's rows of 2^16 aggregates are allocated when first used; a row that cannot be
 * allocated sends the packet to output 1 as Click does. */
#include "standard/ckoutput.h"

static uint32_t *ELEM(rows)[1u << 16];

static ck_packet *ELEM(smaction)(ck_packet *p)
{
    uint32_t agg = ck_anno_u32(p, AGGREGATE_ANNO_OFFSET);
    uint32_t **row = &ELEM(rows)[agg >> 16];
    if (!*row)
        *row = calloc((1u << 16) / 32, sizeof(uint32_t));
    if (*row) {
        uint32_t *w = *row + ((agg & 0xFFFFu) >> 5), bit = 1u << (agg & 31);
        if (!(*w & bit)) {
            *w |= bit;
            return p;
        }
    }
    CK_OUTPUT1_OR_DROP(p, "not first");
    return NULL;
}

static void
ELEM(cleanup)(void)
{
    for (uint32_t i = 0; i < (1u << 16); i++) {
        free(ELEM(rows)[i]);
        ELEM(rows)[i] = NULL;
    }
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    if ((p = ELEM(smaction)(p)))
        OUTPUT(0, p);
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    ck_packet *p = INPUT_PULL(0);
    return p ? ELEM(smaction)(p) : NULL;
}
