/* SnoopTCP: the Snoop protocol (Balakrishnan, Seshan, Amir and Katz, "Improving TCP/IP
 * performance over wireless networks", MobiCom 1995) as Click's elements/tcpudp/snooptcp.cc
 * lays it out (docs/more-elements.md, "SnoopTCP").  Packets are IP packets with their network
 * and transport header annotations.
 *
 * Input 0: data from a server to a mobile host, passed to output 0.  Input 1: the mobile host's
 * acknowledgements and data to the server, passed to output 1.  Output 2: the local
 * retransmissions to the mobile host.  Output 3: nothing (Click's generated packets to the
 * server were never written).  Packets that are not TCP, shorter than 40 bytes or without
 * header annotations pass unchanged.
 *
 * Per connection (server address and port, mobile host address and port; made by the first
 * packet with data) the element keeps up to 1024 copies of the server's data segments in
 * sequence order (an in-order segment is not kept when 921 are: the rest stays for earlier
 * ones; a repeated sequence number replaces its copy and marks it a sender retransmission, as
 * is a segment older than every copy).  A new acknowledgement from the mobile host frees the
 * copies it covers.  A duplicate acknowledgement without data and with an unchanged window,
 * for a kept copy the sender has not retransmitted, is kept from the server (a counted drop,
 * "duplicate ACK"): the first one only; the second retransmits the copy on output 2 and counts
 * how many more duplicates the segments in flight will cause, which are kept back too; after
 * those the copy is retransmitted once more, and later duplicates pass.  SYN (re)starts a side
 * of the connection, FIN or RST ends it (the server side's copies are freed).  Click's
 * retransmission timers were not written; there are none. */
#include "ip/ckip.h"

enum { ELEM(cache_n) = 1024, ELEM(highwater) = 9 * 1024 / 10, ELEM(nbuckets) = 256 };

typedef struct ELEM(entry) {
    ck_packet *packet;
    uint32_t seq, size;
    int num_rxmit, sender_rxmit;
} ELEM(entry);

typedef struct ELEM(pcb) {
    uint32_t s_ip, mh_ip; /* network order */
    uint16_t s_port, mh_port;
    struct ELEM(pcb) *next;
    int head, tail;
    uint32_t s_max, mh_last_ack;
    uint16_t mh_last_win;
    int mh_expected_dup_acks, mh_dup_acks;
    int s_exists, mh_exists;
    ELEM(entry) cache[ELEM(cache_n)];
} ELEM(pcb);

static ELEM(pcb) *ELEM(buckets)[ELEM(nbuckets)];

#define ELEM_SEQ_LT(a, b) ((int32_t)((uint32_t)(a) - (uint32_t)(b)) < 0)
#define ELEM_SEQ_LEQ(a, b) ((int32_t)((uint32_t)(a) - (uint32_t)(b)) <= 0)

static int ELEM(next)(int i) { return (i + 1) % ELEM(cache_n); }
static int ELEM(prev)(int i) { return i ? i - 1 : ELEM(cache_n) - 1; }

static int ELEM(cached)(const ELEM(pcb) *c)
{
    return c->head >= c->tail ? c->head - c->tail : ELEM(cache_n) - (c->tail - c->head);
}

static ELEM(pcb) *ELEM(find)(uint32_t s_ip, uint16_t s_port, uint32_t mh_ip, uint16_t mh_port,
                             int create)
{
    unsigned h = (s_ip ^ mh_ip ^ (uint32_t)s_port << 16 ^ mh_port) * 2654435761u >> 24;
    for (ELEM(pcb) *c = ELEM(buckets)[h]; c; c = c->next)
        if (c->s_ip == s_ip && c->mh_ip == mh_ip && c->s_port == s_port && c->mh_port == mh_port)
            return c;
    if (!create)
        return NULL;
    ELEM(pcb) *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->s_ip = s_ip, c->mh_ip = mh_ip, c->s_port = s_port, c->mh_port = mh_port;
    c->next = ELEM(buckets)[h];
    ELEM(buckets)[h] = c;
    return c;
}

static void ELEM(clear)(ELEM(pcb) *c, int server)
{
    if (server && c->s_exists) {
        for (int i = c->tail; i != c->head; i = ELEM(next)(i))
            ck_packet_kill(c->cache[i].packet);
        c->head = c->tail = 0;
        c->s_exists = 0;
    } else if (!server)
        c->mh_exists = 0;
}

static void ELEM(start)(ELEM(pcb) *c, int server, uint32_t seq, int datalen)
{
    if (server) {
        c->s_exists = 1;
        c->s_max = seq + (uint32_t)datalen;
        c->mh_last_ack = seq - 1;
        c->mh_expected_dup_acks = c->mh_dup_acks = 0;
    } else
        c->mh_exists = 1;
}

/* The slot for a copy of the server's segment seq (its old copy freed when it repeats one),
 * or -1 when it is not kept; *sender_rxmit tells whether it is the sender's retransmission. */
static int ELEM(slot)(ELEM(pcb) *c, uint32_t seq, int datalen, int *sender_rxmit)
{
    if (!ELEM_SEQ_LT(seq, c->s_max)) {
        if (ELEM(cached)(c) >= ELEM(highwater))
            return -1;
        c->s_max = seq + (uint32_t)datalen;
        int entry = c->head;
        c->head = ELEM(next)(c->head);
        *sender_rxmit = 0;
        return entry;
    }
    int full = ELEM(next)(c->head) == c->tail;
    for (int i = c->tail; i != c->head; i = ELEM(next)(i))
        if (c->cache[i].seq == seq) {
            ck_packet_kill(c->cache[i].packet);
            *sender_rxmit = 1;
            return i;
        } else if (ELEM_SEQ_LT(seq, c->cache[i].seq)) {
            if (full)
                return -1;
            for (int j = c->tail; j != i; j = ELEM(next)(j))
                c->cache[ELEM(prev)(j)] = c->cache[j];
            c->tail = ELEM(prev)(c->tail);
            *sender_rxmit = i == ELEM(next)(c->tail); /* before every copy */
            return ELEM(prev)(i);
        }
    return -1; /* after every copy but before the highest sent: not kept */
}

/* Keep a copy of the server's data segment p. */
static void ELEM(s_data)(ELEM(pcb) *c, ck_packet *p, uint32_t seq, int datalen)
{
    if (!c->s_exists)
        ELEM(start)(c, 1, seq, datalen);
    ck_packet *copy = ck_packet_clone(p);
    int sender_rxmit = 0, entry = copy ? ELEM(slot)(c, seq, datalen, &sender_rxmit) : -1;
    if (entry < 0) {
        if (copy)
            ck_packet_kill(copy);
        return;
    }
    ELEM(entry) *e = &c->cache[entry];
    e->packet = copy;
    e->seq = seq;
    e->size = (uint32_t)datalen;
    e->num_rxmit = 0;
    e->sender_rxmit = sender_rxmit;
}

static void ELEM(retransmit)(ELEM(entry) *e)
{
    ck_packet *q = ck_packet_clone(e->packet);
    e->num_rxmit++;
    if (q)
        OUTPUT(2, q);
}

/* The mobile host's acknowledgement: returns 0 when it is kept from the server. */
static int ELEM(mh_ack)(ELEM(pcb) *c, uint32_t ack, uint16_t win, int datalen)
{
    if (!c->s_exists)
        return 1;
    int pass = 1;
    if (ELEM_SEQ_LT(c->mh_last_ack, ack)) { /* new: free what it covers */
        int i = c->tail;
        while (i != c->head && ELEM_SEQ_LEQ(c->cache[i].seq + c->cache[i].size, ack)) {
            ck_packet_kill(c->cache[i].packet);
            i = ELEM(next)(i);
        }
        c->tail = i;
        c->mh_expected_dup_acks = c->mh_dup_acks = 0;
        c->mh_last_ack = ack;
    } else if (ack == c->mh_last_ack && datalen == 0 && c->head != c->tail
               && c->mh_last_win == win && !ELEM_SEQ_LT(ack, c->cache[c->tail].seq)
               && !c->cache[c->tail].sender_rxmit) {
        ELEM(entry) *e = &c->cache[c->tail];
        c->mh_dup_acks++;
        if (c->mh_dup_acks <= 1)
            pass = 0;
        else if (c->mh_dup_acks == 2) {
            c->mh_expected_dup_acks = ELEM(cached)(c) - c->mh_dup_acks;
            if (!e->num_rxmit)
                ELEM(retransmit)(e);
            pass = 0;
        } else if (c->mh_dup_acks < c->mh_expected_dup_acks)
            pass = 0;
        else if (e->num_rxmit < 2) {
            ELEM(retransmit)(e);
            pass = 0;
        }
    } else if (ELEM_SEQ_LT(ack, c->mh_last_ack))
        return 1; /* spurious: the window is not recorded */
    c->mh_last_win = win;
    return pass;
}

/* Returns 0 when p was consumed. */
static int ELEM(handle)(int port, ck_packet *p)
{
    const unsigned char *iph = ck_network_header(p), *th = ck_transport_header(p);
    long nlen = ck_network_length(p), tlen = ck_transport_length(p);
    if (!iph || !th || nlen < 40 || tlen < 20 || iph[9] != 6)
        return 1;
    int header_len = (int)(th - iph) + ((th[12] >> 4) << 2);
    int datalen = (int)nlen - header_len;
    uint32_t saddr = ck_raw32(iph + 12), daddr = ck_raw32(iph + 16);
    uint16_t sport = ck_raw16(th), dport = ck_raw16(th + 2);
    ELEM(pcb) *c = port == 0 ? ELEM(find)(saddr, sport, daddr, dport, datalen > 0)
                             : ELEM(find)(daddr, dport, saddr, sport, datalen > 0);
    if (!c)
        return 1;
    unsigned flags = th[13];
    uint32_t seq = (uint32_t)ck_get16(th + 4) << 16 | ck_get16(th + 6);
    if (flags & 0x02) { /* SYN */
        ELEM(clear)(c, port == 0);
        ELEM(start)(c, port == 0, seq, datalen);
        return 1;
    }
    if (flags & 0x05) { /* FIN, RST */
        ELEM(clear)(c, port == 0);
        return 1;
    }
    if (port == 0) {
        if (datalen > 0)
            ELEM(s_data)(c, p, seq, datalen);
        return 1;
    }
    int pass = 1;
    if (flags & 0x10) /* ACK */
        pass = ELEM(mh_ack)(c, (uint32_t)ck_get16(th + 8) << 16 | ck_get16(th + 10),
                            ck_get16(th + 14), datalen);
    if (datalen > 0 && !c->mh_exists)
        ELEM(start)(c, 0, seq, datalen);
    if (!pass)
        ck_drop(p, ELEMENT_INDEX, "duplicate ACK");
    return pass;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    if (ELEM(handle)(port, p))
        OUTPUT(port, p);
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    for (;;) {
        ck_packet *p = INPUT_PULL(port);
        if (!p || ELEM(handle)(port, p))
            return p;
    }
}

static void ELEM(cleanup)(void)
{
    for (int h = 0; h < ELEM(nbuckets); h++)
        while (ELEM(buckets)[h]) {
            ELEM(pcb) *c = ELEM(buckets)[h];
            ELEM(buckets)[h] = c->next;
            ELEM(clear)(c, 1);
            free(c);
        }
}
#undef ELEM_SEQ_LT
#undef ELEM_SEQ_LEQ
