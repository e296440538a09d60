/* QueueYankTest(QUEUE): when the router starts (a timer at time 0, as Click's
 * elements/test/queueyanktest.cc), fills the Queue QUEUE with five one-byte packets "a".."e"
 * and checks its pull, yank1 (the first match leaves, the others keep their order) and yank
 * (every match leaves, newest first) against the cases of Click's test, through the Queue's own
 * functions (standard/ckqueue_local.h).  It then prints "NAME :: QueueYankTest: All tests
 * pass!", or the first failed check, on standard error.  QUEUE must be a Queue on one thread
 * (a local ring: the test runs on the Queue's thread; the router does not initialize
 * otherwise) and empty when the router starts. */
#ifndef CK_QUEUEYANKTEST_SHARED
#define CK_QUEUEYANKTEST_SHARED
#define CK_QYT_CAT_(a, b) a##b
#define CK_QYT_CAT(a, b) CK_QYT_CAT_(a, b)

/* Whether p's first byte is one of the characters of the string arg (Click's test functor). */
static int ck_qyt_match(const ck_packet *p, void *arg)
{
    return p->len > 0 && p->data[0] != 0 && strchr((const char *)arg, p->data[0]) != NULL;
}
#endif

/* The function `sym` of the Queue QUEUE (its ELEM(sym)); declared here, defined by its
 * template wherever it comes in the program. */
#define QYT_Q(sym) CK_QYT_CAT(CK_QYT_CAT(e, CONF(QUEUE)), CK_QYT_CAT(_, sym))
static void QYT_Q(push)(int port, ck_packet *p);
static ck_packet *QYT_Q(pull)(int port);
static uint32_t QYT_Q(size)(void);
static int QYT_Q(yank_local)(void);
static ck_packet *QYT_Q(yank1)(int (*match)(const ck_packet *, void *), void *arg);
static uint32_t QYT_Q(yank)(int (*match)(const ck_packet *, void *), void *arg,
                            ck_packet **out);

static ck_timer ELEM(timer);

#define QYT_FAIL(...)                                                                         \
    do {                                                                                      \
        char msg_[256];                                                                       \
        snprintf(msg_, sizeof msg_, __VA_ARGS__);                                             \
        ck_chatter("%s :: QueueYankTest: %s", ELEMENT_NAME, msg_);                            \
        return -1;                                                                            \
    } while (0)
#define QYT_CHECK(x)                                                                          \
    do {                                                                                      \
        if (!(x))                                                                             \
            QYT_FAIL("%s:%d: test `%s' failed", __FILE__, __LINE__, #x);                      \
    } while (0)
/* p must be a packet whose byte is c; it is freed. */
#define QYT_CHECK_PKT(p, c)                                                                   \
    do {                                                                                      \
        ck_packet *p_ = (p);                                                                  \
        if (!p_ || p_->data[0] != (c)) {                                                      \
            if (p_)                                                                           \
                ck_packet_kill(p_);                                                           \
            QYT_FAIL("%s:%d: test '%s' produced %s packet (expected '%c')", __FILE__,         \
                     __LINE__, #p, p_ ? "wrong" : "no", (c));                                 \
        }                                                                                     \
        ck_packet_kill(p_);                                                                   \
    } while (0)

/* Pulls one packet per character of s, each with that byte. */
static int ELEM(check_pulls)(const char *s)
{
    for (; *s; s++)
        QYT_CHECK_PKT(QYT_Q(pull)(0), *s);
    return 0;
}

/* Queues clones of the five packets; the Queue must then hold five. */
static int ELEM(prepare)(ck_packet *const pkts[5])
{
    for (int i = 0; i < 5; i++) {
        ck_packet *c = ck_packet_clone(pkts[i]);
        if (!c)
            QYT_FAIL("out of memory");
        QYT_Q(push)(0, c);
    }
    QYT_CHECK(QYT_Q(size)() == 5);
    return 0;
}

static int ELEM(cases)(ck_packet *const pkts[5])
{
    ck_packet *v[5];
    uint32_t n;
    QYT_CHECK(QYT_Q(size)() == 0);

    if (ELEM(prepare)(pkts) < 0 || ELEM(check_pulls)("abcde") < 0)
        return -1;

    if (ELEM(prepare)(pkts) < 0)
        return -1;
    QYT_CHECK_PKT(QYT_Q(yank1)(ck_qyt_match, "c"), 'c');
    QYT_CHECK(QYT_Q(size)() == 4);
    if (ELEM(check_pulls)("abde") < 0)
        return -1;

    if (ELEM(prepare)(pkts) < 0)
        return -1;
    QYT_CHECK(QYT_Q(yank1)(ck_qyt_match, "f") == NULL);
    if (ELEM(check_pulls)("abcde") < 0)
        return -1;

    if (ELEM(prepare)(pkts) < 0 || ELEM(check_pulls)("abcd") < 0)
        return -1;
    QYT_CHECK_PKT(QYT_Q(yank1)(ck_qyt_match, "hgkje"), 'e');
    QYT_CHECK(QYT_Q(size)() == 0);

    if (ELEM(prepare)(pkts) < 0)
        return -1;
    n = QYT_Q(yank)(ck_qyt_match, "ade", v);
    QYT_CHECK(n == 3);
    QYT_CHECK(QYT_Q(size)() == 2);
    QYT_CHECK_PKT(v[0], 'e');
    QYT_CHECK_PKT(v[1], 'd');
    QYT_CHECK_PKT(v[2], 'a');
    if (ELEM(check_pulls)("bc") < 0)
        return -1;

    if (ELEM(prepare)(pkts) < 0)
        return -1;
    n = QYT_Q(yank)(ck_qyt_match, "fhq", v);
    QYT_CHECK(n == 0);
    if (ELEM(check_pulls)("abcde") < 0)
        return -1;

    if (ELEM(prepare)(pkts) < 0)
        return -1;
    n = QYT_Q(yank)(ck_qyt_match, "edcba", v);
    QYT_CHECK(n == 5);
    QYT_CHECK(QYT_Q(size)() == 0);
    QYT_CHECK_PKT(v[0], 'e');
    QYT_CHECK_PKT(v[1], 'd');
    QYT_CHECK_PKT(v[2], 'c');
    QYT_CHECK_PKT(v[3], 'b');
    QYT_CHECK_PKT(v[4], 'a');
    QYT_CHECK(QYT_Q(size)() == 0);
    return 0;
}

static void ELEM(fire)(void *arg)
{
    (void)arg;
    ck_packet *pkts[5] = {0};
    int ok = 1;
    for (int i = 0; i < 5 && ok; i++) {
        char c = (char)('a' + i);
        pkts[i] = ck_packet_make(&c, 1);
        ok = pkts[i] != NULL;
    }
    if (!ok)
        ck_chatter("%s :: QueueYankTest: out of memory", ELEMENT_NAME);
    else if (ELEM(cases)(pkts) == 0)
        ck_chatter("%s :: QueueYankTest: All tests pass!", ELEMENT_NAME);
    for (int i = 0; i < 5; i++)
        if (pkts[i])
            ck_packet_kill(pkts[i]);
}

static int
ELEM(init)(ck_errh *errh)
{
    if (!QYT_Q(yank_local)())
        return ck_error(errh, "QUEUE must run on one thread (its packets cross threads here)");
    ck_timer_init(&ELEM(timer), ELEM(fire), NULL);
    ck_timer_schedule_after(&ELEM(timer), 0);
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_timer_unschedule(&ELEM(timer));
}
#undef QYT_Q
#undef QYT_FAIL
#undef QYT_CHECK
#undef QYT_CHECK_PKT
