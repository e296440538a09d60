/* Truncate(LENGTH [, EXTRA_LENGTH]): a packet longer than LENGTH bytes loses its tail beyond
 * LENGTH (Click's elements/standard/truncate.cc); with EXTRA_LENGTH (the default) the bytes
 * removed are added to the EXTRA_LENGTH annotation.  Handler nbytes reads and changes LENGTH. */
static uint32_t ELEM(nbytes);

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(nbytes) = (uint32_t)CONF(LENGTH);
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (p->len > ELEM(nbytes)) {
        uint32_t cut = p->len - ELEM(nbytes);
        if (CONF(EXTRA_LENGTH))
            ck_set_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET,
                            ck_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET) + cut);
        ck_packet_take(p, cut);
    }
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ(nbytes, ELEM(nbytes));
CK_DATA_WRITE_UINT(nbytes, ELEM(nbytes), UINT32_MAX, "expected integer");
