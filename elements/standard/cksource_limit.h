/* LIMIT and END_CALL of InfiniteSource and RandomSource (per instance; Click's RandomSource is
 * an InfiniteSource): the template defines ELEM(active), ELEM(limit) (int64_t, negative: no
 * limit), ELEM(burst), ELEM(count) (uint64_t), ELEM(ended), ELEM(end_call) (a handler call
 * text or NULL), ELEM(update_live)() and ELEM(make)() (a new packet, or NULL), then includes
 * this file for:
 *   ELEM(end)()            END_CALL (or STOP's "stop"), once per time the limit is reached;
 *   ELEM(burst_size)()     the packets a task run may send: BURST, cut at LIMIT;
 *   ELEM(sent)(n)          after a run that sent n: counted, and at the limit the source ends;
 *   ELEM(pull)(port)       one packet per pull until LIMIT, then END_CALL;
 *   ELEM(run_task)()       up to BURST packets pushed on output 0, one by one, or as vectors
 *                          in vector mode (standard/ckburst.h). */
#include "standard/ckburst.h"

static CK_UNUSED void ELEM(end)(void)
{
    if (ELEM(ended))
        return;
    ELEM(ended) = 1;
    if (ELEM(end_call)) {
        ck_errh errh;
        ck_errh_init(&errh, ELEMENT_LANDMARK, NULL);
        (void)ck_call_write_text(ELEM(end_call), &errh);
    }
}

static CK_UNUSED int64_t ELEM(burst_size)(void)
{
    int64_t n = ELEM(burst);
    if (ELEM(limit) >= 0 && ELEM(count) + (uint64_t)n >= (uint64_t)ELEM(limit))
        n = ELEM(count) > (uint64_t)ELEM(limit) ? 0 : ELEM(limit) - (int64_t)ELEM(count);
    return n;
}

static CK_UNUSED void ELEM(sent)(int64_t i)
{
    ELEM(count) += (uint64_t)i;
    ck_source_count((uint64_t)i);
    if (i == 0 && ELEM(limit) >= 0 && ELEM(count) >= (uint64_t)ELEM(limit)) {
        ELEM(update_live)();
        ELEM(end)();
    }
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    if (!ELEM(active))
        return NULL;
    if (ELEM(limit) >= 0 && ELEM(count) >= (uint64_t)ELEM(limit)) {
        ELEM(update_live)();
        ELEM(end)();
        return NULL;
    }
    return ck_source_took(ELEM(make)(), &ELEM(count));
}

static CK_UNUSED int ELEM(run_task)(void)
{
    if (!OUTPUT_IS_PUSH(0) || !ELEM(active))
        return 0;
    int64_t n = ELEM(burst_size)();
    int64_t i;
    if (ELEM(burst_chunk) == 1) { /* per packet: the plain loop (the chunked one below costs
                                   * iprouter-01 about 1%: docs/batching.md) */
        for (i = 0; i < n; i++) {
            ck_packet *p = ELEM(make)();
            if (!p) /* out of memory: as below */
                break;
            OUTPUT(0, p);
        }
        ELEM(sent)(i);
        return (int)i;
    }
    ck_packet *v[ELEM(burst_chunk)];
    int nv = 0;
    for (i = 0; i < n; i++) {
        ck_packet *p = ELEM(make)();
        if (!p) /* out of memory: no packet was made, so none is lost; the next run retries */
            break;
        v[nv++] = p;
        if (nv == ELEM(burst_chunk)) {
            ELEM(output_burst)(v, nv);
            nv = 0;
        }
    }
    ELEM(output_burst)(v, nv);
    ELEM(sent)(i);
    return (int)i;
}
