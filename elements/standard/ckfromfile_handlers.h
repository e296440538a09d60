/* The handlers the text trace readers share (FromTcpdump, FromCapDump, FromNLANRDump: Click's
 * read_handler/write_handler and FromFile's): sampling_prob, active (read and write, the write's
 * error message CK_FF_ACTIVE_MSG), encap ("IP"), filepos, filesize (of the file CK_FF_FILENAME;
 * "-" when CK_FF_COMPRESSED) and stop.  Included once per instance after the template defines
 * ELEM(sampling_prob), ELEM(active), ELEM(update_live)(), ELEM(filepos) and the three macros,
 * which this file undefines. */
#include "standard/ckdata.h"
CK_DATA_READ_WITH(sampling_prob, ck_unparse_real2, ELEM(sampling_prob), 28);
CK_DATA_READ_BOOL(active, ELEM(active));
CK_DATA_READ_STRING(encap, "IP");
CK_DATA_WRITE_BOOL_THEN(active, ELEM(active), CK_FF_ACTIVE_MSG, ELEM(update_live)());
CK_DATA_READ(filepos, ELEM(filepos));

static CK_UNUSED int ELEM(read_filesize)(ck_buf *out)
{
    ck_fromfile_filesize(out, CK_FF_FILENAME, CK_FF_COMPRESSED);
    return 0;
}

#include "standard/ckfromfile_stop.h"
#undef CK_FF_ACTIVE_MSG
#undef CK_FF_FILENAME
#undef CK_FF_COMPRESSED
