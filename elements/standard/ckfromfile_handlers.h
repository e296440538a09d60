/* The handlers the text trace readers share (FromTcpdump, FromCapDump, FromNLANRDump: Click's
 * read_handler/write_handler and FromFile's): sampling_prob, the handlers of
 * standard/ckfromfile_basehandlers.h (active, its write's error message CK_FF_ACTIVE_MSG,
 * encap, filepos, filesize of CK_FF_FILENAME, "-" when CK_FF_COMPRESSED) and stop.  Included
 * once per instance after the template defines ELEM(sampling_prob), ELEM(active),
 * ELEM(update_live)(), ELEM(filepos) and, unless they are the defaults, the three macros. */
#include "standard/ckfromfile_basehandlers.h"
CK_DATA_READ_WITH(sampling_prob, ck_unparse_real2, ELEM(sampling_prob), 28);

#include "standard/ckfromfile_stop.h"
