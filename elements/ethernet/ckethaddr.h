/* The src and dst read handlers of EtherEncap and EtherRewrite (per instance): ELEM(ethh)
 * holds the Ethernet header's destination address, then its source address. */

#include "standard/ckdata.h"
CK_DATA_READ_WITH(src, ck_unparse_ether, ELEM(ethh) + 6);
CK_DATA_READ_WITH(dst, ck_unparse_ether, ELEM(ethh));
