/* Click's FixedPointArg(bits).parse for run-time handler values (lib/args.cc: parse_fraction
 * rounds the decimal fraction to 32 binary places, then to `bits` with rounding to nearest):
 * an unsigned decimal "[+]DIGITS[.DIGITS]" or "[+].DIGITS", surrounding spaces ignored.
 * Returns 0 and the value in units of 2^-bits, or -1 for other text or a value that does not
 * fit in 32 bits (exponents and '_' separators, which Click also accepts, are refused here;
 * configuration arguments are parsed at compile time by clickc.args with all of Click's
 * forms). */
#ifndef CLICKC_CKFIXED_H
#define CLICKC_CKFIXED_H

#include <stdint.h>

static CK_UNUSED int ck_parse_fixed_u32(const char *s, int bits, uint32_t *out)
{
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    if (*s == '+')
        s++;
    const char *ip = s;
    uint64_t ivalue = 0;
    int ndig = 0;
    while (*s >= '0' && *s <= '9') {
        ivalue = ivalue * 10 + (uint64_t)(*s - '0');
        if (ivalue > UINT32_MAX)
            return -1;
        s++;
        ndig++;
    }
    const char *fp = NULL, *fe = NULL;
    if (*s == '.') {
        fp = ++s;
        while (*s >= '0' && *s <= '9')
            s++;
        fe = s;
        ndig += (int)(fe - fp);
    }
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    if (*s || ndig == 0 || (s == ip))
        return -1;
    /* the fraction to 32 binary places, rounded (Click's fraction_accum: digits from the
     * last one, accumulated with one extra bit) */
    uint64_t accum = 0;
    if (fp)
        for (const char *x = fe; x != fp; ) {
            x--;
            accum = (accum + ((uint64_t)(*x - '0') << 33)) / 10;
        }
    accum += 1;
    uint64_t fvalue = (accum >> 1) & 0xFFFFFFFFu;
    if (accum >= ((uint64_t)1 << 33))
        ivalue++;
    uint64_t mi = ivalue, mf = fvalue + ((uint64_t)1 << (31 - bits));
    if (mf > 0xFFFFFFFFu) {
        mi++;
        mf &= 0xFFFFFFFFu;
    }
    if (mi >= ((uint64_t)1 << (32 - bits)))
        return -1;
    *out = (uint32_t)((mi << bits) | (mf >> (32 - bits)));
    return 0;
}

#endif
