/* The task and pull of a source that hands on one packet at a time (RatedSource, FromDump,
 * FromIPSummaryDump; per instance).  The template defines ELEM(next)(): the next packet to
 * send, already counted (ck_source_took), or NULL when there is none now, and may define
 * SOURCE_BURST, the most packets one task run sends (default 1, Click's; FromDump's BURST).
 * run_task pushes them on output 0 (in push context only; it returns the number of packets
 * sent), one by one or as vectors (standard/ckburst.h); pull returns one. */
#include "standard/ckburst.h"
#ifndef SOURCE_BURST
#define SOURCE_BURST 1
#endif

static CK_UNUSED int ELEM(run_task)(void)
{
    if (!OUTPUT_IS_PUSH(0))
        return 0;
    ck_packet *v[ELEM(burst_chunk)];
    int nv = 0, sent = 0;
    for (uint32_t i = 0; i < (uint32_t)(SOURCE_BURST); i++) {
        ck_packet *p = ELEM(next)();
        if (!p)
            break;
        v[nv++] = p;
        sent++;
        if (nv == ELEM(burst_chunk)) {
            ELEM(output_burst)(v, nv);
            nv = 0;
        }
    }
    ELEM(output_burst)(v, nv);
    return sent;
}
#undef SOURCE_BURST

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    return ELEM(next)();
}
