/*
 * Linux packet sockets (AF_PACKET) for FromDevice/ToDevice: a TPACKET_V3 receive ring read in
 * blocks, and transmission either through a TPACKET_V2 transmit ring flushed once per burst or
 * through sendmmsg() (docs/io.md says which is faster, by measurement).
 *
 * Header-only: element templates include it (so routers without these elements never compile
 * it); every function is static and the whole file is guarded, so several instances share it.
 * Sources: packet(7), the kernel's Documentation/networking/packet_mmap.rst (ring layouts,
 * TP_STATUS_* hand-over, PACKET_FANOUT, PACKET_STATISTICS), Click's FromDevice/ToDevice
 * (elements/userlevel/fromdevice.cc, todevice.cc) for what the elements do with a frame.
 */
#ifndef CK_IO_AFPACKET_H
#define CK_IO_AFPACKET_H

#include "clickc.h"

#include <arpa/inet.h>
#include <errno.h>
#include <linux/filter.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <net/if.h>
#include <poll.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#ifndef PACKET_IGNORE_OUTGOING
#define PACKET_IGNORE_OUTGOING 23
#endif

/* Receive ring geometry: blocks of 256 KiB, 32 of them (8 MiB), handed to user space when full
 * or after 1 ms (the block retire timeout bounds the added latency). */
#define CK_AFP_RX_BLOCK_SIZE (1u << 18)
#define CK_AFP_RX_NBLOCKS 32u
#define CK_AFP_RX_RETIRE_MS 1u
/* Transmit ring: 1024 frames of 4 KiB (4 MiB). */
#define CK_AFP_TX_FRAME_SIZE 4096u
#define CK_AFP_TX_NFRAMES 1024u

typedef struct ck_afp_rx {
    int fd;
    int ifindex;
    unsigned char *map;
    size_t map_len;
    unsigned block_size, nblocks, cur;
    struct tpacket3_hdr *pkt; /* next packet in the current block */
    uint32_t left;            /* frames of the current block not handed out yet */
    int open;                 /* the current block belongs to user space */
    uint64_t kernel_packets, kernel_drops, freeze_count; /* PACKET_STATISTICS, accumulated */
} ck_afp_rx;

typedef struct ck_afp_tx {
    int fd;
    int ifindex;
    int use_ring;
    unsigned char *map;
    size_t map_len;
    unsigned frame_size, nframes, cur;
    unsigned pending; /* frames queued since the last flush */
} ck_afp_tx;

/* The interface index of `name`, or 0 when there is none. */
static CK_UNUSED int ck_afp_ifindex(const char *name) { return (int)if_nametoindex(name); }

/* Open a packet socket bound to nothing yet; -1 with errno set. */
static CK_UNUSED int ck_afp_socket(int protocol)
{
    return socket(AF_PACKET, SOCK_RAW | SOCK_CLOEXEC, htons((uint16_t)protocol));
}

static CK_UNUSED int ck_afp_bind(int fd, int ifindex, int protocol)
{
    struct sockaddr_ll sll;
    memset(&sll, 0, sizeof sll);
    sll.sll_family = AF_PACKET;
    sll.sll_protocol = htons((uint16_t)protocol);
    sll.sll_ifindex = ifindex;
    return bind(fd, (struct sockaddr *)&sll, sizeof sll);
}

static CK_UNUSED int ck_afp_promisc(int fd, int ifindex)
{
    struct packet_mreq mr;
    memset(&mr, 0, sizeof mr);
    mr.mr_ifindex = ifindex;
    mr.mr_type = PACKET_MR_PROMISC;
    /* The membership ends with the socket, so the device leaves promiscuous mode at exit. */
    return setsockopt(fd, SOL_PACKET, PACKET_ADD_MEMBERSHIP, &mr, sizeof mr);
}

/* Attach a classic BPF program (libpcap's compiled filter; struct bpf_insn and struct
 * sock_filter have the same layout, as libpcap's own Linux backend relies on). */
static CK_UNUSED int ck_afp_attach_filter(int fd, void *insns, unsigned n)
{
    struct sock_fprog prog;
    prog.len = (unsigned short)n;
    prog.filter = (struct sock_filter *)insns;
    return setsockopt(fd, SOL_SOCKET, SO_ATTACH_FILTER, &prog, sizeof prog);
}

/* Open the receive side on interface `ifname`: socket, TPACKET_V3 ring of frames up to
 * `snaplen` bytes, optional promiscuous mode, outgoing frames ignored unless `outbound`,
 * optional fanout group (`fanout_id` >= 0: PACKET_FANOUT_HASH with that 16-bit id, so that
 * several sockets on the device share flows), optional classic BPF `filter` of `filter_len`
 * instructions attached before the socket is bound (so no unfiltered frame gets in).
 * Returns 0, or -1 with a message in err. */
static CK_UNUSED int ck_afp_rx_open(ck_afp_rx *rx, const char *ifname, int protocol, int promisc,
                                    unsigned snaplen, int outbound, int fanout_id,
                                    void *filter, unsigned filter_len, char *err, size_t errlen)
{
    memset(rx, 0, sizeof *rx);
    rx->fd = -1;
    if (!protocol)
        protocol = ETH_P_ALL;
    rx->ifindex = ck_afp_ifindex(ifname);
    if (rx->ifindex == 0) {
        snprintf(err, errlen, "%s: unknown device", ifname);
        return -1;
    }
    rx->fd = ck_afp_socket(protocol);
    if (rx->fd < 0) {
        snprintf(err, errlen, "socket: %s", strerror(errno));
        return -1;
    }
    int v = TPACKET_V3;
    if (setsockopt(rx->fd, SOL_PACKET, PACKET_VERSION, &v, sizeof v) < 0) {
        snprintf(err, errlen, "TPACKET_V3: %s", strerror(errno));
        goto fail;
    }
    /* Frames are variable-sized inside a block with V3; tp_frame_size only bounds one frame
     * (the kernel truncates a frame to it), so it is the snap length plus the headers. */
    unsigned frame = (unsigned)TPACKET_ALIGN(TPACKET3_HDRLEN) + 64 + snaplen;
    unsigned fs = 2048;
    while (fs < frame)
        fs <<= 1;
    if (fs > CK_AFP_RX_BLOCK_SIZE) {
        snprintf(err, errlen, "SNAPLEN %u too large", snaplen);
        goto fail;
    }
    struct tpacket_req3 req;
    memset(&req, 0, sizeof req);
    req.tp_block_size = CK_AFP_RX_BLOCK_SIZE;
    req.tp_block_nr = CK_AFP_RX_NBLOCKS;
    req.tp_frame_size = fs;
    req.tp_frame_nr = (CK_AFP_RX_BLOCK_SIZE / fs) * CK_AFP_RX_NBLOCKS;
    req.tp_retire_blk_tov = CK_AFP_RX_RETIRE_MS;
    if (setsockopt(rx->fd, SOL_PACKET, PACKET_RX_RING, &req, sizeof req) < 0) {
        snprintf(err, errlen, "PACKET_RX_RING: %s", strerror(errno));
        goto fail;
    }
    rx->block_size = req.tp_block_size;
    rx->nblocks = req.tp_block_nr;
    rx->map_len = (size_t)rx->block_size * rx->nblocks;
    void *m = mmap(NULL, rx->map_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_LOCKED, rx->fd, 0);
    if (m == MAP_FAILED) /* MAP_LOCKED needs RLIMIT_MEMLOCK room; plain MAP_SHARED does not */
        m = mmap(NULL, rx->map_len, PROT_READ | PROT_WRITE, MAP_SHARED, rx->fd, 0);
    if (m == MAP_FAILED) {
        snprintf(err, errlen, "mmap: %s", strerror(errno));
        goto fail;
    }
    rx->map = m;
    if (!outbound) {
        int one = 1; /* kernels before 4.20 lack it: outgoing frames are then skipped below */
        (void)setsockopt(rx->fd, SOL_PACKET, PACKET_IGNORE_OUTGOING, &one, sizeof one);
    }
    if (filter && ck_afp_attach_filter(rx->fd, filter, filter_len) < 0) {
        snprintf(err, errlen, "BPF_FILTER: %s", strerror(errno));
        goto fail;
    }
    if (ck_afp_bind(rx->fd, rx->ifindex, protocol) < 0) {
        snprintf(err, errlen, "bind %s: %s", ifname, strerror(errno));
        goto fail;
    }
    if (promisc && ck_afp_promisc(rx->fd, rx->ifindex) < 0) {
        snprintf(err, errlen, "PROMISC %s: %s", ifname, strerror(errno));
        goto fail;
    }
    if (fanout_id >= 0) {
        int arg = (fanout_id & 0xFFFF) | (PACKET_FANOUT_HASH << 16);
        if (setsockopt(rx->fd, SOL_PACKET, PACKET_FANOUT, &arg, sizeof arg) < 0) {
            snprintf(err, errlen, "PACKET_FANOUT %s: %s", ifname, strerror(errno));
            goto fail;
        }
    }
    return 0;
fail:
    if (rx->map)
        munmap(rx->map, rx->map_len);
    close(rx->fd);
    rx->fd = -1;
    rx->map = NULL;
    return -1;
}

static CK_UNUSED struct tpacket_block_desc *ck_afp_block(const ck_afp_rx *rx, unsigned i)
{
    return (struct tpacket_block_desc *)(rx->map + (size_t)i * rx->block_size);
}

/* The next received frame, or NULL when the ring holds none now.  `*sll` is its link-level
 * address (packet type, protocol).  The frame stays valid until the next call. */
static CK_UNUSED struct tpacket3_hdr *ck_afp_rx_next(ck_afp_rx *rx, struct sockaddr_ll **sll)
{
    for (;;) {
        struct tpacket_block_desc *bd = ck_afp_block(rx, rx->cur);
        if (!rx->open) {
            if (!(__atomic_load_n(&bd->hdr.bh1.block_status, __ATOMIC_ACQUIRE) & TP_STATUS_USER))
                return NULL;
            rx->open = 1;
            rx->left = bd->hdr.bh1.num_pkts;
            rx->pkt = (struct tpacket3_hdr *)((unsigned char *)bd + bd->hdr.bh1.offset_to_first_pkt);
        }
        if (rx->left == 0) {
            /* Every frame of the block was handed out (the last one by the previous call, so
             * its bytes were used by now): give the block back to the kernel. */
            __atomic_store_n(&bd->hdr.bh1.block_status, TP_STATUS_KERNEL, __ATOMIC_RELEASE);
            rx->open = 0;
            rx->cur = (rx->cur + 1) % rx->nblocks;
            continue;
        }
        struct tpacket3_hdr *h = rx->pkt;
        rx->left--;
        rx->pkt = (struct tpacket3_hdr *)((unsigned char *)h + h->tp_next_offset);
        *sll = (struct sockaddr_ll *)((unsigned char *)h + TPACKET_ALIGN(sizeof(struct tpacket3_hdr)));
        return h;
    }
}

/* A hot swap's hand-over of a socket's frames (FromDevice's hot_drain_old,
 * docs/reconfiguration.md "What moves"): stop a socket receiving, wait until every frame it
 * received is in a block handed to user space, read its frames without taking them, and tell
 * the frames two sockets both received. */

/* Stop the socket receiving.  Bound again to protocol 0 (its device kept), the kernel removes
 * its hook and waits (synchronize_net) until no delivery to it is under way, so every frame it
 * will ever have is counted in its ring when this returns (packet(7), bind).  A socket of a
 * fanout group cannot be bound again (EINVAL): it gets a filter that drops everything instead
 * (a delivery already past the filter may still be landing; ck_afp_rx_settle waits for it).
 * Returns 1 when rebound, 0 when filtered, -1 on error. */
static CK_UNUSED int ck_afp_rx_stop(ck_afp_rx *rx)
{
    if (rx->fd < 0)
        return -1;
    if (ck_afp_bind(rx->fd, rx->ifindex, 0) == 0)
        return 1;
    struct sock_filter none = {BPF_RET | BPF_K, 0, 0, 0};
    return ck_afp_attach_filter(rx->fd, &none, 1) == 0 ? 0 : -1;
}

/* The block the kernel fills: the first one from the reader's (rx->cur) that user space does
 * not own (blocks are retired in order), or -1 when user space owns them all (ring full). */
static CK_UNUSED int ck_afp_rx_kernel_block(const ck_afp_rx *rx)
{
    for (unsigned i = 0; i < rx->nblocks; i++) {
        unsigned b = (rx->cur + i) % rx->nblocks;
        struct tpacket_block_desc *bd = ck_afp_block(rx, b);
        if (!(__atomic_load_n(&bd->hdr.bh1.block_status, __ATOMIC_ACQUIRE) & TP_STATUS_USER))
            return (int)b;
    }
    return -1;
}

/* Wait, `max_ms` at most, until the frames the socket received so far are all in blocks user
 * space owns: the block the kernel fills now holds none, or was retired (the kernel retires a
 * block holding frames after CK_AFP_RX_RETIRE_MS, one or two timer ticks).  The frames of a
 * block the kernel still fills are not readable yet (packet_mmap.rst: TPACKET_V3 hands over
 * whole blocks).  A `min_us` wait comes first (a stopped socket's landing deliveries).
 * Returns 0, or -1 when the time ran out. */
static CK_UNUSED int ck_afp_rx_settle(const ck_afp_rx *rx, unsigned min_us, unsigned max_ms)
{
    struct timespec pause = {0, (long)min_us * 1000};
    if (min_us)
        nanosleep(&pause, NULL);
    int k = ck_afp_rx_kernel_block(rx);
    if (k < 0)
        return 0;
    struct tpacket_block_desc *bd = ck_afp_block(rx, (unsigned)k);
    struct timespec t0, now;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        if (__atomic_load_n(&bd->hdr.bh1.block_status, __ATOMIC_ACQUIRE) & TP_STATUS_USER)
            return 0;
        if (__atomic_load_n(&bd->hdr.bh1.num_pkts, __ATOMIC_ACQUIRE) == 0)
            return 0;
        clock_gettime(CLOCK_MONOTONIC, &now);
        if ((now.tv_sec - t0.tv_sec) * 1000 + (now.tv_nsec - t0.tv_nsec) / 1000000 >= (long)max_ms)
            return -1;
        struct timespec tick = {0, 100000};
        nanosleep(&tick, NULL);
    }
}

/* The frames user space owns, from the reader's position on (the rest of its open block, then
 * each retired block in order), without taking them: the reader's position and the blocks'
 * owners do not change.  Up to `max` frame headers go to `out` (NULL: only counted); returns
 * the number of frames. */
static CK_UNUSED size_t ck_afp_rx_peek(const ck_afp_rx *rx, struct tpacket3_hdr **out, size_t max)
{
    size_t n = 0;
    for (unsigned i = 0; i < rx->nblocks; i++) {
        unsigned b = (rx->cur + i) % rx->nblocks;
        struct tpacket_block_desc *bd = ck_afp_block(rx, b);
        struct tpacket3_hdr *h;
        uint32_t left;
        if (i == 0 && rx->open) {
            h = rx->pkt;
            left = rx->left;
        } else {
            if (!(__atomic_load_n(&bd->hdr.bh1.block_status, __ATOMIC_ACQUIRE) & TP_STATUS_USER))
                break;
            h = (struct tpacket3_hdr *)((unsigned char *)bd + bd->hdr.bh1.offset_to_first_pkt);
            left = bd->hdr.bh1.num_pkts;
        }
        for (; left > 0; left--) {
            if (out && n < max)
                out[n] = h;
            n++;
            h = (struct tpacket3_hdr *)((unsigned char *)h + h->tp_next_offset);
        }
    }
    return n;
}

/* The frame's receive time (ns, CLOCK_REALTIME). */
static CK_UNUSED int64_t ck_afp_frame_ns(const struct tpacket3_hdr *h)
{
    return (int64_t)h->tp_sec * 1000000000 + (int64_t)h->tp_nsec;
}

/* Whether two sockets' frames are the same frame: the same length on the wire, VLAN tag and
 * bytes (as far as both kept them: their SNAPLENs may differ).  Receive times are not
 * compared: a kernel that stamps the frame once (at netif_rx, when some socket asked for
 * timestamps) gives both sockets one time, but one that does not stamps each delivery apart
 * (microseconds later for the second socket). */
static CK_UNUSED int ck_afp_same_frame(const struct tpacket3_hdr *a, const struct tpacket3_hdr *b)
{
    const uint32_t vlan = TP_STATUS_VLAN_VALID;
    if (a->tp_len != b->tp_len || (a->tp_status & vlan) != (b->tp_status & vlan))
        return 0;
    if ((a->tp_status & vlan) && a->hv1.tp_vlan_tci != b->hv1.tp_vlan_tci)
        return 0;
    uint32_t len = a->tp_snaplen < b->tp_snaplen ? a->tp_snaplen : b->tp_snaplen;
    return memcmp((const unsigned char *)a + a->tp_mac, (const unsigned char *)b + b->tp_mac,
                  len) == 0;
}

/* Build a packet from a received frame: at most `snaplen` bytes (the rest counted in the
 * EXTRA_LENGTH annotation, as Click), a VLAN tag the kernel took off put back in the data,
 * the packet type and (when `timestamp`) the kernel's receive time.  NULL when out of memory. */
static CK_UNUSED ck_packet *ck_afp_make_packet(const struct tpacket3_hdr *h, const struct sockaddr_ll *sll,
                                               uint32_t headroom, uint32_t snaplen, int timestamp)
{
    const unsigned char *data = (const unsigned char *)h + h->tp_mac;
    uint32_t caplen = h->tp_snaplen, wirelen = h->tp_len;
    int vlan = (h->tp_status & TP_STATUS_VLAN_VALID) && caplen >= 12;
    uint32_t total = caplen + (vlan ? 4u : 0u);
    wirelen += vlan ? 4u : 0u;
    if (total > snaplen)
        total = snaplen;
    ck_packet *p = ck_packet_alloc_room(headroom, total, 0);
    if (!p)
        return NULL;
    if (vlan) {
        unsigned char tag[4];
        uint16_t tpid = (h->tp_status & TP_STATUS_VLAN_TPID_VALID) ? h->hv1.tp_vlan_tpid : ETH_P_8021Q;
        uint16_t tci = (uint16_t)h->hv1.tp_vlan_tci;
        tag[0] = (unsigned char)(tpid >> 8), tag[1] = (unsigned char)tpid;
        tag[2] = (unsigned char)(tci >> 8), tag[3] = (unsigned char)tci;
        unsigned char tmp[16];
        memcpy(tmp, data, 12);
        memcpy(tmp + 12, tag, 4);
        uint32_t first = total < 16 ? total : 16;
        memcpy(p->data, tmp, first);
        if (total > 16)
            memcpy(p->data + 16, data + 12, total - 16);
    } else
        memcpy(p->data, data, total);
    if (wirelen > total)
        ck_set_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET, wirelen - total);
    p->packet_type = sll->sll_pkttype;
    if (timestamp)
        p->ts_ns = (int64_t)h->tp_sec * 1000000000 + (int64_t)h->tp_nsec;
    ck_set_mac_header(p, p->data);
    return p;
}

/* Fold the kernel's PACKET_STATISTICS (which reset on every read) into the totals. */
static CK_UNUSED void ck_afp_rx_stats(ck_afp_rx *rx)
{
    if (rx->fd < 0)
        return;
    struct tpacket_stats_v3 st;
    socklen_t len = sizeof st;
    if (getsockopt(rx->fd, SOL_PACKET, PACKET_STATISTICS, &st, &len) == 0) {
        rx->kernel_packets += st.tp_packets;
        rx->kernel_drops += st.tp_drops;
        rx->freeze_count += st.tp_freeze_q_cnt;
    }
}

static CK_UNUSED void ck_afp_rx_close(ck_afp_rx *rx)
{
    if (rx->map)
        munmap(rx->map, rx->map_len);
    if (rx->fd >= 0)
        close(rx->fd);
    rx->map = NULL;
    rx->fd = -1;
}

/* Open the transmit side on `ifname`: a socket that receives nothing (protocol 0) and, with
 * `use_ring`, a TPACKET_V2 transmit ring.  Returns 0 or -1 with a message in err. */
static CK_UNUSED int ck_afp_tx_open(ck_afp_tx *tx, const char *ifname, int use_ring, char *err,
                                    size_t errlen)
{
    memset(tx, 0, sizeof *tx);
    tx->fd = -1;
    tx->ifindex = ck_afp_ifindex(ifname);
    if (tx->ifindex == 0) {
        snprintf(err, errlen, "%s: unknown device", ifname);
        return -1;
    }
    tx->fd = ck_afp_socket(0);
    if (tx->fd < 0) {
        snprintf(err, errlen, "socket: %s", strerror(errno));
        return -1;
    }
    if (use_ring) {
        int v = TPACKET_V2;
        int one = 1;
        if (setsockopt(tx->fd, SOL_PACKET, PACKET_VERSION, &v, sizeof v) < 0) {
            snprintf(err, errlen, "TPACKET_V2: %s", strerror(errno));
            goto fail;
        }
        /* Frames the device refuses are skipped (marked available) instead of stalling. */
        (void)setsockopt(tx->fd, SOL_PACKET, PACKET_LOSS, &one, sizeof one);
        struct tpacket_req req;
        memset(&req, 0, sizeof req);
        req.tp_block_size = CK_AFP_TX_FRAME_SIZE * 16;
        req.tp_frame_size = CK_AFP_TX_FRAME_SIZE;
        req.tp_frame_nr = CK_AFP_TX_NFRAMES;
        req.tp_block_nr = CK_AFP_TX_NFRAMES / 16;
        if (setsockopt(tx->fd, SOL_PACKET, PACKET_TX_RING, &req, sizeof req) < 0) {
            snprintf(err, errlen, "PACKET_TX_RING: %s", strerror(errno));
            goto fail;
        }
        tx->frame_size = req.tp_frame_size;
        tx->nframes = req.tp_frame_nr;
        tx->map_len = (size_t)req.tp_block_size * req.tp_block_nr;
        void *m = mmap(NULL, tx->map_len, PROT_READ | PROT_WRITE, MAP_SHARED, tx->fd, 0);
        if (m == MAP_FAILED) {
            snprintf(err, errlen, "mmap: %s", strerror(errno));
            goto fail;
        }
        tx->map = m;
        tx->use_ring = 1;
    }
    if (ck_afp_bind(tx->fd, tx->ifindex, 0) < 0) {
        snprintf(err, errlen, "bind %s: %s", ifname, strerror(errno));
        goto fail;
    }
    return 0;
fail:
    if (tx->map)
        munmap(tx->map, tx->map_len);
    close(tx->fd);
    tx->fd = -1;
    tx->map = NULL;
    return -1;
}

/* Largest frame the transmit side takes. */
static CK_UNUSED uint32_t ck_afp_tx_max(const ck_afp_tx *tx)
{
    if (!tx->use_ring)
        return 65535;
    return tx->frame_size - (uint32_t)(TPACKET2_HDRLEN - sizeof(struct sockaddr_ll));
}

/* Queue one frame in the transmit ring: 0, -EAGAIN when the ring is full, -EMSGSIZE when the
 * frame does not fit a ring slot. */
static CK_UNUSED int ck_afp_tx_ring_put(ck_afp_tx *tx, const unsigned char *data, uint32_t len)
{
    if (len > ck_afp_tx_max(tx))
        return -EMSGSIZE;
    struct tpacket2_hdr *h = (struct tpacket2_hdr *)(tx->map + (size_t)tx->cur * tx->frame_size);
    uint32_t st = __atomic_load_n(&h->tp_status, __ATOMIC_ACQUIRE);
    if (st != TP_STATUS_AVAILABLE && !(st & TP_STATUS_WRONG_FORMAT))
        return -EAGAIN;
    unsigned char *dst = (unsigned char *)h + TPACKET2_HDRLEN - sizeof(struct sockaddr_ll);
    memcpy(dst, data, len);
    h->tp_len = len;
    __atomic_store_n(&h->tp_status, TP_STATUS_SEND_REQUEST, __ATOMIC_RELEASE);
    tx->cur = (tx->cur + 1) % tx->nframes;
    tx->pending++;
    return 0;
}

/* Hand the queued frames to the kernel.  `wait`: block until they are sent (the ring then has
 * room again).  Returns 0 or -errno. */
static CK_UNUSED int ck_afp_tx_flush(ck_afp_tx *tx, int wait)
{
    if (!tx->use_ring || tx->pending == 0)
        return 0;
    tx->pending = 0;
    if (send(tx->fd, NULL, 0, wait ? 0 : MSG_DONTWAIT) < 0 && errno != EAGAIN && errno != ENOBUFS)
        return -errno;
    return 0;
}

/* Send up to n frames with one sendmmsg(); returns how many were taken (>= 0) or -errno when
 * the first failed. */
static CK_UNUSED int ck_afp_tx_sendmmsg(ck_afp_tx *tx, ck_packet **ps, int n)
{
    struct mmsghdr msgs[64];
    struct iovec iov[64];
    if (n > 64)
        n = 64;
    for (int i = 0; i < n; i++) {
        iov[i].iov_base = ps[i]->data;
        iov[i].iov_len = ps[i]->len;
        memset(&msgs[i], 0, sizeof msgs[i]);
        msgs[i].msg_hdr.msg_iov = &iov[i];
        msgs[i].msg_hdr.msg_iovlen = 1;
    }
    int r = sendmmsg(tx->fd, msgs, (unsigned)n, MSG_DONTWAIT);
    return r < 0 ? -errno : r;
}

static CK_UNUSED void ck_afp_tx_close(ck_afp_tx *tx)
{
    if (tx->fd >= 0)
        (void)ck_afp_tx_flush(tx, 1);
    if (tx->map)
        munmap(tx->map, tx->map_len);
    if (tx->fd >= 0)
        close(tx->fd);
    tx->map = NULL;
    tx->fd = -1;
}

#endif /* CK_IO_AFPACKET_H */
