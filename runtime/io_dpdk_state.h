/*
 * The DPDK state of a process, as opposed to a router's (runtime/io_dpdk.h): whether the EAL is
 * initialized, the mbuf pool, how each port is configured and whether it is started, the number
 * of DPDK elements alive, the zero-copy buffers held.  Defined in runtime/io_args.c, so it lives
 * in the runtime: in a `clickc run -R` process that is the resident host (runtime/hotswap.c),
 * which outlives every router object it loads, and a successor router finds the EAL, the pool
 * and the started ports of its predecessor there (docs/reconfiguration.md, "DPDK ports").
 *
 * Nothing here needs DPDK's headers (the pool is an opaque pointer), so every router links it.
 */
#ifndef CK_IO_DPDK_STATE_H
#define CK_IO_DPDK_STATE_H

#include "clickc.h"

#include <pthread.h>

#define CK_DPDK_MAX_PORTS 32

/* How a port is configured: its receive and transmit queue counts (at least 1 each when
 * started), descriptors per ring (0: 1024), promiscuous mode; `used` and `started` say whether a
 * router asked for it and whether it runs. */
typedef struct ck_dpdk_port {
    int used;
    uint16_t nb_rx, nb_tx; /* queues to configure (at least 1 each) */
    uint16_t rx_desc, tx_desc;
    int promisc;
    int started;
} ck_dpdk_port;

typedef struct ck_dpdk_state {
    int eal_done;    /* 1 initialized, -1 failed, 0 not yet */
    int users;       /* DPDK elements initialized and not cleaned up, over every router */
    void *pool;      /* struct rte_mempool *: the mbuf pool of every port, made once */
    ck_dpdk_port running[CK_DPDK_MAX_PORTS]; /* each port's settings when it was started */
    pthread_mutex_t lock; /* port starts and reconfigurations */
    /* mbuf-backed buffers each thread made (+1) and gave back (-1): their sum is what packets
     * still hold (then the EAL, which owns the pool's memory, is not cleaned up).  Each thread
     * writes only its own slot; the sum is read after the threads are joined. */
    struct { _Alignas(64) int64_t n; } zc_held[CK_MAX_THREADS];
} ck_dpdk_state;

extern ck_dpdk_state ck_dpdk_shared;

/* Called by every router thread but thread 0 when it leaves ck_run (runtime/sched.c; NULL: none):
 * the DPDK code sets it to release the EAL lcore the thread registered as, so that the next
 * run's threads (a hot swap starts new ones) reuse it and its mempool cache. */
extern void (*ck_thread_exit_hook)(void);

#endif /* CK_IO_DPDK_STATE_H */
