/* A harness that runs the scheduler templates (elements/standard/priosched.c,
 * roundrobinsched.c, drrsched.c, stridesched.c) against scripted input queues, for the
 * property tests of tests/sched/test_properties.py.
 *
 * Usage: sched_harness SCHED < OPS, SCHED one of prio, rr, drr, stride. OPS lines:
 *   e I LEN   append a packet of LEN bytes to input I's queue (ids count from 0)
 *   p         pull once from the scheduler: prints "I ID" (the input and packet id it came
 *             from) or "-" when the scheduler returned nothing
 *   s         print the queue lengths "n0 n1 ..." (what was ready before the next pull)
 * The template is bound with NINPUTS 6, DRRSched's QUANTUM 300 and StrideSched's tickets
 * (3, 1, 0, 2, 5, 1); packets are never freed through the runtime (static storage). */
#include "clickc.h"
#include <stdio.h>

#define NIN 6
#define QCAP 4096
static ck_packet pkts[NIN * QCAP];
static ck_packet *queue[NIN][QCAP];
static int qhead[NIN], qtail[NIN];
static int npkts;

/* The runtime's ck_packet_kill, for DRRSched's cleanup of held packets: packets here live in
 * static storage, so a kill only counts. */
static int nkilled;
void ck_packet_kill(ck_packet *p)
{
    (void)p;
    nkilled++;
}

static ck_packet *input_pull(int port)
{
    if (port < 0 || port >= NIN || qhead[port] == qtail[port])
        return NULL;
    return queue[port][qhead[port]++];
}

#define NINPUTS NIN
#define NOUTPUTS 1
#define ELEMENT_INDEX 0
#define ELEMENT_NAME "sched"
#define INPUT_PULL(port) input_pull(port)
#define CONF(NAME) CONF_##NAME
#define CONF_QUANTUM 300

#define ELEM(s) prio_##s
#include "standard/priosched.c"
#undef ELEM
#define ELEM(s) rr_##s
#include "standard/roundrobinsched.c"
#undef ELEM
#define ELEM(s) drr_##s
#include "standard/drrsched.c"
#undef ELEM
#define ELEM(s) stride_##s
static const int stride_conf_tickets[] = {3, 1, 0, 2, 5, 1};
static const int stride_conf_ntickets = 6;
#include "standard/stridesched.c"
#undef ELEM

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    ck_packet *(*pull)(int) = NULL;
    if (!strcmp(argv[1], "prio"))
        pull = prio_pull;
    else if (!strcmp(argv[1], "rr"))
        pull = rr_pull;
    else if (!strcmp(argv[1], "drr")) {
        if (drr_init(NULL) < 0)
            return 2;
        pull = drr_pull;
    } else if (!strcmp(argv[1], "stride")) {
        if (stride_init(NULL) < 0)
            return 2;
        pull = stride_pull;
    } else
        return 2;
    char line[64];
    while (fgets(line, sizeof line, stdin)) {
        int i, len;
        if (sscanf(line, "e %d %d", &i, &len) == 2) {
            if (i < 0 || i >= NIN || qtail[i] == QCAP || npkts == NIN * QCAP)
                return 3;
            ck_packet *p = &pkts[npkts];
            p->len = (uint32_t)len;
            p->vidx = npkts++;
            queue[i][qtail[i]++] = p;
        } else if (line[0] == 'p') {
            ck_packet *p = pull(0);
            if (!p)
                printf("-\n");
            else {
                int from = -1;
                for (int k = 0; k < NIN; k++)
                    if (qhead[k] > 0 && queue[k][qhead[k] - 1] == p)
                        from = k;
                printf("%d %d\n", from, (int)p->vidx);
            }
        } else if (line[0] == 's') {
            for (int k = 0; k < NIN; k++)
                printf("%s%d", k ? " " : "", qtail[k] - qhead[k]);
            printf("\n");
        }
    }
    drr_cleanup();
    return 0;
}
