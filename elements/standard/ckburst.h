/* Handing a burst of packets to output 0 (per instance; no include guard): ELEM(output_burst)
 * and the constant ELEM(burst_chunk).  The batch pass (passes/batching.py, docs/batching.md) defines
 * BATCH_SIZE and OUTPUT_BATCH(port, v, n) before the template when a region's packets are
 * processed as vectors; otherwise every packet is pushed on its own, in order, as Click does.
 * A source collects at most ELEM(burst_chunk) packets before calling ELEM(output_burst), so
 * per packet (a chunk of 1) each packet is made and pushed before the next one is made, as in
 * Click.  This header undefines BATCH_SIZE and OUTPUT_BATCH at its end: include it once. */
#ifndef BATCH_SIZE
#define BATCH_SIZE 0
#define OUTPUT_BATCH(port, v, n) ((void)(port), (void)(v), (void)(n))
#endif
enum { ELEM(burst_chunk) = BATCH_SIZE > 0 ? BATCH_SIZE : 1 };

/* Push v[0..n-1] (n >= 0) on output 0: as batches of up to BATCH_SIZE in vector mode, else one
 * by one. */
static CK_UNUSED void ELEM(output_burst)(ck_packet **v, int n)
{
#if BATCH_SIZE > 0
    for (int i = 0; i < n; i += BATCH_SIZE)
        OUTPUT_BATCH(0, v + i, n - i < BATCH_SIZE ? n - i : BATCH_SIZE);
#else
    for (int i = 0; i < n; i++)
        OUTPUT(0, v[i]);
#endif
}

#undef BATCH_SIZE
#undef OUTPUT_BATCH
