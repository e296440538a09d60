/* The handlers every trace reader built on FromFile shares (FromTcpdump, FromCapDump,
 * FromNLANRDump through standard/ckfromfile_handlers.h; FromNetFlowSummaryDump alone): active
 * (read and write, the write's error message CK_FF_ACTIVE_MSG), encap ("IP"), filepos and
 * filesize (of the file CK_FF_FILENAME; "-" when CK_FF_COMPRESSED).  Included once per instance
 * after the template defines ELEM(active), ELEM(update_live)() and ELEM(filepos); the three
 * macros default to "type mismatch", CONF(FILENAME) and ELEM(compressed), and this file
 * undefines them.  A template that defines CK_FF_OWN_ENCAP defines its own encap handler
 * (FromDAGDump: the last record's link type). */
#include "standard/ckdata.h"
#ifndef CK_FF_ACTIVE_MSG
#define CK_FF_ACTIVE_MSG "type mismatch"
#endif
#ifndef CK_FF_FILENAME
#define CK_FF_FILENAME CONF(FILENAME)
#endif
#ifndef CK_FF_COMPRESSED
#define CK_FF_COMPRESSED ELEM(compressed)
#endif
CK_DATA_READ_BOOL(active, ELEM(active));
#ifndef CK_FF_OWN_ENCAP
CK_DATA_READ_STRING(encap, "IP");
#endif
CK_DATA_WRITE_BOOL_THEN(active, ELEM(active), CK_FF_ACTIVE_MSG, ELEM(update_live)());
CK_DATA_READ(filepos, ELEM(filepos));

static CK_UNUSED int ELEM(read_filesize)(ck_buf *out)
{
    ck_fromfile_filesize(out, CK_FF_FILENAME, CK_FF_COMPRESSED);
    return 0;
}
#undef CK_FF_ACTIVE_MSG
#undef CK_FF_FILENAME
#undef CK_FF_COMPRESSED
#undef CK_FF_OWN_ENCAP
