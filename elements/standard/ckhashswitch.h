/* HashSwitch's choice of an output (Click's elements/standard/hashswitch.cc), shared by
 * HashSwitch and FromDump's SHARD (flow-split's sharded file sources, docs/passes.md
 * "Sharded file sources"), so that a sharded source takes exactly the packets a HashSwitch of
 * the same OFFSET, LENGTH and output count would send to its output.
 *
 * ck_hashswitch_choice(data, len, off, n, outputs): data holds len bytes; the sum d of the n
 * bytes at off chooses (d ^ (d >> 4)) & (outputs - 1) with 2, 4 or 8 outputs, otherwise
 * d % outputs; 0 when len < off + n.  outputs >= 1. */
#ifndef CK_HASHSWITCH_H
#define CK_HASHSWITCH_H
#include <stdint.h>

static inline int ck_hashswitch_choice(const unsigned char *data, uint64_t len, uint64_t off,
                                       uint64_t n, int outputs)
{
    if (len < off + n)
        return 0;
    int d = 0;
    for (uint64_t i = off; i < off + n; i++)
        d += data[i];
    if (outputs == 2 || outputs == 4 || outputs == 8)
        return (d ^ (d >> 4)) & (outputs - 1);
    return d % outputs;
}
#endif
