/* IPFlowRawSockets([NOTIFIER, SNAPLEN, PCAP, HEADROOM]): Click's
 * elements/userlevel/ipflowrawsockets.cc (needs root or CAP_NET_RAW).  Each packet pushed in
 * (or pulled by the task) belongs to the TCP or UDP flow its nonzero aggregate annotation
 * names (AggregateIPFlows upstream); the flow's first packet opens the flow's raw socket of
 * that protocol, bound to the flow's source port, with IP_HDRINCL, and the packet and the
 * flow's later ones are sent whole to the flow's destination (a packet with PAINT's low bit
 * set is of the reverse direction: the flow is its reverse).  A packet without an aggregate
 * is a counted drop ("no aggregate"; Click frees it), and a router that saw packets but none
 * with one warns "saw no packets with aggregate annotations" at exit.  A socket error is
 * reported and the packet dropped ("socket error"), as Click does.
 *
 * Output 0: the packets that come back.  With PCAP (the default) each flow captures with
 * libpcap on every interface ("any") through the filter "ip src host DST and tcp|udp src port
 * DPORT and tcp|udp dst port SPORT"; the packet loses its link header and keeps pcap's
 * timestamp and the length beyond SNAPLEN as EXTRA_LENGTH.  Without PCAP, or when libpcap
 * cannot open (with Click's warning), the raw socket is read: every packet of the protocol
 * reaches it, and those to another port than the flow's source port are dropped ("not for
 * the flow").  Packets have HEADROOM bytes of headroom and their network header set.  The
 * task polls every flow's socket, one packet each per run (Click reads one per select); the
 * router runs on while a flow is open. */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <pcap/pcap.h>

#include "ip/ckip.h"

#ifndef CK_IFRS_ONCE
#define CK_IFRS_ONCE
typedef struct ck_ifrs_flow {
    struct ck_ifrs_flow *next;
    uint32_t agg;
    int proto, wd, rd, dlt;
    pcap_t *pcap;
    unsigned char src[4], dst[4];
    uint16_t sport, dport;
} ck_ifrs_flow;

typedef struct ck_ifrs_read {
    ck_packet *p;
    uint32_t room;
} ck_ifrs_read;

/* libpcap's callback: the captured bytes into the packet (Click's get_packet). */
static void ck_ifrs_got(u_char *user, const struct pcap_pkthdr *h, const u_char *data)
{
    ck_ifrs_read *r = (ck_ifrs_read *)user;
    uint32_t n = h->caplen < r->room ? h->caplen : r->room;
    memcpy(r->p->data, data, n);
    ck_packet_take(r->p, r->room - n);
    r->room = n;
    r->p->ts_ns = (int64_t)h->ts.tv_sec * 1000000000 + (int64_t)h->ts.tv_usec * 1000;
    ck_set_anno_u32(r->p, EXTRA_LENGTH_ANNO_OFFSET, h->len - n);
}
#endif

enum { ELEM(buckets) = 1024 };
static ck_ifrs_flow *ELEM(map)[ELEM(buckets)];
static uint32_t ELEM(nagg), ELEM(nnoagg);
static int ELEM(nflows);

static void ELEM(close_flow)(ck_ifrs_flow *f)
{
    if (f->wd >= 0)
        close(f->wd);
    if (f->pcap)
        pcap_close(f->pcap);
    free(f);
    if (--ELEM(nflows) == 0)
        ck_source_active(-1);
}

/* Click's Flow::initialize: 0, or -1 after the error. */
static int ELEM(open_flow)(ck_ifrs_flow *f, ck_errh *errh)
{
    f->wd = socket(PF_INET, SOCK_RAW | SOCK_CLOEXEC | SOCK_NONBLOCK, f->proto);
    if (f->wd < 0)
        return ck_error(errh, "socket: %s", strerror(errno));
    struct sockaddr_in sin;
    memset(&sin, 0, sizeof sin);
    sin.sin_family = AF_INET;
    sin.sin_port = htons(f->sport);
    if (bind(f->wd, (struct sockaddr *)&sin, sizeof sin) < 0)
        return ck_error(errh, "bind: %s", strerror(errno));
    int one = 1;
    if (setsockopt(f->wd, IPPROTO_IP, IP_HDRINCL, &one, sizeof one) < 0)
        return ck_error(errh, "setsockopt: %s", strerror(errno));
    f->rd = f->wd;
    if (!CONF(PCAP))
        return 0;
    char ebuf[PCAP_ERRBUF_SIZE] = "";
    f->pcap = pcap_open_live("any", (int)CONF(SNAPLEN), 0, 1, ebuf);
    if (!f->pcap) {
        ck_warning(errh, "pcap_open_live: %s", ebuf);
        return 0;
    }
    if (pcap_setnonblock(f->pcap, 1, ebuf) < 0)
        return ck_error(errh, "pcap_setnonblock: %s", ebuf);
    const char *pr = f->proto == IPPROTO_TCP ? "tcp" : "udp";
    char filter[200];
    snprintf(filter, sizeof filter, "ip src host %u.%u.%u.%u and %s src port %u and %s dst port %u",
             f->dst[0], f->dst[1], f->dst[2], f->dst[3], pr, (unsigned)f->dport, pr,
             (unsigned)f->sport);
    struct bpf_program code;
    if (pcap_compile(f->pcap, &code, filter, 0, PCAP_NETMASK_UNKNOWN) < 0)
        return ck_error(errh, "pcap_compile: %s", pcap_geterr(f->pcap));
    int rc = pcap_setfilter(f->pcap, &code);
    pcap_freecode(&code);
    if (rc < 0)
        return ck_error(errh, "pcap_setfilter: %s", pcap_geterr(f->pcap));
    f->dlt = pcap_datalink(f->pcap);
    if (!ck_dlt_force_ipable(f->dlt))
        ck_warning(errh, "strange data link type %d", f->dlt);
    return 0;
}

/* Click's find_aggregate with a packet: the flow, opened for a TCP or UDP packet; NULL when
 * there is none (no aggregate, another protocol, or the socket failed). */
static ck_ifrs_flow *ELEM(find)(const ck_packet *p, uint32_t agg)
{
    if (!agg)
        return NULL;
    ck_ifrs_flow **pp = &ELEM(map)[agg & (ELEM(buckets) - 1)], *f;
    for (f = *pp; f && f->agg != agg; f = f->next)
        ;
    if (f)
        return f;
    const unsigned char *ip = ck_network_header(p), *th = ck_transport_header(p);
    if (!ip || !th || p->data + p->len < th + 4 || (ip[9] != 6 && ip[9] != 17))
        return NULL;
    f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->agg = agg;
    f->proto = ip[9];
    f->wd = f->rd = -1;
    int rev = p->anno[PAINT_ANNO_OFFSET] & 1;
    memcpy(rev ? f->dst : f->src, ip + 12, 4);
    memcpy(rev ? f->src : f->dst, ip + 16, 4);
    f->sport = rev ? ck_get16(th + 2) : ck_get16(th);
    f->dport = rev ? ck_get16(th) : ck_get16(th + 2);
    if (ELEM(nflows)++ == 0)
        ck_source_active(+1);
    ck_errh errh;
    ck_errh_init(&errh, ELEMENT_LANDMARK, NULL);
    if (ELEM(open_flow)(f, &errh) < 0) {
        ELEM(close_flow)(f);
        return NULL;
    }
    f->next = *pp;
    *pp = f;
    return f;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    ck_ifrs_flow *f = ELEM(find)(p, ck_anno_u32(p, AGGREGATE_ANNO_OFFSET));
    if (!f) {
        ELEM(nnoagg)++;
        ck_drop(p, ELEMENT_INDEX, "no aggregate");
        return;
    }
    ELEM(nagg)++;
    struct sockaddr_in sin;
    memset(&sin, 0, sizeof sin);
    sin.sin_family = AF_INET;
    sin.sin_port = htons(f->dport);
    memcpy(&sin.sin_addr, f->dst, 4);
    ssize_t w = 0;
    while (p->len) {
        w = sendto(f->wd, p->data, p->len, MSG_NOSIGNAL, (const struct sockaddr *)&sin, sizeof sin);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            break;
        ck_packet_pull(p, (uint32_t)w);
    }
    if (w < 0 && errno != EAGAIN) {
        ck_chatter("%s: sendto: %s", ELEMENT_LANDMARK, strerror(errno));
        ck_drop(p, ELEMENT_INDEX, "socket error");
    } else
        ck_packet_kill(p);
}

/* Click's selected: one packet from the flow's socket or capture, emitted; 1 when one came. */
static int ELEM(receive)(ck_ifrs_flow *f)
{
    uint32_t snaplen = (uint32_t)CONF(SNAPLEN);
    ck_packet *p = ck_packet_alloc_room((uint32_t)CONF(HEADROOM), snaplen, 0);
    if (!p)
        return 0;
    if (f->pcap) {
        ck_ifrs_read r = {p, snaplen};
        if (pcap_dispatch(f->pcap, 1, ck_ifrs_got, (u_char *)&r) <= 0 || r.room == snaplen) {
            ck_packet_kill(p);
            return 0;
        }
        if (p->len && ck_force_ip(p, f->dlt)) {
            ck_packet_pull(p, (uint32_t)(ck_network_header(p) - p->data));
            OUTPUT(0, p);
        } else
            ck_drop(p, ELEMENT_INDEX, "not IP");
        return 1;
    }
    ssize_t n = recv(f->rd, p->data, snaplen, MSG_DONTWAIT);
    if (n <= 0) {
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            ck_chatter("%s: read: %s", ELEMENT_LANDMARK, strerror(errno));
        ck_packet_kill(p);
        return 0;
    }
    ck_packet_take(p, snaplen - (uint32_t)n);
    p->ts_ns = ck_now_ns();
    if (!ck_force_ip(p, ck_dlt_parse("IP"))) {
        ck_drop(p, ELEMENT_INDEX, "not IP");
        return 1;
    }
    const unsigned char *ip = ck_network_header(p), *th = ck_transport_header(p);
    if ((ip[9] == 6 || ip[9] == 17) && (!th || p->data + p->len < th + 4
                                         || ck_get16(th + 2) != f->sport)) {
        ck_drop(p, ELEMENT_INDEX, "not for the flow");
        return 1;
    }
    OUTPUT(0, p);
    return 1;
}

static CK_UNUSED int ELEM(run_task)(void)
{
    int work = 0;
    for (int b = 0; b < ELEM(buckets); b++)
        for (ck_ifrs_flow *f = ELEM(map)[b]; f; f = f->next)
            work += ELEM(receive)(f);
    if (!INPUT_IS_PUSH(0))
        for (int i = 0; i < 32; i++) {
            ck_packet *p = INPUT_PULL(0);
            if (!p)
                break;
            ELEM(push)(0, p);
            work++;
        }
    return work;
}

static void ELEM(cleanup)(void)
{
    for (int b = 0; b < ELEM(buckets); b++)
        while (ELEM(map)[b]) {
            ck_ifrs_flow *f = ELEM(map)[b];
            ELEM(map)[b] = f->next;
            ELEM(close_flow)(f);
        }
    if (ELEM(nnoagg) > 0 && ELEM(nagg) == 0)
        ck_chatter("%s :: IPFlowRawSockets: warning: saw no packets with aggregate annotations",
                   ELEMENT_NAME);
}
