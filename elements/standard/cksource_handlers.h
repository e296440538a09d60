/* The handlers InfiniteSource and RatedSource share (per instance): data, active, count,
 * length and datasize reads, and datasize as a second name of the length write.  The
 * template defines ELEM(data), ELEM(datalen), ELEM(active), ELEM(count) (uint64_t),
 * ELEM(datasize) and ELEM(write_length) before including this file. */

#include "standard/ckdata.h"
CK_DATA_READ_WITH(data, ck_buf_append, ELEM(data), ELEM(datalen));
CK_DATA_READ_BOOL(active, ELEM(active));
CK_DATA_READ(count, (unsigned long long)ELEM(count));
CK_DATA_READ(length, ELEM(datasize));

static CK_UNUSED int ELEM(read_datasize)(ck_buf *out) { return ELEM(read_length)(out); }

static CK_UNUSED int ELEM(write_datasize)(const char *value, ck_errh *errh)
{
    return ELEM(write_length)(value, errh);
}
