/* The cleanup and the extend_interval handler of the cell trace readers (FromNLANRDump,
 * FromDAGDump).  Included once per instance after the template defines FILE *ELEM(f),
 * ELEM(piped), ck_packet *ELEM(held) (a packet read ahead or held for TIMING), ELEM(live),
 * ELEM(active), ELEM(update_live)(), ELEM(times) and ELEM(end_call) (standard/cktraceend.h),
 * and CK_TR_ON_EXTEND for standard/cktraceextend.h (extend_interval), which this file
 * includes. */
static void ELEM(cleanup)(void)
{
    ck_fromfile_close(&ELEM(f), &ELEM(piped));
    if (ELEM(held))
        ck_packet_kill(ELEM(held));
    ELEM(held) = NULL;
    free(ELEM(end_call));
    ELEM(end_call) = NULL;
    ck_source_set_live(0, &ELEM(live));
}

#include "standard/cktraceextend.h"
