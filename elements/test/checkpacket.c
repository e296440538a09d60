/* CheckPacket([DATA, DATA_OFFSET, LENGTH, LENGTH_EQ, LENGTH_GE, LENGTH_LE, ALIGNMENT]) (Click's
 * elements/test/checkpacket.cc): checks each packet's length (one of LENGTH/LENGTH_EQ,
 * LENGTH_GE, LENGTH_LE; a negative value is no test), its data from DATA_OFFSET on (which must
 * be exactly DATA: shorter and longer packets are errors too) and the alignment of its data
 * ("MODULUS OFFSET": (address & (MODULUS - 1)) == OFFSET, Click's test, exact for powers of
 * two), printing Click's error line for each mismatch.  Every packet is consumed: Click's
 * simple_action returns no packet (and leaks it); clickc drops it, reason "CheckPacket".
 * Difference: without ALIGNMENT Click tests the alignment against an uninitialized modulus
 * and prints a garbage "bad alignment" line; clickc tests nothing. */
#include <stdlib.h>

static uint32_t ELEM(length);
static char ELEM(length_op);
static int ELEM(chunk), ELEM(offset);

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    int32_t eq = CONF_GIVEN(LENGTH_EQ) ? (int32_t)CONF(LENGTH_EQ) : (int32_t)CONF(LENGTH);
    int32_t ge = (int32_t)CONF(LENGTH_GE), le = (int32_t)CONF(LENGTH_LE);
    /* the configure check (checkpacket.py) allowed at most one; Click's unsigned arithmetic */
    if (eq >= 0)
        ELEM(length) = (uint32_t)eq, ELEM(length_op) = '=';
    else if (ge >= 0)
        ELEM(length) = (uint32_t)ge - 1, ELEM(length_op) = '>';
    else if (le >= 0)
        ELEM(length) = (uint32_t)le + 1, ELEM(length_op) = '<';
    else
        ELEM(length_op) = 0;
    ELEM(chunk) = -1;
    const char *a = CONF(ALIGNMENT);
    char *end;
    long m = strtol(a, &end, 0);
    if (end != a) { /* two integers, checked by checkpacket.py */
        ELEM(chunk) = (int)m;
        ELEM(offset) = (int)strtol(end, NULL, 0);
    }
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    const char *decl = ELEMENT_NAME " :: CheckPacket";
    if (ELEM(length_op) == '=') {
        if (p->len != ELEM(length))
            ck_chatter("%s: bad length %d (wanted %d)", decl, (int)p->len, (int)ELEM(length));
    } else if (ELEM(length_op) == '>') {
        if (p->len <= ELEM(length))
            ck_chatter("%s: bad length %d (wanted > %d)", decl, (int)p->len, (int)ELEM(length));
    } else if (ELEM(length_op) == '<') {
        if (p->len >= ELEM(length))
            ck_chatter("%s: bad length %d (wanted < %d)", decl, (int)p->len, (int)ELEM(length));
    }
#if CONF_GIVEN(DATA)
    {
        uint64_t want = (uint64_t)CONF_LEN(DATA) + (uint32_t)CONF(DATA_OFFSET);
        if (p->len < want)
            ck_chatter("%s: data too short (%d bytes, wanted %d)", decl, (int)p->len, (int)want);
        else if (p->len > want)
            ck_chatter("%s: data too long (%d bytes, wanted %d)", decl, (int)p->len, (int)want);
        else if (CONF_LEN(DATA) &&
                 memcmp(p->data + (uint32_t)CONF(DATA_OFFSET), CONF(DATA), CONF_LEN(DATA)) != 0)
            ck_chatter("%s: bad data (does not match)", decl);
    }
#endif
    if (ELEM(chunk) >= 0) {
        int al = (int)((uintptr_t)p->data & (uintptr_t)(ELEM(chunk) - 1));
        if (al != ELEM(offset))
            ck_chatter("%s: bad alignment (%d/%d, expected %d/%d)", decl, ELEM(chunk), al,
                       ELEM(chunk), ELEM(offset));
    }
    ck_drop(p, ELEMENT_INDEX, "CheckPacket");
    return NULL;
}
#include "simple_action.h"
