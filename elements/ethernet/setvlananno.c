/* SetVLANAnno([VLAN_TCI, VLAN_PCP, VLAN_ID]): stores the tag (VLAN_TCI if given, else VLAN_ID,
 * with VLAN_PCP in the top 3 bits) in the VLAN_TCI annotation of every packet (Click's
 * elements/ethernet/setvlananno.cc).  Arguments and handlers: ethernet/ckvlan.h. */
#include "ckargs.h"
#include "ethernet/ckvlan.h"

static int
ELEM(init)(ck_errh *errh)
{
    return ELEM(vl_setup)(errh);
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    ck_set_vlan_anno(p, ELEM(vl_value));
    return p;
}
#include "simple_action.h"

static CK_UNUSED int ELEM(read_config)(ck_buf *out)
{
    ELEM(vl_config)(out, "");
    return 0;
}
