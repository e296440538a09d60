/* The 6-byte annotation ANNO of GetEtherAddress, SetEtherAddress and StoreEtherAddress
 * (Click's AnnoArg(6)), per instance: standard/ckannoarg.h's ELEM(anno_off), and
 * ELEM(anno6_setup)(errh) for the template's init, which also refuses a given ANNO whose 6
 * bytes do not fit in the annotation area ("bad annotation"). */
#include "standard/ckannoarg.h"

static int ELEM(anno6_setup)(ck_errh *errh)
{
    if (ELEM(anno_setup)(errh) < 0)
        return -1;
    if (CONF_GIVEN(ANNO) && ELEM(anno_off) + 6 > CK_ANNO_SIZE)
        return ck_error(errh, "bad annotation");
    return 0;
}
