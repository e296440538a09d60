/*
 * DPDK ports for FromDPDKDevice / ToDPDKDevice: EAL initialization with the arguments given
 * after --dpdk (runtime/io_args.c), one packet-buffer pool, and ports configured once every
 * element has said which queues it uses, started on the first task run.
 *
 * Header-only and guarded (see io_afpacket.h); included only by the DPDK element templates,
 * whose specs name pkg-config's libdpdk, so routers without them never need DPDK.
 *
 * Zero copy (docs/io.md, "Zero-copy DPDK"): a received single-segment mbuf of the router's
 * pool becomes the packet's buffer: the ck_buffer header (refcount, size) is written at the
 * start of the mbuf's data room, inside DPDK's headroom, so packet data never moves; the
 * ck_packet header (Click's annotations) comes from the thread's pool as usual.  On transmit a
 * packet that holds the only reference to such a buffer gives its mbuf back, its data offset
 * and length set from the packet (elements may have pulled, pushed, put or rewritten it in
 * place).  Anything else (a chained mbuf, a buffer shared with a clone, a packet made by the
 * router) is copied, as before.  The last reference to an mbuf-backed buffer that is not
 * transmitted frees the mbuf (ck_buffer_external_release).  Sources: DPDK's programmer's guide (EAL, Poll Mode Driver, Mbuf Library) and
 * API reference (rte_ethdev.h, rte_mbuf.h); FastClick's FromDPDKDevice/ToDPDKDevice for the
 * argument names and the --dpdk convention.
 *
 * What belongs to the process rather than to one router (the EAL, the pool, each port's
 * settings and whether it runs, the users, the zero-copy buffers held) lives in
 * ck_dpdk_shared (runtime/io_dpdk_state.h, defined in the runtime): in a `clickc run -R`
 * process, in the resident host, so that a successor router takes the started ports, their
 * queues and the pool as they are (docs/reconfiguration.md, "DPDK ports").  This file's
 * statics are the router's own: the settings its elements ask for and whether it has
 * reconciled the ports with them.
 */
#ifndef CK_IO_DPDK_H
#define CK_IO_DPDK_H

#include "clickc.h"
#include "hotswap.h"
#include "io_dpdk_state.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* The router is C11 (no GNU keywords); DPDK's headers use the GNU spellings. */
#ifndef typeof
#define typeof __typeof__
#endif
#ifndef asm
#define asm __asm__
#endif
#include <rte_devargs.h>
#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_ethdev.h>
#include <rte_lcore.h>
#include <rte_log.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>

#define CK_DPDK_POOL_MIN 16383u /* the smallest mbuf pool (2^k - 1 mbufs: a mempool's best) */
#ifndef CK_ROUTER_HELD_PACKETS /* the generated router defines it: its queues' capacities */
#define CK_ROUTER_HELD_PACKETS 0u
#endif
#define CK_DPDK_MAX_BURST 256u

extern int ck_dpdk_eal_argc;
extern char **ck_dpdk_eal_argv;
extern int ck_dpdk_eal_given;

/* The port settings this router's elements ask for (ck_dpdk_use; `started` unused: see
 * ck_dpdk_shared.running), and whether its first DPDK task run reconciled the ports with
 * them (1 done, -1 failed). */
static ck_dpdk_port ck_dpdk_ports[CK_DPDK_MAX_PORTS];
static volatile int ck_dpdk_all_started;

/* The process's mbuf pool (NULL until the first ports start). */
static inline struct rte_mempool *ck_dpdk_pool(void)
{
    return (struct rte_mempool *)ck_dpdk_shared.pool;
}

/* The mbuf whose data room starts with the external buffer b (rte_mbuf.h: a direct mbuf's
 * buf_addr is the mbuf plus its header and private area; the router's pool has none). */
static inline struct rte_mbuf *ck_dpdk_mbuf_of(ck_buffer *b)
{
    return (struct rte_mbuf *)(void *)((char *)b - sizeof(struct rte_mbuf));
}

/* The last reference to an mbuf-backed buffer (ck_buffer_external_release; the mbufs held
 * are counted in ck_dpdk_shared.zc_held: the EAL is not cleaned up while packets hold some, a
 * Queue's cleanup may free them later). */
static void ck_dpdk_buffer_release(ck_buffer *b)
{
    ck_dpdk_shared.zc_held[ck_thread_id].n--;
    rte_pktmbuf_free(ck_dpdk_mbuf_of(b));
}

/* Initialize the EAL (once per process: a successor router of a hot swap finds it done) and
 * make this router's code the release of mbuf-backed buffers, also those its predecessor's
 * packets hold (runtime/hotswap.c puts the previous release back when this router fails to
 * initialize, and keeps an object mapped while the release points into it).  The mbuf pool is
 * made when the ports start (ck_dpdk_start_all), once every DPDK element has said which queues
 * it uses.  Returns 0 or -1 after reporting. */
static CK_UNUSED int ck_dpdk_eal(ck_errh *errh)
{
    ck_dpdk_state *s = &ck_dpdk_shared;
    if (s->eal_done < 0)
        return ck_error(errh, "DPDK EAL initialization failed earlier in this process");
    if (s->eal_done > 0) {
        ck_buffer_external_release = ck_dpdk_buffer_release;
        ck_thread_exit_hook = rte_thread_unregister;
        return 0;
    }
    s->eal_done = -1;
    char *fallback[2] = {(char *)"clickc-router", NULL};
    int argc = ck_dpdk_eal_given ? ck_dpdk_eal_argc : 1;
    /* rte_eal_init may permute its argv: hand it a copy. */
    char **argv = calloc((size_t)argc + 1, sizeof(char *));
    if (!argv)
        return ck_error(errh, "out of memory");
    for (int i = 0; i < argc; i++)
        argv[i] = ck_dpdk_eal_given ? ck_dpdk_eal_argv[i] : fallback[i];
    int r = rte_eal_init(argc, argv);
    free(argv);
    if (r < 0)
        return ck_error(errh, "DPDK EAL initialization failed: %s (give EAL arguments after "
                              "--dpdk, ending with --)", rte_strerror(rte_errno));
    ck_buffer_external_release = ck_dpdk_buffer_release;
    /* a router thread that registered as an EAL thread (ck_dpdk_start_all) gives its lcore
     * back when it leaves ck_run: the next run's threads reuse it and its mempool cache */
    ck_thread_exit_hook = rte_thread_unregister;
    s->eal_done = 1;
    return 0;
}

/* Resolve PORT: a port number, or a device name ("net_pcap0", a PCI address).  Returns the
 * port id or -1 after reporting. */
static CK_UNUSED int ck_dpdk_port_id(const char *name, ck_errh *errh)
{
    char *end;
    unsigned long n = strtoul(name, &end, 10);
    uint16_t id;
    if (*name && !*end) {
        if (n >= CK_DPDK_MAX_PORTS || !rte_eth_dev_is_valid_port((uint16_t)n))
            return ck_error(errh, "DPDK: no port %s (%u ports available)", name,
                            (unsigned)rte_eth_dev_count_avail());
        return (int)n;
    }
    if (rte_eth_dev_get_port_by_name(name, &id) != 0 || id >= CK_DPDK_MAX_PORTS)
        return ck_error(errh, "DPDK: no device named %s", name);
    return id;
}

/* An element uses `port`: receive queue `rxq` (-1: none), transmit queue `txq` (-1: none),
 * at least `nqueues` queues of its kind, `ndesc` descriptors (0: driver default). */
static CK_UNUSED void ck_dpdk_use(int port, int rxq, int txq, int nqueues, int ndesc, int promisc)
{
    ck_dpdk_port *p = &ck_dpdk_ports[port];
    p->used = 1;
    if (rxq >= 0) {
        if (p->nb_rx < rxq + 1)
            p->nb_rx = (uint16_t)(rxq + 1);
        if (p->nb_rx < nqueues)
            p->nb_rx = (uint16_t)nqueues;
        if (ndesc > p->rx_desc)
            p->rx_desc = (uint16_t)ndesc;
    }
    if (txq >= 0) {
        if (p->nb_tx < txq + 1)
            p->nb_tx = (uint16_t)(txq + 1);
        if (p->nb_tx < nqueues)
            p->nb_tx = (uint16_t)nqueues;
        if (ndesc > p->tx_desc)
            p->tx_desc = (uint16_t)ndesc;
    }
    p->promisc |= promisc;
}

/* The settings this router asks of `port`, with the defaults filled in (1 queue each, 0
 * descriptors: the driver's 1024), as ck_dpdk_shared.running records a started port's. */
static ck_dpdk_port ck_dpdk_wanted(uint16_t port)
{
    ck_dpdk_port w = ck_dpdk_ports[port];
    if (!w.nb_rx)
        w.nb_rx = 1;
    if (!w.nb_tx)
        w.nb_tx = 1;
    w.promisc = w.promisc != 0;
    w.started = 0;
    return w;
}

/* Configure and start `port` (stopped or never started) with the settings `want`.  Returns 0,
 * or -1 after saying why. */
static CK_UNUSED int ck_dpdk_start_port(uint16_t port, ck_dpdk_port want)
{
    const ck_dpdk_port *p = &want;
    struct rte_eth_dev_info info;
    struct rte_eth_conf conf;
    memset(&conf, 0, sizeof conf);
    if (rte_eth_dev_info_get(port, &info) != 0)
        return -1;
    uint16_t nb_rx = p->nb_rx ? p->nb_rx : 1, nb_tx = p->nb_tx ? p->nb_tx : 1;
    if (nb_rx > 1 && info.flow_type_rss_offloads) { /* spread flows over the receive queues */
        conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
        conf.rx_adv_conf.rss_conf.rss_hf = RTE_ETH_RSS_IP & info.flow_type_rss_offloads;
    }
    int r = rte_eth_dev_configure(port, nb_rx, nb_tx, &conf);
    if (r < 0) {
        ck_chatter("DPDK port %u: configure: %s", port, rte_strerror(-r));
        return -1;
    }
    uint16_t rxd = p->rx_desc ? p->rx_desc : 1024, txd = p->tx_desc ? p->tx_desc : 1024;
    (void)rte_eth_dev_adjust_nb_rx_tx_desc(port, &rxd, &txd);
    int socket = rte_eth_dev_socket_id(port);
    if (socket < 0)
        socket = 0;
    for (uint16_t q = 0; q < nb_rx; q++)
        if ((r = rte_eth_rx_queue_setup(port, q, rxd, (unsigned)socket, NULL, ck_dpdk_pool())) < 0) {
            ck_chatter("DPDK port %u: receive queue %u: %s", port, q, rte_strerror(-r));
            return -1;
        }
    for (uint16_t q = 0; q < nb_tx; q++)
        if ((r = rte_eth_tx_queue_setup(port, q, txd, (unsigned)socket, NULL)) < 0) {
            ck_chatter("DPDK port %u: transmit queue %u: %s", port, q, rte_strerror(-r));
            return -1;
        }
    if ((r = rte_eth_dev_start(port)) < 0) {
        ck_chatter("DPDK port %u: start: %s", port, rte_strerror(-r));
        return -1;
    }
    if (p->promisc)
        (void)rte_eth_promiscuous_enable(port);
    ck_dpdk_shared.running[port] = want;
    ck_dpdk_shared.running[port].started = 1;
    return 0;
}

/* Read and free what the receive rings of the started `port` hold, counted as dropped at a hot
 * swap (--stats hotconfig_dropped, and a line on standard error with `why`): a port the new
 * router does not read, or reconfigures (docs/reconfiguration.md, "DPDK ports").  Only as far
 * as the driver can say how many packets a ring holds (rte_eth_rx_queue_count): a software
 * device that cannot (net_pcap, net_ring) keeps what it did not deliver. */
static CK_UNUSED void ck_dpdk_drain_port(uint16_t port, const char *why)
{
    const ck_dpdk_port *run = &ck_dpdk_shared.running[port];
    uint64_t dropped = 0;
    for (uint16_t q = 0; q < run->nb_rx; q++) {
        int held = rte_eth_rx_queue_count(port, q);
        while (held > 0) {
            struct rte_mbuf *m[CK_DPDK_MAX_BURST];
            uint16_t want = held > (int)CK_DPDK_MAX_BURST ? (uint16_t)CK_DPDK_MAX_BURST
                                                           : (uint16_t)held;
            uint16_t n = rte_eth_rx_burst(port, q, m, want);
            if (n == 0)
                break;
            rte_pktmbuf_free_bulk(m, n);
            dropped += n;
            held -= n;
        }
    }
    if (dropped) {
        ck_hot_unkept_packets += dropped;
        fprintf(stderr, "hotconfig: DPDK port %u: %llu received packets dropped (%s)\n",
                (unsigned)port, (unsigned long long)dropped, why);
    }
}

/* Records in the pcap file `path` (classic format, either byte order), 0 when it cannot be
 * read as one: what DPDK's net_pcap driver loads into mbufs with infinite_rx=1. */
static uint64_t ck_dpdk_pcap_records(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    unsigned char h[24], r[16];
    uint64_t n = 0;
    if (fread(h, 1, sizeof h, f) == sizeof h) {
        int swapped = h[0] == 0xA1 && h[1] == 0xB2;
        int ok = swapped || (h[3] == 0xA1 && h[2] == 0xB2);
        while (ok && fread(r, 1, sizeof r, f) == sizeof r) {
            uint32_t caplen = swapped
                ? (uint32_t)r[8] << 24 | (uint32_t)r[9] << 16 | (uint32_t)r[10] << 8 | r[11]
                : (uint32_t)r[11] << 24 | (uint32_t)r[10] << 16 | (uint32_t)r[9] << 8 | r[8];
            if (fseek(f, (long)caplen, SEEK_CUR) != 0)
                break;
            n++;
        }
    }
    fclose(f);
    return n;
}

/* Mbufs the router can hold at once: every receive and transmit descriptor of the used ports,
 * a burst per thread in flight, the per-lcore caches, the packets its queues can hold
 * (CK_ROUTER_HELD_PACKETS), and the captures net_pcap ports replay from memory
 * (infinite_rx=1 in their --vdev arguments: every record stays in an mbuf).  Rounded up to
 * 2^k - 1, at least CK_DPDK_POOL_MIN (docs/io.md). */
static unsigned ck_dpdk_pool_size(void)
{
    uint64_t need = CK_ROUTER_HELD_PACKETS;
    for (uint16_t port = 0; port < CK_DPDK_MAX_PORTS; port++) {
        const ck_dpdk_port *p = &ck_dpdk_ports[port];
        if (p->used)
            need += (uint64_t)(p->nb_rx ? p->nb_rx : 1) * (p->rx_desc ? p->rx_desc : 1024)
                  + (uint64_t)(p->nb_tx ? p->nb_tx : 1) * (p->tx_desc ? p->tx_desc : 1024);
    }
    need += (uint64_t)CK_DPDK_MAX_BURST * (uint64_t)(ck_nthreads() + 1);
    need += 256u * (uint64_t)rte_lcore_count();
    struct rte_devargs *da;
    RTE_EAL_DEVARGS_FOREACH(NULL, da) {
        const char *a = da->args;
        if (!a || !strstr(a, "infinite_rx=1"))
            continue;
        for (const char *k = strstr(a, "rx_pcap="); k; k = strstr(k + 1, "rx_pcap=")) {
            char path[4096];
            size_t len = strcspn(k + 8, ",");
            if (len >= sizeof path)
                continue;
            memcpy(path, k + 8, len);
            path[len] = '\0';
            need += ck_dpdk_pcap_records(path);
        }
    }
    uint64_t size = CK_DPDK_POOL_MIN;
    while (size < need && size < (1ull << 31))
        size = size * 2 + 1;
    return (unsigned)size;
}

/* Make the mbuf pool (once, before the first port starts).  Returns 0 or -1 after saying
 * why. */
static int ck_dpdk_make_pool(void)
{
    if (ck_dpdk_pool())
        return 0;
    unsigned size = ck_dpdk_pool_size();
    ck_dpdk_shared.pool = rte_pktmbuf_pool_create("clickc_mbufs", size, 256, 0,
                                                  RTE_MBUF_DEFAULT_BUF_SIZE, (int)rte_socket_id());
    if (!ck_dpdk_shared.pool) {
        ck_chatter("DPDK: cannot create the mbuf pool of %u mbufs: %s", size,
                   rte_strerror(rte_errno));
        return -1;
    }
    return 0;
}

/* Whether two settings of a port need no reconfiguration between them (the promiscuous mode
 * is enabled on a started port). */
static int ck_dpdk_same_queues(const ck_dpdk_port *a, const ck_dpdk_port *b)
{
    return a->nb_rx == b->nb_rx && a->nb_tx == b->nb_tx && a->rx_desc == b->rx_desc &&
           a->tx_desc == b->tx_desc;
}

/* Whether the device of `port` can have this router's queue counts; -1 after saying why not
 * (through errh, or ck_chatter without one). */
static int ck_dpdk_check_queues(uint16_t port, ck_errh *errh)
{
    const ck_dpdk_port want = ck_dpdk_wanted(port);
    struct rte_eth_dev_info info;
    if (rte_eth_dev_info_get(port, &info) != 0)
        return 0; /* the configuration says */
    if (want.nb_rx <= info.max_rx_queues && want.nb_tx <= info.max_tx_queues)
        return 0;
    char msg[200];
    snprintf(msg, sizeof msg, "DPDK port %u: %u receive and %u transmit queues asked, the device "
             "has at most %u and %u", (unsigned)port, (unsigned)want.nb_rx, (unsigned)want.nb_tx,
             (unsigned)info.max_rx_queues, (unsigned)info.max_tx_queues);
    if (errh)
        return ck_error(errh, "%s", msg);
    ck_chatter("%s", msg);
    return -1;
}

/* Bring the ports to this router's settings (ck_dpdk_shared.lock held): make the pool, start
 * the ports it uses that do not run; a port a predecessor router started (a hot swap) is kept
 * as it runs when the queue settings are the same (its queues, and the packets waiting in its
 * receive rings, are this router's now; PROMISC asked now is enabled in place), and otherwise
 * drained (ck_dpdk_drain_port), stopped, configured and started again; what the receive rings
 * of a started port this router does not use hold is drained, and the port left started.
 * Every change is checked against the device first; a port that fails to start again gets its
 * previous settings back.  Returns 0, or -1 after saying why (errh, else ck_chatter). */
static int ck_dpdk_reconcile(ck_errh *errh)
{
    ck_dpdk_port before[CK_DPDK_MAX_PORTS];
    memcpy(before, ck_dpdk_shared.running, sizeof before);
    if (ck_dpdk_make_pool() < 0)
        return errh ? ck_error(errh, "DPDK: no mbuf pool") : -1;
    for (uint16_t port = 0; port < CK_DPDK_MAX_PORTS; port++)
        if (ck_dpdk_ports[port].used && ck_dpdk_check_queues(port, errh) < 0)
            return -1;
    int failed = -1;
    for (uint16_t port = 0; port < CK_DPDK_MAX_PORTS && failed < 0; port++) {
        ck_dpdk_port *run = &ck_dpdk_shared.running[port];
        const ck_dpdk_port want = ck_dpdk_wanted(port);
        if (!ck_dpdk_ports[port].used)
            continue;
        if (run->started && ck_dpdk_same_queues(run, &want)) {
            if (want.promisc && !run->promisc) /* as a start: enabled when asked, else left */
                (void)rte_eth_promiscuous_enable(port);
            run->promisc |= want.promisc;
            continue;
        }
        if (run->started) {
            ck_dpdk_drain_port(port, "the new configuration changes the port's queues: "
                                     "reconfigured");
            (void)rte_eth_dev_stop(port);
            run->started = 0;
        }
        if (ck_dpdk_start_port(port, want) < 0)
            failed = port;
    }
    if (failed >= 0) {
        for (uint16_t port = 0; port <= (uint16_t)failed; port++) {
            ck_dpdk_port *run = &ck_dpdk_shared.running[port];
            if (!before[port].started || (run->started && ck_dpdk_same_queues(run, &before[port])))
                continue;
            if (run->started)
                (void)rte_eth_dev_stop(port);
            run->started = 0;
            if (ck_dpdk_start_port(port, before[port]) < 0)
                ck_chatter("DPDK port %u: cannot be started again as it was: stopped",
                           (unsigned)port);
        }
        return errh ? ck_error(errh, "DPDK port %d cannot be started with the new settings (the "
                                     "old configuration keeps its ports)", failed) : -1;
    }
    for (uint16_t port = 0; port < CK_DPDK_MAX_PORTS; port++)
        if (!ck_dpdk_ports[port].used && ck_dpdk_shared.running[port].started)
            ck_dpdk_drain_port(port, "no DPDK element of the new configuration uses the port: "
                                     "left started");
    return 0;
}

/* Start every used port (once, from the first task run of any DPDK element, when every
 * element has declared its queues), with ck_dpdk_reconcile, unless a hot swap did it already
 * (ck_dpdk_hot_ready).  Returns 0, or -1 when a port failed (the router stops: a port that
 * cannot start would never move a packet). */
static CK_UNUSED int ck_dpdk_start_all(void)
{
    /* A router thread other than the one that initialized the EAL becomes an EAL thread the
     * first time it runs a DPDK element, so that its mbuf allocations and frees go through a
     * per-lcore mempool cache (DPDK's programmer's guide, "Mempool Library": without an lcore
     * id every get and put is a ring operation).  When no lcore is left it works without. */
    static _Thread_local int registered;
    if (CK_UNLIKELY(!registered)) {
        registered = 1;
        if (rte_lcore_id() == LCORE_ID_ANY)
            (void)rte_thread_register();
    }
    if (ck_dpdk_all_started)
        return ck_dpdk_all_started > 0 ? 0 : -1;
    pthread_mutex_lock(&ck_dpdk_shared.lock);
    if (!ck_dpdk_all_started) {
        int ok = ck_dpdk_reconcile(NULL) == 0;
        ck_dpdk_all_started = ok ? 1 : -1;
        if (!ok)
            ck_router_stop_hard();
    }
    pthread_mutex_unlock(&ck_dpdk_shared.lock);
    return ck_dpdk_all_started > 0 ? 0 : -1;
}

/* A hot swap, once every element of the new router initialized (ck_hot_ready,
 * runtime/hotswap.h): the ports are brought to its settings now, with every thread stopped, so
 * that a port that cannot take them refuses the swap and the old router keeps its ports as
 * they ran.  Returns 0, or -1 after reporting. */
static CK_UNUSED int ck_dpdk_hot_ready(ck_errh *errh)
{
    pthread_mutex_lock(&ck_dpdk_shared.lock);
    int rc = ck_dpdk_reconcile(errh);
    ck_dpdk_all_started = rc == 0 ? 1 : 0;
    pthread_mutex_unlock(&ck_dpdk_shared.lock);
    return rc;
}

/* Start fetching, for writing, the lines of m's headroom that zero-copy receive and the
 * router write (the buffer header; a header pushed in front of the data), docs/io.md
 * "Zero-copy DPDK": a driver fills the packet data and the mbuf header but not these, so for
 * a burst they would be one cache miss after another.  Called for the whole burst before the
 * first packet is wrapped, the misses overlap. */
static inline void ck_dpdk_prefetch_headroom(const struct rte_mbuf *m)
{
#ifndef CK_DPDK_COPY
    /* DPDK's default headroom (RTE_PKTMBUF_HEADROOM) is two lines: the buffer header's, and
     * the one a pushed header (EtherEncap after Strip) writes */
    const char *h = (const char *)m->buf_addr;
    __builtin_prefetch(h, 1);
    __builtin_prefetch(h + RTE_CACHE_LINE_SIZE, 1);
#else
    (void)m;
#endif
}

/* Zero-copy receive of m, or NULL when m does not qualify (the caller copies; m untouched)
 * or no packet header is left. */
static inline ck_packet *ck_dpdk_wrap(struct rte_mbuf *m)
{
#ifdef CK_DPDK_COPY /* --cflags=-DCK_DPDK_COPY: copy every packet (bench/, tests) */
    return NULL;
#endif
    if (m->nb_segs != 1 || m->pool != ck_dpdk_pool() || RTE_MBUF_HAS_EXTBUF(m) ||
        RTE_MBUF_CLONED(m) || rte_mbuf_refcnt_read(m) != 1 || m->data_off < sizeof(ck_buffer) ||
        (char *)m->buf_addr != (char *)m + sizeof(struct rte_mbuf))
        return NULL;
    ck_buffer *b = (ck_buffer *)m->buf_addr;
    atomic_store_explicit(&b->refcnt, 1, memory_order_relaxed);
    atomic_store_explicit(&b->mt, 0, memory_order_relaxed);
    b->slab = CK_BUFFER_EXTERNAL;
    b->size = (uint32_t)m->buf_len - (uint32_t)sizeof(ck_buffer);
    ck_packet *p = ck_packet_wrap(b, m->data_off - (uint32_t)sizeof(ck_buffer),
                                  rte_pktmbuf_data_len(m));
    if (p) {
        ck_set_mac_header(p, p->data);
        ck_dpdk_shared.zc_held[ck_thread_id].n++;
    }
    return p;
}

/* The packet of received mbuf m (NULL when out of memory, m freed): the mbuf itself when
 * it qualifies for zero copy, else a copy of its chain (the mbuf goes back to its pool). */
static CK_UNUSED ck_packet *ck_dpdk_to_packet(struct rte_mbuf *m, uint32_t headroom)
{
    ck_packet *zc = ck_dpdk_wrap(m);
    if (zc)
        return zc;
    uint32_t len = rte_pktmbuf_pkt_len(m);
    ck_packet *p = ck_packet_alloc_room(headroom, len, 0);
    if (p) {
        uint32_t off = 0;
        for (struct rte_mbuf *s = m; s && off < len; s = s->next) {
            uint32_t k = rte_pktmbuf_data_len(s);
            if (k > len - off)
                k = len - off;
            memcpy(p->data + off, rte_pktmbuf_mtod(s, const unsigned char *), k);
            off += k;
        }
        ck_set_mac_header(p, p->data);
    }
    rte_pktmbuf_free(m);
    return p;
}

/* The mbuf to transmit for packet p, which this call consumes when it succeeds: p's own
 * mbuf when p holds the only reference to it (no copy), else a new mbuf holding a copy (one
 * segment).  NULL when the packet does not fit an mbuf or the pool is empty; p is then left
 * to the caller (to drop and count). */
static CK_UNUSED struct rte_mbuf *ck_dpdk_take_packet(ck_packet *p)
{
    unsigned char *data = p->data;
    uint32_t len = p->len;
#ifdef CK_DPDK_COPY
    ck_buffer *b = NULL;
#else
    ck_buffer *b = ck_packet_detach(p);
#endif
    if (b) {
        struct rte_mbuf *m = ck_dpdk_mbuf_of(b);
        ck_dpdk_shared.zc_held[ck_thread_id].n--;
        m->data_off = (uint16_t)(data - (unsigned char *)m->buf_addr);
        m->data_len = (uint16_t)len;
        m->pkt_len = len;
        m->ol_flags = 0; /* no transmit offload asked; the receive flags no longer hold */
        return m;
    }
    if (p->len > RTE_MBUF_DEFAULT_DATAROOM)
        return NULL;
    struct rte_mbuf *m = rte_pktmbuf_alloc(ck_dpdk_pool());
    if (!m)
        return NULL;
    char *d = rte_pktmbuf_append(m, (uint16_t)p->len);
    if (!d) {
        rte_pktmbuf_free(m);
        return NULL;
    }
    memcpy(d, p->data, p->len);
    ck_packet_kill(p);
    return m;
}

/* A DPDK element's cleanup: the last one of the process stops and closes every started port,
 * then releases the EAL (net_pcap writes its output file out when its port stops).  During a
 * hot swap (the old router's cleanup, or a failed new one's) the last one leaves the EAL, the
 * pool and the ports started, what their receive rings hold drained (ck_dpdk_drain_port): the
 * new configuration has no DPDK element, a later one takes the ports as they run. */
static CK_UNUSED void ck_dpdk_release(void)
{
    ck_dpdk_state *s = &ck_dpdk_shared;
    if (--s->users > 0)
        return;
    if (ck_hot_swapping()) {
        for (uint16_t port = 0; port < CK_DPDK_MAX_PORTS; port++)
            if (s->running[port].started)
                ck_dpdk_drain_port(port, "no DPDK element of the new configuration uses the "
                                         "port: left started");
        return;
    }
    for (uint16_t port = 0; port < CK_DPDK_MAX_PORTS; port++)
        if (s->running[port].started) {
            (void)rte_eth_dev_stop(port);
            (void)rte_eth_dev_close(port);
            s->running[port].started = 0;
        }
    int64_t held = 0;
    for (int t = 0; t < CK_MAX_THREADS; t++)
        held += s->zc_held[t].n;
    if (s->eal_done > 0 && held == 0) {
        (void)rte_eal_cleanup();
        s->eal_done = 0;
        s->pool = NULL;
    }
}

/* The first steps of every DPDK element's initialization (FromDPDKDevice, ToDPDKDevice):
 * initialize the EAL, find the port named `name`, check the queue number, and count the
 * element as a user (ck_dpdk_release, which the element's cleanup calls).  Returns the port
 * id, or -1 with the error reported and no user counted: an element whose initialization
 * fails is not cleaned up (a user counted then would keep the ports open at exit). */
static CK_UNUSED int ck_dpdk_open(const char *name, int queue, ck_errh *errh)
{
    if (ck_dpdk_eal(errh) < 0)
        return -1;
    int port = ck_dpdk_port_id(name, errh);
    if (port < 0)
        return -1;
    if (queue < 0 || queue > 1023)
        return ck_error(errh, "QUEUE must be between 0 and 1023");
    ck_dpdk_shared.users++;
    if (ck_hot_swapping()) /* the ports change with every thread stopped (ck_dpdk_hot_ready) */
        ck_hot_ready = ck_dpdk_hot_ready;
    return port;
}

/* Read handler helper: one field of the port's statistics. */
static CK_UNUSED void ck_dpdk_stat(ck_buf *out, int port, int which)
{
    struct rte_eth_stats st;
    if (port < 0 || rte_eth_stats_get((uint16_t)port, &st) != 0) {
        ck_buf_puts(out, "0");
        return;
    }
    uint64_t v = 0;
    switch (which) {
    case 0: v = st.ipackets; break;
    case 1: v = st.ibytes; break;
    case 2: v = st.imissed; break;
    case 3: v = st.ierrors; break;
    case 4: v = st.opackets; break;
    case 5: v = st.obytes; break;
    case 6: v = st.oerrors; break;
    default: break;
    }
    ck_buf_printf(out, "%llu", (unsigned long long)v);
}

#endif /* CK_IO_DPDK_H */
