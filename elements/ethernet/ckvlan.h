/* The VLAN tag arguments and handlers shared by VLANEncap, EtherVLANEncap and SetVLANAnno
 * (Click's elements/ethernet/vlanencap.cc, ethervlanencap.cc, setvlananno.cc): VLAN_TCI (a
 * number, or ANNO when the template defines CK_VLAN_ANNO: the tag of the VLAN_TCI annotation),
 * VLAN_PCP, VLAN_ID and, when the template defines CK_VLAN_NATIVE, NATIVE_VLAN.  The tag is
 * (VLAN_TCI if given, else VLAN_ID) | VLAN_PCP << 13, as Click's configure computes it.
 *
 * Handlers (Click's reconfigure_keyword_handler and read_keyword_handler): writing vlan_tci,
 * vlan_id, vlan_pcp or native_vlan (ethernet/ckvlan_native.h) sets that argument and recomputes the tag, with Click's
 * Args messages ("VLAN_PCP: out of range, bound 7", "VLAN_ID: invalid number"); reading
 * vlan_id, vlan_pcp or native_vlan gives the argument's value, empty when it was not given
 * (Click gives the text as written, and only for an argument given by keyword); vlan_tci
 * reads ANNO or the tag.  Per instance (no include guard); include after runtime/ckargs.h. */
#include <ctype.h>
#include "ethernet/ckvlananno.h"

static int ELEM(vl_anno);         /* VLAN_TCI is ANNO */
static int32_t ELEM(vl_tci) = -1; /* VLAN_TCI as a number; -1: not given */
static int32_t ELEM(vl_id), ELEM(vl_pcp), ELEM(vl_native);
static unsigned ELEM(vl_given);   /* 1: VLAN_ID given, 2: VLAN_PCP, 4: NATIVE_VLAN */
static uint16_t ELEM(vl_value);   /* the tag, host order */

static void ELEM(vl_update)(void)
{
    ELEM(vl_value) = (uint16_t)((ELEM(vl_tci) >= 0 ? ELEM(vl_tci) : ELEM(vl_id)) |
                                ELEM(vl_pcp) << 13);
}

/* VLAN_TCI's word: ANNO (where the class allows it) or a number up to 0xFFFF. */
static int ELEM(vl_set_tci)(const char *value, ck_errh *errh)
{
#ifdef CK_VLAN_ANNO
    while (isspace((unsigned char)*value))
        value++;
    size_t n = strlen(value);
    while (n && isspace((unsigned char)value[n - 1]))
        n--;
    if (n == 4 && memcmp(value, "ANNO", 4) == 0) {
        ELEM(vl_anno) = 1;
        ELEM(vl_tci) = -1;
        ELEM(vl_update)();
        return 0;
    }
#endif
    uint64_t v;
    if (ck_arg_unsigned(errh, "VLAN_TCI", value, 0xFFFF, &v) < 0)
        return -1;
    ELEM(vl_anno) = 0;
    ELEM(vl_tci) = (int32_t)v;
    ELEM(vl_update)();
    return 0;
}

/* The arguments as configured (the compiler checked their ranges). */
static int ELEM(vl_setup)(ck_errh *errh)
{
#if CONF_GIVEN(VLAN_TCI)
    if (ELEM(vl_set_tci)(CONF(VLAN_TCI), errh) < 0)
        return -1;
#else
    (void)errh;
#endif
    ELEM(vl_id) = (int32_t)CONF(VLAN_ID);
    ELEM(vl_pcp) = (int32_t)CONF(VLAN_PCP);
    ELEM(vl_given) = (CONF_GIVEN(VLAN_ID) ? 1u : 0u) | (CONF_GIVEN(VLAN_PCP) ? 2u : 0u);
#ifdef CK_VLAN_NATIVE
    ELEM(vl_native) = (int32_t)CONF(NATIVE_VLAN);
    ELEM(vl_given) |= CONF_GIVEN(NATIVE_VLAN) ? 4u : 0u;
#endif
    ELEM(vl_update)();
    return 0;
}

static CK_UNUSED int ELEM(read_vlan_tci)(ck_buf *out)
{
    if (ELEM(vl_anno))
        ck_buf_puts(out, "ANNO");
    else
        ck_buf_printf(out, "%u", (unsigned)ELEM(vl_value));
    return 0;
}

static CK_UNUSED int ELEM(write_vlan_tci)(const char *value, ck_errh *errh)
{
    return ELEM(vl_set_tci)(value, errh);
}

/* One numeric argument's read side: its value when given (bit `given` of vl_given). */
static void ELEM(vl_read)(ck_buf *out, unsigned given, int32_t v)
{
    if (ELEM(vl_given) & given)
        ck_buf_printf(out, "%d", (int)v);
}

static CK_UNUSED int ELEM(read_vlan_id)(ck_buf *out)
{
    ELEM(vl_read)(out, 1, ELEM(vl_id));
    return 0;
}

static CK_UNUSED int ELEM(read_vlan_pcp)(ck_buf *out)
{
    ELEM(vl_read)(out, 2, ELEM(vl_pcp));
    return 0;
}

/* A keyword argument KW up to max written through its handler: stored in *var, bit `given`
 * of vl_given set, the tag recomputed (Click's reconfigure_keyword_handler). */
static int ELEM(vl_write)(const char *value, ck_errh *errh, const char *kw, uint64_t max,
                          int32_t *var, unsigned given)
{
    uint64_t v;
    if (ck_arg_unsigned(errh, kw, value, max, &v) < 0)
        return -1;
    *var = (int32_t)v;
    ELEM(vl_given) |= given;
    ELEM(vl_update)();
    return 0;
}

static CK_UNUSED int ELEM(write_vlan_id)(const char *value, ck_errh *errh)
{
    return ELEM(vl_write)(value, errh, "VLAN_ID", 0xFFF, &ELEM(vl_id), 1);
}

static CK_UNUSED int ELEM(write_vlan_pcp)(const char *value, ck_errh *errh)
{
    return ELEM(vl_write)(value, errh, "VLAN_PCP", 7, &ELEM(vl_pcp), 2);
}

/* ", VLAN_ID i, VLAN_PCP p" or ", ANNO" (with the leading separator `sep`), then
 * ", NATIVE_VLAN n" when it is not 0: Click's config read handler after the class's own
 * fields. */
static void ELEM(vl_config)(ck_buf *out, const char *sep)
{
    if (ELEM(vl_anno))
        ck_buf_printf(out, "%sANNO", sep);
    else
        ck_buf_printf(out, "%sVLAN_ID %u, VLAN_PCP %u", sep, (unsigned)(ELEM(vl_value) & 0xFFF),
                      (unsigned)(ELEM(vl_value) >> 13 & 7));
#ifdef CK_VLAN_NATIVE
    if (ELEM(vl_native) != 0)
        ck_buf_printf(out, ", NATIVE_VLAN %d", (int)ELEM(vl_native));
#endif
}

#ifdef CK_VLAN_NATIVE
/* The packet's tag belongs to the native VLAN (sent untagged). */
static inline int ELEM(vl_is_native)(uint16_t tci)
{
    return ELEM(vl_native) >= 0 && (tci & 0xFFF) == (uint16_t)ELEM(vl_native);
}
#endif
