/* SetCRC32: appends the CRC-32 of the packet's data (standard/ckcrc32.h: Click's lib/crc32.c)
 * as 4 bytes in host byte order, as Click's elements/standard/setcrc32.cc writes it.  Out of
 * memory is a counted drop. */
#include "standard/ckcrc32.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    uint32_t len = p->len, crc = ck_crc32_update(0xFFFFFFFFu, p->data, len);
    p = ck_packet_put(p, 4);
    if (!p) {
        ck_count_drop(ELEMENT_INDEX, "out of memory");
        return NULL;
    }
    memcpy(p->data + len, &crc, 4);
    return p;
}
#include "simple_action.h"
