/* TCPBuffer([SKIP]): an in-order buffer of TCP segments (Click's elements/local/tcpbuffer.cc,
 * research code).  Pushed packets are kept in a list sorted by TCP sequence number (RFC 793
 * modular order, Click's SEQ_LT); a packet whose sequence number is already in the list is
 * dropped ("duplicate sequence number").  A pull returns the first packet of the list when it
 * is the first pull, SKIP is true, or its sequence number is the one expected after the
 * previous packet pulled (sequence number + payload length, + 1 for SYN or FIN); otherwise
 * nothing.  As in Click, the "older than what was pulled" check of the push path never fires
 * (Click never sets its _start_push flag), so late retransmissions are buffered too.
 * A packet without IP and TCP headers (Click would read them anyway) is dropped ("no TCP
 * header").  Packets still buffered at exit are dropped ("buffered at exit"). */
#include "ip/ckip.h"

typedef struct ELEM(elt) {
    ck_packet *p;
    uint32_t seq;
    struct ELEM(elt) *next;
} ELEM(elt);

static ELEM(elt) *ELEM(chain);
static uint32_t ELEM(first_seq);
static int ELEM(start_pull);

static inline int ELEM(seq_lt)(uint32_t x, uint32_t y) { return (int32_t)(x - y) < 0; }

static uint32_t ELEM(seqlen)(const ck_packet *p)
{
    const unsigned char *ip = ck_network_header(p), *th = ck_transport_header(p);
    uint32_t len = (uint32_t)ck_get16(ip + CKIP_LEN) - ((uint32_t)(ip[0] & 0xF) << 2)
        - ((uint32_t)(th[12] >> 4) << 2);
    if (th[13] & 0x03) /* SYN or FIN */
        len++;
    return len;
}

static void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    if (ck_network_length(p) < CKIP_HDR || ck_transport_length(p) < 20) {
        ck_drop(p, ELEMENT_INDEX, "no TCP header");
        return;
    }
    uint32_t sn = ck_get16(ck_transport_header(p) + 4) * 65536u
        + ck_get16(ck_transport_header(p) + 6);
    ELEM(elt) **pp = &ELEM(chain);
    while (*pp && !ELEM(seq_lt)(sn, (*pp)->seq)) {
        if ((*pp)->seq == sn) {
            ck_drop(p, ELEMENT_INDEX, "duplicate sequence number");
            return;
        }
        pp = &(*pp)->next;
    }
    ELEM(elt) *e = malloc(sizeof *e);
    if (!e) {
        ck_drop(p, ELEMENT_INDEX, "out of memory");
        return;
    }
    e->p = p;
    e->seq = sn;
    e->next = *pp;
    *pp = e;
}

static ck_packet *ELEM(pull)(int port)
{
    (void)port;
    ELEM(elt) *e = ELEM(chain);
    if (!e || !(!ELEM(start_pull) || CONF(SKIP) || e->seq == ELEM(first_seq)))
        return NULL;
    ck_packet *p = e->p;
    ELEM(chain) = e->next;
    free(e);
    ELEM(first_seq) = ck_get16(ck_transport_header(p) + 4) * 65536u
        + ck_get16(ck_transport_header(p) + 6) + ELEM(seqlen)(p);
    ELEM(start_pull) = 1;
    return p;
}

static void
ELEM(cleanup)(void)
{
    while (ELEM(chain)) {
        ELEM(elt) *e = ELEM(chain);
        ELEM(chain) = e->next;
        ck_drop(e->p, ELEMENT_INDEX, "buffered at exit");
        free(e);
    }
}
