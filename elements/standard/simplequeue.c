/* SimpleQueue([CAPACITY]): a first-in first-out ring of packet pointers without notification
 * (Click's elements/standard/simplequeue.cc). Same storage and rules as Queue (queue.c): a
 * push into a full queue is a drop, sent to output 1 when it exists, else freed and counted
 * with reason "queue full"; the first drop prints "NAME :: SimpleQueue: overflow". Handlers:
 * length, highwater_length, capacity (read/write: keeps the oldest packets that fit), drops,
 * reset_counts, reset. */
static ck_packet **ELEM(q);  /* capacity + 1 slots */
static uint32_t ELEM(cap);   /* capacity */
static uint32_t ELEM(head);  /* next to dequeue */
static uint32_t ELEM(tail);  /* next free slot */
static uint32_t ELEM(highwater);
static uint64_t ELEM(drops);

static inline uint32_t ELEM(next_i)(uint32_t i) { return i == ELEM(cap) ? 0 : i + 1; }

static inline uint32_t ELEM(size)(void)
{
    return ELEM(tail) >= ELEM(head) ? ELEM(tail) - ELEM(head) : ELEM(cap) + 1 - ELEM(head) + ELEM(tail);
}

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(cap) = (uint32_t)CONF(CAPACITY);
    if (ELEM(cap) >= UINT32_MAX / sizeof(ck_packet *))
        return ck_error(errh, "CAPACITY too large");
    ELEM(q) = calloc((size_t)ELEM(cap) + 1, sizeof(ck_packet *));
    if (!ELEM(q))
        return ck_error(errh, "out of memory");
    ELEM(head) = ELEM(tail) = 0;
    return 0;
}

static void
ELEM(cleanup)(void)
{
    if (!ELEM(q))
        return;
    while (ELEM(head) != ELEM(tail)) {
        ck_packet_kill(ELEM(q)[ELEM(head)]);
        ELEM(head) = ELEM(next_i)(ELEM(head));
    }
    free(ELEM(q));
    ELEM(q) = NULL;
}

static CK_UNUSED void ELEM(overflow)(ck_packet *p)
{
    if (ELEM(drops) == 0 && ELEM(cap) > 0) {
        const char *cls = ck_current_router ? ck_current_router->elements[ELEMENT_INDEX].class_name
                                            : "SimpleQueue";
        ck_chatter("%s :: %s: overflow", ELEMENT_NAME, cls);
    }
    ELEM(drops)++;
    if (NOUTPUTS > 1)
        OUTPUT(1, p);
    else
        ck_drop(p, ELEMENT_INDEX, "queue full");
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    uint32_t h = ELEM(head), t = ELEM(tail), nt = ELEM(next_i)(t);
    if (CK_LIKELY(nt != h)) {
        ELEM(q)[t] = p;
        ELEM(tail) = nt;
        uint32_t s = ELEM(size)();
        if (s > ELEM(highwater))
            ELEM(highwater) = s;
    } else
        ELEM(overflow)(p);
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    uint32_t h = ELEM(head);
    if (h == ELEM(tail))
        return NULL;
    ck_packet *p = ELEM(q)[h];
    ELEM(head) = ELEM(next_i)(h);
    return p;
}

static CK_UNUSED int ELEM(read_length)(ck_buf *out)
{
    ck_buf_printf(out, "%u", ELEM(size)());
    return 0;
}

static CK_UNUSED int ELEM(read_highwater_length)(ck_buf *out)
{
    ck_buf_printf(out, "%u", ELEM(highwater));
    return 0;
}

static CK_UNUSED int ELEM(read_capacity)(ck_buf *out)
{
    ck_buf_printf(out, "%u", ELEM(cap));
    return 0;
}

static CK_UNUSED int ELEM(read_drops)(ck_buf *out)
{
    ck_buf_printf(out, "%llu", (unsigned long long)ELEM(drops));
    return 0;
}

/* Click's SimpleQueue::live_reconfigure: keep the oldest packets that fit, free the rest. */
static CK_UNUSED int ELEM(write_capacity)(const char *value, ck_errh *errh)
{
    uint64_t v;
    if (ck_parse_uint64(value, &v) < 0 || v >= UINT32_MAX / sizeof(ck_packet *))
        return ck_error(errh, "CAPACITY type mismatch");
    uint32_t ncap = (uint32_t)v;
    if (ncap == ELEM(cap))
        return 0;
    ck_packet **nq = calloc((size_t)ncap + 1, sizeof(ck_packet *));
    if (!nq)
        return ck_error(errh, "out of memory");
    uint32_t i = ELEM(head), j = 0;
    for (; i != ELEM(tail) && j != ncap; i = ELEM(next_i)(i))
        nq[j++] = ELEM(q)[i];
    for (; i != ELEM(tail); i = ELEM(next_i)(i))
        ck_packet_kill(ELEM(q)[i]);
    free(ELEM(q));
    ELEM(q) = nq;
    ELEM(head) = 0;
    ELEM(tail) = j;
    ELEM(cap) = ncap;
    return 0;
}

static CK_UNUSED int ELEM(write_reset_counts)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(drops) = 0;
    ELEM(highwater) = ELEM(size)();
    return 0;
}

/* Click's SimpleQueue::reset: every queued packet leaves through output 1 when it exists,
 * else it is freed (counted with reason "queue reset"). */
static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ck_packet *p;
    while ((p = ELEM(pull)(0)) != NULL) {
        if (NOUTPUTS > 1)
            OUTPUT(1, p);
        else
            ck_drop(p, ELEMENT_INDEX, "queue reset");
    }
    return 0;
}
