/* Write-handler values parsed with Click's Args rules and error wording (Click's lib/args.cc
 * IntArg, lib/ipaddress.cc IPPortArg, Args::postparse), for element templates whose write
 * handlers Click implements as reconfigure_keyword_handler ("CAPACITY: invalid number",
 * "SPORT: overflow, range 0-65535", "SRC: parse error") or as data handlers ("expected
 * boolean").  Header-only; include after clickc.h.
 *
 * Every function takes the raw handler value (leading and trailing white space is ignored, as
 * Click's argument splitting drops it) and, on error, reports through ck_error and returns -1
 * (its output is then 0); 0 on success.  KW is the argument's keyword as Click names it in
 * the message.  Numbers are read by ck_intarg_unsigned (util.c), as ck_parse_uint64 reads
 * them. */
#ifndef CLICKC_CKARGS_H
#define CLICKC_CKARGS_H

#include <ctype.h>
#include <stdint.h>

/* An unsigned keyword argument of at most max (the C type's maximum, e.g. 4294967295 for a
 * uint32_t): "KW: invalid number" / "KW: out of range, bound MAX" as Click's IntArg. */
static inline CK_UNUSED int ck_arg_unsigned(ck_errh *errh, const char *kw, const char *value,
                                            uint64_t max, uint64_t *out)
{
    switch (ck_intarg_unsigned(value, max, out)) {
    case CK_INTARG_OK:
        return 0;
    case CK_INTARG_RANGE:
        return ck_error(errh, "%s: out of range, bound %llu", kw, (unsigned long long)max);
    default:
        return ck_error(errh, "%s: invalid number", kw);
    }
}

/* A keyword argument whose parser failed without its own message (IPAddressArg,
 * EtherAddressArg, BandwidthArg...): Click's Args::postparse says "KW: parse error". */
static inline CK_UNUSED int ck_arg_parse_error(ck_errh *errh, const char *kw)
{
    return ck_error(errh, "%s: parse error", kw);
}

/* A port number keyword argument (Click's IPPortArg: a number that IntArg reads as 32 bits;
 * above 65535 "KW: overflow, range 0-65535"; anything else "KW: parse error").  Service names
 * are not looked up at run time. */
static inline CK_UNUSED int ck_arg_port(ck_errh *errh, const char *kw, const char *value,
                                        uint16_t *out)
{
    uint64_t v;
    *out = 0;
    int r = ck_intarg_unsigned(value, UINT32_MAX, &v);
    if (r == CK_INTARG_OK && v > 0xFFFF)
        return ck_error(errh, "%s: overflow, range 0-65535", kw);
    if (r != CK_INTARG_OK)
        return ck_arg_parse_error(errh, kw);
    *out = (uint16_t)v;
    return 0;
}

/* A boolean data handler's value (Click's Handler data write for bool: BoolArg, else
 * "expected boolean"). */
static inline CK_UNUSED int ck_arg_data_bool(ck_errh *errh, const char *value, int *out)
{
    *out = 0;
    if (ck_parse_bool(value, out) < 0)
        return ck_error(errh, "expected boolean");
    return 0;
}

/* A queue's CAPACITY write (Click's SimpleQueue/FrontDropQueue capacity handler re-runs
 * configure with "CAPACITY VALUE"): an empty value means the default, 1000; otherwise an
 * unsigned 32-bit number with Click's messages; a capacity whose slot array cannot be
 * addressed (more than UINT32_MAX / 8 packets) is "out of memory", as Click's allocation would
 * fail. */
static inline CK_UNUSED int ck_arg_queue_capacity(ck_errh *errh, const char *value,
                                                  uint32_t *out)
{
    const char *s = value;
    *out = 0;
    while (isspace((unsigned char)*s))
        s++;
    uint64_t v = 1000;
    if (*s && ck_arg_unsigned(errh, "CAPACITY", s, UINT32_MAX, &v) < 0)
        return -1;
    if (v >= UINT32_MAX / 8)
        return ck_error(errh, "out of memory");
    *out = (uint32_t)v;
    return 0;
}

#endif /* CLICKC_CKARGS_H */
