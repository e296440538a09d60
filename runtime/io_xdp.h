/*
 * AF_XDP sockets for FromDevice/ToDevice METHOD XDP, through libxdp's xsk API (<xdp/xsk.h>;
 * libxdp loads the redirect program that sends the queue's frames to the socket).
 *
 * One UMEM per socket (4096 frames of 2048 bytes); a receiving socket keeps its fill ring
 * full and copies each frame into a ck_packet before giving the frame back; a transmitting
 * socket copies packets into free frames, submits them, kicks the kernel once per burst and
 * takes the frames back from the completion ring.  Zero-copy is used where the driver has it
 * (the kernel decides at bind time); otherwise, as on veth, copy mode.
 *
 * Header-only and guarded (see io_afpacket.h); included only by element templates whose
 * instance asked for XDP, so only those routers need libxdp/libbpf (pkg-config).
 * Sources: the kernel's Documentation/networking/af_xdp.rst (rings, XDP_USE_NEED_WAKEUP,
 * XDP_STATISTICS) and libxdp's xsk.h.
 */
#ifndef CK_IO_XDP_H
#define CK_IO_XDP_H

#include "clickc.h"

#include <errno.h>
#include <linux/if_link.h>
#include <linux/if_xdp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>
/* libbpf's <linux/bpf.h> and libpcap's <pcap/bpf.h> both define struct bpf_insn, and a router
 * is one translation unit that may hold FromDump (libpcap) too: the kernel's is renamed here;
 * nothing in this file uses either. */
#define bpf_insn ck_linux_bpf_insn
#include <bpf/libbpf.h>
#include <xdp/libxdp.h>
#include <xdp/xsk.h>
#undef bpf_insn

#define CK_XDP_NFRAMES 4096u
#define CK_XDP_FRAME_SIZE 2048u
#define CK_XDP_RING 2048u

typedef struct ck_xdp {
    struct xsk_umem *umem;
    struct xsk_socket *xsk;
    struct xsk_ring_prod fill, tx;
    struct xsk_ring_cons comp, rx;
    unsigned char *area;
    size_t area_len;
    int fd;
    int is_rx, is_tx;
    uint64_t free_frames[CK_XDP_NFRAMES]; /* transmit side: frames not in flight */
    uint32_t nfree;
    uint32_t outstanding; /* transmit frames submitted, not completed */
} ck_xdp;

/* Open an AF_XDP socket on `ifname` queue `queue`: `rx` for receiving (the fill ring is
 * filled and libxdp attaches its redirect program), `tx` for transmitting.  Returns 0 or -1
 * with a message in err. */
static CK_UNUSED int ck_xdp_open(ck_xdp *x, const char *ifname, uint32_t queue, int rx, int tx,
                                 char *err, size_t errlen)
{
    memset(x, 0, sizeof *x);
    x->fd = -1;
    /* libbpf and libxdp narrate program loading on stderr (a missing bpffs makes libxdp fall
     * back to one program without its dispatcher, which is fine here): keep errors only. */
    libbpf_set_print(NULL);
    libxdp_set_print(NULL);
    x->area_len = (size_t)CK_XDP_NFRAMES * CK_XDP_FRAME_SIZE;
    void *m = mmap(NULL, x->area_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) {
        snprintf(err, errlen, "XDP: UMEM: %s", strerror(errno));
        return -1;
    }
    x->area = m;
    struct xsk_umem_config ucfg;
    memset(&ucfg, 0, sizeof ucfg);
    ucfg.fill_size = CK_XDP_NFRAMES;
    ucfg.comp_size = CK_XDP_RING;
    ucfg.frame_size = CK_XDP_FRAME_SIZE;
    int r = xsk_umem__create(&x->umem, x->area, x->area_len, &x->fill, &x->comp, &ucfg);
    if (r) {
        snprintf(err, errlen, "XDP: UMEM: %s", strerror(-r));
        goto fail;
    }
    struct xsk_socket_config scfg;
    memset(&scfg, 0, sizeof scfg);
    scfg.rx_size = CK_XDP_RING;
    scfg.tx_size = CK_XDP_RING;
    scfg.bind_flags = XDP_USE_NEED_WAKEUP;
    if (!rx) /* a transmit-only socket needs no program on the device */
        scfg.libxdp_flags = XSK_LIBXDP_FLAGS__INHIBIT_PROG_LOAD;
    r = xsk_socket__create(&x->xsk, ifname, queue, x->umem, rx ? &x->rx : NULL,
                           tx ? &x->tx : NULL, &scfg);
    if (r) {
        if (r == -EBUSY)
            snprintf(err, errlen, "XDP: %s queue %u is taken by another AF_XDP socket (FromDevice "
                     "and ToDevice cannot share a device queue)", ifname, queue);
        else
            snprintf(err, errlen, "XDP: %s queue %u: %s", ifname, queue, strerror(-r));
        goto fail;
    }
    x->fd = xsk_socket__fd(x->xsk);
    x->is_rx = rx, x->is_tx = tx;
    if (rx) {
        uint32_t idx;
        if (xsk_ring_prod__reserve(&x->fill, CK_XDP_NFRAMES, &idx) != CK_XDP_NFRAMES) {
            snprintf(err, errlen, "XDP: cannot fill the fill ring");
            goto fail;
        }
        for (uint32_t i = 0; i < CK_XDP_NFRAMES; i++)
            *xsk_ring_prod__fill_addr(&x->fill, idx + i) = (uint64_t)i * CK_XDP_FRAME_SIZE;
        xsk_ring_prod__submit(&x->fill, CK_XDP_NFRAMES);
    } else {
        for (uint32_t i = 0; i < CK_XDP_NFRAMES; i++)
            x->free_frames[i] = (uint64_t)i * CK_XDP_FRAME_SIZE;
        x->nfree = CK_XDP_NFRAMES;
    }
    return 0;
fail:
    if (x->xsk)
        xsk_socket__delete(x->xsk);
    if (x->umem)
        xsk_umem__delete(x->umem);
    munmap(x->area, x->area_len);
    memset(x, 0, sizeof *x);
    x->fd = -1;
    return -1;
}

/* Receive up to `max` frames: `*idx` is the first rx descriptor; the caller reads frames
 * idx..idx+n-1 with ck_xdp_rx_frame and then calls ck_xdp_rx_done(x, idx, n). */
static CK_UNUSED uint32_t ck_xdp_rx_begin(ck_xdp *x, uint32_t max, uint32_t *idx)
{
    uint32_t n = xsk_ring_cons__peek(&x->rx, max, idx);
    if (n == 0 && xsk_ring_prod__needs_wakeup(&x->fill))
        (void)recvfrom(x->fd, NULL, 0, MSG_DONTWAIT, NULL, NULL);
    return n;
}

static CK_UNUSED const unsigned char *ck_xdp_rx_frame(ck_xdp *x, uint32_t idx, uint32_t *len)
{
    const struct xdp_desc *d = xsk_ring_cons__rx_desc(&x->rx, idx);
    *len = d->len;
    return xsk_umem__get_data(x->area, d->addr);
}

/* Give frames idx..idx+n-1 back: release the rx descriptors and put the frames in the fill
 * ring again (it has room: every frame is either there, in rx, or in these n). */
static CK_UNUSED void ck_xdp_rx_done(ck_xdp *x, uint32_t idx, uint32_t n)
{
    if (n == 0)
        return;
    uint32_t fidx;
    uint64_t addrs[256];
    uint32_t done = 0;
    while (done < n) {
        uint32_t k = n - done < 256 ? n - done : 256;
        for (uint32_t i = 0; i < k; i++)
            addrs[i] = xsk_umem__extract_addr(xsk_ring_cons__rx_desc(&x->rx, idx + done + i)->addr);
        while (xsk_ring_prod__reserve(&x->fill, k, &fidx) != k)
            ; /* cannot happen (see above); the kernel frees fill entries in any case */
        for (uint32_t i = 0; i < k; i++)
            *xsk_ring_prod__fill_addr(&x->fill, fidx + i) = addrs[i] & ~(uint64_t)(CK_XDP_FRAME_SIZE - 1);
        xsk_ring_prod__submit(&x->fill, k);
        done += k;
    }
    xsk_ring_cons__release(&x->rx, n);
}

/* Take back the frames the kernel has sent. */
static CK_UNUSED void ck_xdp_tx_reclaim(ck_xdp *x)
{
    uint32_t idx;
    uint32_t n = xsk_ring_cons__peek(&x->comp, CK_XDP_RING, &idx);
    for (uint32_t i = 0; i < n; i++)
        x->free_frames[x->nfree++] = *xsk_ring_cons__comp_addr(&x->comp, idx + i);
    xsk_ring_cons__release(&x->comp, n);
    x->outstanding -= n;
}

/* Kick the kernel to send what was submitted. */
static CK_UNUSED void ck_xdp_tx_flush(ck_xdp *x)
{
    if (!x->is_tx)
        return;
    if (x->outstanding && xsk_ring_prod__needs_wakeup(&x->tx))
        (void)sendto(x->fd, NULL, 0, MSG_DONTWAIT, NULL, 0);
    ck_xdp_tx_reclaim(x);
}

/* Queue one frame for transmission: 0, -EAGAIN when no frame or descriptor is free now,
 * -EMSGSIZE when it does not fit a UMEM frame. */
static CK_UNUSED int ck_xdp_tx_put(ck_xdp *x, const unsigned char *data, uint32_t len)
{
    if (len > CK_XDP_FRAME_SIZE)
        return -EMSGSIZE;
    if (x->nfree == 0) {
        ck_xdp_tx_flush(x);
        if (x->nfree == 0)
            return -EAGAIN;
    }
    uint32_t idx;
    if (xsk_ring_prod__reserve(&x->tx, 1, &idx) != 1) {
        ck_xdp_tx_flush(x);
        if (xsk_ring_prod__reserve(&x->tx, 1, &idx) != 1)
            return -EAGAIN;
    }
    uint64_t addr = x->free_frames[--x->nfree];
    memcpy(xsk_umem__get_data(x->area, addr), data, len);
    struct xdp_desc *d = xsk_ring_prod__tx_desc(&x->tx, idx);
    d->addr = addr;
    d->len = len;
    xsk_ring_prod__submit(&x->tx, 1);
    x->outstanding++;
    return 0;
}

/* Frames the kernel dropped before the socket got them (XDP_STATISTICS: rx_dropped,
 * rx_ring_full, rx_fill_ring_empty_descs); absolute counters. */
static CK_UNUSED uint64_t ck_xdp_rx_drops(const ck_xdp *x)
{
    struct xdp_statistics st;
    socklen_t len = sizeof st;
    if (x->fd < 0 || getsockopt(x->fd, SOL_XDP, XDP_STATISTICS, &st, &len) < 0)
        return 0;
    return st.rx_dropped + st.rx_ring_full + st.rx_fill_ring_empty_descs;
}

static CK_UNUSED void ck_xdp_close(ck_xdp *x)
{
    if (x->is_tx) { /* let what was submitted leave before the socket goes */
        for (int i = 0; i < 100 && x->outstanding; i++) {
            ck_xdp_tx_flush(x);
            if (x->outstanding)
                usleep(1000);
        }
    }
    if (x->xsk)
        xsk_socket__delete(x->xsk);
    if (x->umem)
        xsk_umem__delete(x->umem);
    if (x->area)
        munmap(x->area, x->area_len);
    memset(x, 0, sizeof *x);
    x->fd = -1;
}

#endif /* CK_IO_XDP_H */
