/* FrontDropQueue([CAPACITY]): a first-in first-out queue that, when full, drops the packet at
 * its head (the oldest) to make room for the new one (Click's
 * elements/standard/frontdropqueue.cc). The dropped packet leaves on output 1 when that output
 * exists, else it is freed and counted with reason "queue full"; the first drop prints
 * "NAME :: FrontDropQueue: overflow" as Click does. Handlers: length, highwater_length,
 * capacity (read/write: a smaller capacity keeps the newest packets, as Click's
 * live_reconfigure does), drops, reset_counts, reset, notifier_state.
 *
 * CAPACITY 0: Click hands on a stale slot of its empty ring there; clickc drops the arriving
 * packet instead (the only packet there is), counted as a drop. */
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

/* A packet leaves because the queue was full: output 1, or freed and counted. */
static CK_UNUSED void ELEM(drop)(ck_packet *p)
{
    if (ELEM(drops) == 0 && ELEM(cap) > 0) {
        const char *cls = ck_current_router ? ck_current_router->elements[ELEMENT_INDEX].class_name
                                            : "FrontDropQueue";
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
    if (CK_UNLIKELY(ELEM(cap) == 0)) {
        ELEM(drop)(p);
        return;
    }
    uint32_t t = ELEM(tail), nt = ELEM(next_i)(t);
    if (CK_UNLIKELY(nt == ELEM(head))) {
        /* full: the head (slot nt) leaves first; Click counts the drop after sending it */
        ck_packet *old = ELEM(q)[nt];
        ELEM(head) = ELEM(next_i)(nt);
        ELEM(drop)(old);
    }
    ELEM(q)[t] = p;
    ELEM(tail) = nt;
    uint32_t s = ELEM(size)();
    if (s > ELEM(highwater))
        ELEM(highwater) = s;
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

static CK_UNUSED int ELEM(read_notifier_state)(ck_buf *out)
{
    ck_buf_printf(out, "nonempty %s", ELEM(size)() > 0 ? "true" : "false");
    return 0;
}

/* Click's FrontDropQueue::live_reconfigure: keep the newest packets that fit (the ring is
 * rebuilt so that they end at the last slot), free the older ones. */
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
    uint32_t i = ELEM(tail), j = ncap;
    while (j != 0 && i != ELEM(head)) {
        i = i == 0 ? ELEM(cap) : i - 1;
        nq[--j] = ELEM(q)[i];
    }
    while (i != ELEM(head)) {
        i = i == 0 ? ELEM(cap) : i - 1;
        ck_packet_kill(ELEM(q)[i]);
    }
    free(ELEM(q));
    ELEM(q) = nq;
    ELEM(head) = j;
    ELEM(tail) = ncap;
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
