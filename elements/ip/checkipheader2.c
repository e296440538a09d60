/* CheckIPHeader2: CheckIPHeader with CHECKSUM false unless given (Click's
 * elements/ip/checkipheader2.cc only changes that default); see checkipheader.c. */
#include "ip/checkipheader_body.h"

static CK_UNUSED int ELEM(read_drops)(ck_buf *out)
{
    ck_buf_printf(out, "%u", CK_STAT_LOAD(ELEM(drops)));
    return 0;
}

static CK_UNUSED int ELEM(read_drop_details)(ck_buf *out)
{
    if (!CONF(DETAILS))
        return -ENOENT; /* Click adds the handler only with DETAILS */
    for (int i = 0; i < 6; i++)
        ck_buf_printf(out, "%u\t%s\n", CK_STAT_LOAD(ELEM(reason_drops)[i]), ELEM(reason_texts)[i]);
    return 0;
}
