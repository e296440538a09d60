/* CheckCRC32: Click's elements/standard/checkcrc32.cc.  A packet whose last 4 bytes (host byte
 * order) are the CRC-32 of the bytes before them (standard/ckcrc32.h) loses those 4 bytes and
 * passes; any other packet, or one under 4 bytes, is dropped ("bad CRC32", counted by the drops
 * handler) after Click's message "CRC32 failed, len N".  With ELEMENT_NTHREADS above 1 the
 * drops counter is a relaxed atomic (standard/ckstat.h). */
#include "standard/ckcrc32.h"
#include "standard/ckstat.h"
static uint64_t ELEM(drops);

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    uint32_t stored;
    if (p->len >= 4) {
        memcpy(&stored, p->data + p->len - 4, 4);
        if (stored == ck_crc32_update(0xFFFFFFFFu, p->data, p->len - 4)) {
            ck_packet_take(p, 4);
            return p;
        }
    }
    ck_chatter("CRC32 failed, len %u", (unsigned)p->len);
    CK_STAT_ADD(ELEM(drops), 1);
    ck_drop(p, ELEMENT_INDEX, "bad CRC32");
    return NULL;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ(drops, CK_STAT_LOAD(ELEM(drops)));
