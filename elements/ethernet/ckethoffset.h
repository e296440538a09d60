/* The OFFSET word of StoreEtherAddress and GetEtherAddress (Click's
 * elements/ethernet/storeetheraddress.cc and getetheraddress.cc): "src" (6), "dst" (0), in any
 * case, or a byte offset.  The compiler has checked the word ("type mismatch: bad OFFSET").
 * Once per router. */
#ifndef CLICKC_CKETHOFFSET_H
#define CLICKC_CKETHOFFSET_H
#include <strings.h>

static inline uint32_t ck_ether_offset(const char *word)
{
    uint64_t v = 0;
    if (strcasecmp(word, "src") == 0)
        return 6;
    if (strcasecmp(word, "dst") == 0)
        return 0;
    if (ck_parse_uint64(word, &v) < 0 || v > UINT32_MAX - 6)
        return UINT32_MAX - 6;
    return (uint32_t)v;
}
#endif
