/*
 * Unit tests of the clickc runtime (the .c files of runtime/), linked directly.
 *
 * `test_runtime unit` runs the unit tests and prints "ok N" on success (exit 1 with the failed
 * checks otherwise).  Any other command line runs ck_main on a small hand-written router
 * (elements "c" and "q" with read and write handlers, a source task emitting LIMIT packets),
 * so the Python side can check the program's command line and `-h` output.
 */
#include "clickc.h"
#include "pcapfile.h"

#include <pcap/pcap.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int failures, checks;

#define CHECK(cond)                                                                      \
    do {                                                                                 \
        checks++;                                                                        \
        if (!(cond)) {                                                                   \
            failures++;                                                                  \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);     \
        }                                                                                \
    } while (0)

#define CHECK_STR(buf, expect)                                                           \
    do {                                                                                 \
        checks++;                                                                        \
        if (strcmp(ck_buf_str(buf), (expect)) != 0) {                                    \
            failures++;                                                                  \
            fprintf(stderr, "%s:%d: got '%s', expected '%s'\n", __FILE__, __LINE__,      \
                    ck_buf_str(buf), (expect));                                          \
        }                                                                                \
    } while (0)

static void test_packets(void)
{
    int64_t base = ck_pool_outstanding();
    ck_packet *p = ck_packet_alloc(100);
    CHECK(p && p->len == 100);
    CHECK(ck_packet_headroom(p) == CK_HEADROOM);
    CHECK(p->nh_off == -1 && p->th_off == -1 && p->mac_off == -1 && p->ts_ns == 0);
    for (int i = 0; i < CK_ANNO_SIZE; i++)
        CHECK(p->anno[i] == 0);
    for (uint32_t i = 0; i < 100; i++)
        p->data[i] = (unsigned char)i;

    /* push within the headroom keeps the buffer; header offsets stay put */
    ck_set_network_header(p, p->data + 14, 20);
    unsigned char *nh = ck_network_header(p);
    CHECK(ck_network_header_offset(p) == 14);
    ck_packet *q = ck_packet_push(p, 14);
    CHECK(q == p && p->len == 114 && ck_network_header(p) == nh);
    CHECK(ck_network_header_offset(p) == 28);
    ck_packet_pull(p, 14);
    CHECK(p->len == 100 && p->data[0] == 0 && p->data[99] == 99);

    /* push beyond the headroom moves the data, keeping header distances */
    p = ck_packet_push(p, CK_HEADROOM + 10);
    CHECK(p && p->len == 100 + CK_HEADROOM + 10);
    CHECK(p->data[CK_HEADROOM + 10] == 0 && p->data[CK_HEADROOM + 10 + 99] == 99);
    CHECK(ck_network_header_offset(p) == CK_HEADROOM + 10 + 14);
    ck_packet_pull(p, CK_HEADROOM + 10);

    /* put beyond the tailroom */
    uint32_t tail = ck_packet_tailroom(p);
    p = ck_packet_put(p, tail + 5000);
    CHECK(p && p->len == 100 + tail + 5000 && p->data[99] == 99);
    ck_packet_take(p, tail + 5000);
    CHECK(p->len == 100);
    ck_packet_take(p, 1000); /* clamped */
    CHECK(p->len == 0);
    ck_packet_kill(p);
    CHECK(ck_pool_outstanding() == base);

    /* clones share data; uniqueify copies; the original survives the clone's death */
    p = ck_packet_make("abcdef", 6);
    p->ts_ns = 42;
    ck_set_anno_u8(p, PAINT_ANNO_OFFSET, 7);
    ck_packet *c = ck_packet_clone(p);
    CHECK(c && c->data == p->data && ck_packet_shared(p) && ck_packet_shared(c));
    CHECK(c->ts_ns == 42 && ck_anno_u8(c, PAINT_ANNO_OFFSET) == 7);
    c = ck_packet_uniqueify(c);
    CHECK(c->data != p->data && !ck_packet_shared(p) && !ck_packet_shared(c));
    c->data[0] = 'X';
    CHECK(p->data[0] == 'a' && memcmp(c->data, "Xbcdef", 6) == 0);
    ck_packet *c2 = ck_packet_clone(p);
    ck_packet_kill(p);
    CHECK(memcmp(c2->data, "abcdef", 6) == 0 && !ck_packet_shared(c2));
    c2 = ck_packet_push(c2, 2); /* unshared now: in place */
    CHECK(c2 && c2->len == 8);
    ck_packet_kill(c2);
    ck_packet_kill(c);
    CHECK(ck_pool_outstanding() == base);

    /* pushing onto a shared packet copies first (Click's push uniqueifies) */
    p = ck_packet_make("xyz", 3);
    c = ck_packet_clone(p);
    c = ck_packet_push(c, 1);
    CHECK(c && c->data + 1 != p->data && memcmp(c->data + 1, "xyz", 3) == 0);
    ck_packet_kill(p);
    ck_packet_kill(c);

    /* oversized packets get their own buffer */
    p = ck_packet_alloc(70000);
    CHECK(p && p->len == 70000);
    memset(p->data, 0xAB, 70000);
    c = ck_packet_clone(p);
    ck_packet_kill(p);
    CHECK(c->data[69999] == 0xAB);
    ck_packet_kill(c);

    /* the pool recycles: 100000 alloc/kill cycles malloc a handful of headers */
    ck_pool_stats before, after;
    ck_pool_get_stats(&before);
    for (int i = 0; i < 100000; i++) {
        ck_packet *a = ck_packet_alloc(64), *b = ck_packet_alloc(1500);
        ck_packet_kill(a);
        ck_packet_kill(b);
    }
    ck_pool_get_stats(&after);
    CHECK(after.malloced - before.malloced <= 2);
    CHECK(after.allocated - before.allocated == 200000);
    CHECK(ck_pool_outstanding() == base);

    /* clones mixed with fresh packets (a Tee after a source): buffers are recycled too */
    ck_pool_get_stats(&before);
    for (int i = 0; i < 100000; i++) {
        ck_packet *a = ck_packet_alloc(100);
        ck_packet *b = ck_packet_clone(a);
        b = ck_packet_uniqueify(b); /* a writer downstream of the Tee */
        ck_packet_kill(a);
        ck_packet_kill(b);
    }
    ck_pool_get_stats(&after);
    CHECK(after.malloced - before.malloced <= 2);
    CHECK(ck_pool_outstanding() == base);
}

static void test_drops(void)
{
    ck_packet *p = ck_packet_alloc(1);
    ck_drop(p, 3, "queue full");
    ck_count_drop(3, "queue full");
    char reason[] = "queue full"; /* same text, another pointer */
    ck_count_drop(3, reason);
    ck_count_drop(3, "bad checksum");
    CHECK(ck_drops_of(3) == 4);
    CHECK(ck_drops_of(2) == 0);
}

static void test_text(void)
{
    ck_buf b;
    ck_buf_init(&b);
    CHECK_STR(&b, "");
    ck_buf_printf(&b, "%d-%s", 5, "x");
    CHECK_STR(&b, "5-x");
    ck_buf_clear(&b);
    for (int i = 0; i < 1000; i++)
        ck_buf_puts(&b, "0123456789");
    CHECK(b.len == 10000 && strlen(ck_buf_str(&b)) == 10000);

    /* Click's cp_unparse_real2 (Knuth's print_scaled): shortest decimal that reads back */
    static const struct { uint64_t v; int bits; const char *s; } reals[] = {
        {0, 10, "0"}, {5 << 10, 10, "5"}, {512, 10, "0.5"}, {2560, 10, "2.5"},
        {1, 4, "0.06"}, {(uint64_t)1 << 40, 10, "1073741824"}, {1, 1, "0.5"},
        {3, 2, "0.8"}, {1, 10, "0.001"}, {1023, 10, "0.999"},
    };
    for (size_t i = 0; i < sizeof reals / sizeof reals[0]; i++) {
        ck_buf_clear(&b);
        ck_unparse_real2(&b, reals[i].v, reals[i].bits);
        CHECK_STR(&b, reals[i].s);
    }
    ck_buf_clear(&b);
    ck_unparse_real2_signed(&b, -512, 10);
    CHECK_STR(&b, "-0.5");

    ck_buf_clear(&b);
    ck_unparse_timestamp(&b, 1500000000123456789LL);
    CHECK_STR(&b, "1500000000.123456789");
    ck_buf_clear(&b);
    unsigned char ea[6] = {0, 0x1b, 0x21, 0xa, 0xff, 0x10};
    ck_unparse_ether(&b, ea);
    CHECK_STR(&b, "00-1B-21-0A-FF-10");
    ck_buf_free(&b);

    int bv;
    CHECK(ck_parse_bool("true", &bv) == 0 && bv == 1);
    CHECK(ck_parse_bool(" no ", &bv) == 0 && bv == 0);
    CHECK(ck_parse_bool("maybe", &bv) < 0);
    int64_t iv;
    CHECK(ck_parse_int64("0x10", &iv) == 0 && iv == 16);
    CHECK(ck_parse_int64("-7", &iv) == 0 && iv == -7);
    CHECK(ck_parse_int64("7x", &iv) < 0 && ck_parse_int64("", &iv) < 0);
    uint64_t uv;
    CHECK(ck_parse_uint64("-1", &uv) < 0);
    CHECK(ck_parse_time_ns("1.5ms", &iv) == 0 && iv == 1500000);
    CHECK(ck_parse_time_ns("2", &iv) == 0 && iv == 2000000000LL);
    CHECK(ck_parse_time_ns("3 us", &iv) == 0 && iv == 3000);
    CHECK(ck_parse_time_ns("1min", &iv) == 0 && iv == 60000000000LL);
    CHECK(ck_parse_time_ns("1 parsec", &iv) < 0 && ck_parse_time_ns("-1s", &iv) < 0);
    unsigned char e[6];
    CHECK(ck_parse_ether("00:1b:21:0A:ff:10", e) == 0 && memcmp(e, ea, 6) == 0);
    CHECK(ck_parse_ether("00-1B-21-0A-FF-10", e) == 0 && memcmp(e, ea, 6) == 0);
    CHECK(ck_parse_ether("00:1b:21:0A:ff", e) < 0 && ck_parse_ether("00:1b:21:0A:ff:10:1", e) < 0);
    CHECK(ck_anno_offset("PAINT") == 16 && ck_anno_offset("DST_IP") == 0);
    CHECK(ck_anno_offset("20") == 20 && ck_anno_offset("48") == -1 && ck_anno_offset("BOGUS") == -1);
}

static void test_rate(void)
{
    /* Click's RateEWMAX<4, 10>: 1000 events in one jiffy, then a jiffy later the average is
     * (1000 << 10 + 8) >> 4 scaled; unparse = avg * 1000 in decimal. */
    ck_rate_ewma r;
    ck_jiffies_live = 1;
    ck_jiffies_cached = 1000;
    ck_rate_init(&r, 4, 10);
    ck_rate_update(&r, 1000);
    ck_jiffies_cached = 1001;
    ck_rate_update(&r, 0);
    CHECK(r.avg == ((1000 << 10) + 8) >> 4);
    ck_buf b;
    ck_buf_init(&b);
    ck_rate_unparse(&b, &r);
    CHECK_STR(&b, "62500");
    /* 100 idle jiffies or more reset the average */
    ck_jiffies_cached = 1200;
    ck_rate_update(&r, 0);
    CHECK(r.avg == 0);
    ck_jiffies_live = 0;
    ck_buf_free(&b);
}

static ck_packet *eth_packet(uint16_t type, int vlan, int ipv)
{
    unsigned char d[80] = {0};
    int off = 12;
    if (vlan) {
        d[12] = 0x81, d[13] = 0x00, d[14] = 0, d[15] = 5;
        off = 16;
    }
    d[off] = (unsigned char)(type >> 8), d[off + 1] = (unsigned char)type;
    unsigned char *ip = d + off + 2;
    ip[0] = (unsigned char)(ipv == 4 ? 0x45 : 0x60);
    ip[16] = 10, ip[17] = 1, ip[18] = 2, ip[19] = 3;
    return ck_packet_make(d, sizeof d);
}

static void test_pcap_helpers(void)
{
    CHECK(ck_dlt_parse("ETHER") == DLT_EN10MB && ck_dlt_parse("IP") == DLT_RAW);
    CHECK(ck_dlt_parse("SLL") == DLT_LINUX_SLL && ck_dlt_parse("#228") == 228);
    CHECK(ck_dlt_parse("BOGUS") == -1 && ck_dlt_parse("#") == -1);
    ck_buf b;
    ck_buf_init(&b);
    ck_dlt_unparse(&b, DLT_EN10MB);
    CHECK_STR(&b, "ETHER");
    ck_buf_clear(&b);
    ck_dlt_unparse(&b, 228);
    CHECK_STR(&b, "#228");
    ck_buf_free(&b);

    ck_packet *p = eth_packet(0x0800, 0, 4);
    CHECK(ck_force_ip(p, DLT_EN10MB) == 1);
    CHECK(ck_network_header_offset(p) == 14 && p->th_off - p->nh_off == 20);
    CHECK(ck_anno_u8(p, 0) == 10 && ck_anno_u8(p, 3) == 3);
    ck_packet_kill(p);
    p = eth_packet(0x0800, 1, 4);
    CHECK(ck_force_ip(p, DLT_EN10MB) == 1 && ck_network_header_offset(p) == 18);
    ck_packet_kill(p);
    p = eth_packet(0x86DD, 0, 6);
    CHECK(ck_force_ip(p, DLT_EN10MB) == 1 && p->th_off - p->nh_off == 40);
    ck_packet_kill(p);
    p = eth_packet(0x0806, 0, 4); /* ARP */
    CHECK(ck_force_ip(p, DLT_EN10MB) == 0 && p->nh_off == -1);
    ck_packet_kill(p);
    p = ck_packet_make("\x45", 1); /* IPv4 header cut short */
    CHECK(ck_force_ip(p, DLT_RAW) == 0);
    ck_packet_kill(p);
    p = ck_packet_make("", 0);
    CHECK(ck_force_ip(p, DLT_RAW) == 0 && ck_force_ip(p, DLT_EN10MB) == 0);
    ck_packet_kill(p);
}

/* A classic pcap record (microsecond, little-endian) of n bytes of value `fill`. */
static void put_record(FILE *f, uint32_t sec, uint32_t n, int fill)
{
    uint32_t h[4] = {sec, 7, n, n};
    unsigned char data[256];
    memset(data, fill, n);
    CHECK(fwrite(h, sizeof h, 1, f) == 1 && fwrite(data, 1, n, f) == n);
}

/* A new classic pcap file at `path` (a mkstemp template) with two records of len1 and len2
 * bytes (0x11s, 0x22s), open for more records. */
static FILE *new_pcap(char *path, uint32_t len1, uint32_t len2)
{
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    FILE *w = fdopen(fd, "wb");
    uint32_t fh[6] = {0xA1B2C3D4u, 2 | 4u << 16, 0, 0, 65535, 1};
    CHECK(fwrite(fh, sizeof fh, 1, w) == 1);
    put_record(w, 1, len1, 0x11);
    put_record(w, 2, len2, 0x22);
    fflush(w);
    return w;
}

/* The record reader (runtime/pcapfile.c) maps a regular file when it opens it (MMAP true) and
 * reads the rest of a file that grew afterwards through the FILE; with MMAP false it reads
 * through the FILE only.  Both give the same records. */
static void test_pcap_reader(void)
{
    for (int mapped = 0; mapped < 2; mapped++) {
        char path[] = "/tmp/ck_pcap_reader_XXXXXX";
        FILE *w = new_pcap(path, 60, 200);
        FILE *f = fopen(path, "rb");
        ck_pcap_reader r;
        CHECK(ck_pcap_open(&r, f, mapped ? CK_PCAP_MMAP_UNIT : CK_PCAP_READ_UNIT) == CK_PCAP_OK);
        CHECK(mapped ? r.map != NULL && r.map_len == 24 + 16 + 60 + 16 + 200 : r.map == NULL);
        put_record(w, 3, 100, 0x33); /* written after the reader opened (and mapped) the file */
        fclose(w);
        ck_pcap_record rec;
        unsigned char buf[256];
        static const uint32_t lens[3] = {60, 200, 100};
        for (int i = 0; i < 3; i++) {
            CHECK(ck_pcap_next(&r, &rec) == 1);
            CHECK(rec.data_len == lens[i] && rec.ts_ns == (int64_t)(i + 1) * 1000000000 + 7000);
            CHECK(ck_pcap_data(&r, &rec, buf) == 0);
            CHECK(buf[0] == 0x11 * (i + 1) && buf[lens[i] - 1] == 0x11 * (i + 1));
        }
        CHECK(ck_pcap_next(&r, &rec) == 0);
        ck_pcap_close(&r);
        CHECK(r.map == NULL);
        fclose(f);
        unlink(path);
    }
}

/* Readers of one unchanged file share its mapping (a sharded FromDump's copies): the second
 * open maps nothing new, closing one keeps the other's bytes, and a file that changed since
 * (another size) gets a mapping of its own.  Also ck_pcap_next_inline's records are
 * ck_pcap_next's. */
static void test_pcap_shared_map(void)
{
    char path[] = "/tmp/ck_pcap_shared_XXXXXX";
    FILE *w = new_pcap(path, 60, 90);
    FILE *f1 = fopen(path, "rb"), *f2 = fopen(path, "rb");
    ck_pcap_reader a, b, c;
    CHECK(ck_pcap_open(&a, f1, CK_PCAP_MMAP_UNIT) == CK_PCAP_OK);
    CHECK(ck_pcap_open(&b, f2, CK_PCAP_MMAP_UNIT) == CK_PCAP_OK);
    CHECK(a.map != NULL && a.map == b.map);
    ck_pcap_close(&a);
    ck_pcap_record x, y;
    unsigned char buf[128];
    CHECK(ck_pcap_next_inline(&b, &x) == 1 && x.data_len == 60);
    CHECK(ck_pcap_mapped(&b, &x) == b.map + 24 + 16 && ck_pcap_mapped(&b, &x)[59] == 0x11);
    CHECK(ck_pcap_next_inline(&b, &x) == 1 && x.data_len == 90);
    CHECK(ck_pcap_data(&b, &x, buf) == 0 && buf[89] == 0x22);
    CHECK(ck_pcap_next_inline(&b, &x) == 0);
    put_record(w, 3, 30, 0x33); /* the file changes: a new reader maps it anew */
    fflush(w);
    FILE *f3 = fopen(path, "rb");
    CHECK(ck_pcap_open(&c, f3, CK_PCAP_MMAP_UNIT) == CK_PCAP_OK);
    CHECK(c.map != NULL && c.map != b.map && c.map_len == b.map_len + 16 + 30);
    ck_pcap_close(&b);
    rewind(f1);
    CHECK(ck_pcap_open(&a, f1, CK_PCAP_READ_UNIT) == CK_PCAP_OK); /* the plain reader */
    for (int i = 0; i < 3; i++) {
        CHECK(ck_pcap_next(&a, &x) == 1 && ck_pcap_next_inline(&c, &y) == 1);
        CHECK(x.data_len == y.data_len && x.ts_ns == y.ts_ns && x.data_off == y.data_off &&
              x.extra_length == y.extra_length && x.pad == y.pad);
    }
    ck_pcap_close(&a);
    ck_pcap_close(&c);
    fclose(w);
    fclose(f1);
    fclose(f2);
    fclose(f3);
    unlink(path);
}

/* ---- scheduler ---- */

static int emitted, limit_n, hook_calls, timer_fired;
static int64_t timer_order[3];
static int ntimer_order;

static int src_task(void)
{
    if (emitted >= limit_n)
        return 0;
    emitted++;
    if (emitted == limit_n)
        ck_source_active(-1);
    return 1;
}

static int absorb_once(void) { return hook_calls++ == 0; }

static void on_timer(void *arg)
{
    timer_order[ntimer_order++] = (int64_t)(intptr_t)arg;
    timer_fired++;
}

static void test_scheduler(void)
{
    /* all sources done and a round moved nothing: the router stops by itself */
    ck_sched_reset();
    emitted = 0, limit_n = 1000;
    ck_task_register(src_task, 0, 0);
    ck_source_active(1);
    ck_run();
    CHECK(emitted == 1000);
    CHECK(ck_thread_stats_table[0].task_packets == 1000);

    /* a stop hook absorbs the first stop request; the second one stops */
    ck_sched_reset();
    hook_calls = 0;
    ck_set_stop_hook(absorb_once);
    ck_router_stop();
    ck_router_stop();
    ck_run();
    CHECK(hook_calls == 2);

    /* timers run in expiry order and keep the router alive until they fired */
    ck_sched_reset();
    ck_timer t1, t2, t3;
    ck_timer_init(&t1, on_timer, (void *)(intptr_t)1);
    ck_timer_init(&t2, on_timer, (void *)(intptr_t)2);
    ck_timer_init(&t3, on_timer, (void *)(intptr_t)3);
    int64_t t0 = ck_monotonic_ns();
    ck_timer_schedule_after(&t2, 20000000);
    ck_timer_schedule_after(&t1, 10000000);
    ck_timer_schedule_after(&t3, 30000000);
    ck_timer_unschedule(&t3);
    ntimer_order = timer_fired = 0;
    ck_run();
    CHECK(timer_fired == 2 && timer_order[0] == 1 && timer_order[1] == 2);
    CHECK(ck_monotonic_ns() - t0 >= 20000000);
    ck_sched_reset();
}

/* ---- a hand-written router for ck_main ---- */

static uint64_t c_count;
static int q_len = 3;
static int64_t src_limit = 5;

static int c_read_count(ck_buf *out)
{
    ck_buf_printf(out, "%llu", (unsigned long long)c_count);
    return 0;
}
static int c_write_reset(const char *v, ck_errh *e)
{
    (void)v, (void)e;
    c_count = 0;
    return 0;
}
static int q_read_length(ck_buf *out)
{
    ck_buf_printf(out, "%d\n", q_len); /* ends in a newline: printed once */
    return 0;
}
static int q_read_data(ck_buf *out)
{
    ck_buf_puts(out, "line1\nline2");
    return 0;
}
static int q_write_length(const char *v, ck_errh *e)
{
    int64_t n;
    if (ck_parse_int64(v, &n) < 0)
        return ck_error(e, "length must be integer");
    q_len = (int)n;
    return 0;
}
static int s_init(ck_errh *errh)
{
    if (src_limit < 0)
        return ck_error(errh, "LIMIT must be >= 0");
    ck_source_active(1);
    return 0;
}
static int s_task(void)
{
    if ((int64_t)c_count >= src_limit)
        return 0;
    c_count++;
    ck_source_count(1);
    if ((int64_t)c_count == src_limit)
        ck_source_active(-1);
    return 1;
}
static int set_param(const char *name, const char *value, ck_errh *errh)
{
    if (strcmp(name, "LIMIT") == 0)
        return ck_parse_int64(value, &src_limit) < 0 ? ck_error(errh, "bad LIMIT") : 0;
    return ck_error(errh, "this router has no parameter %s", name);
}

static uint64_t s_out[1], c_in[1], c_out[1], q_in[1];
static const ck_element_def elements[] = {
    {"s", "InfiniteSource", "t.click:1", "LIMIT 5", 0, 0, 0, 1, "", "h", NULL, s_out, s_init,
     NULL, s_task, NULL, 0},
    {"c", "Counter", "t.click:2", "", 1, 0, 1, 1, "h", "h", c_in, c_out, NULL, NULL, NULL, NULL, 0},
    {"q", "Queue", "t.click:3", "3", 2, 0, 1, 0, "h", "", q_in, NULL, NULL, NULL, NULL, NULL, 0},
    {"c2", "Counter", "t.click:4", "", 3, 0, 1, 0, "h", "", NULL, NULL, NULL, NULL, NULL, NULL, 0},
};
static const ck_handler_def handlers[] = {
    {"c", "count", c_read_count, NULL, 0},
    {"c", "reset", NULL, c_write_reset, 0},
    {"q", "length", q_read_length, q_write_length, 0},
    {"q", "data", q_read_data, NULL, 0},
    {"c2", "count", c_read_count, NULL, 0},
};
static const ck_router_def router = {
    "t.click", "0.0-test", 4, elements, 5, handlers, set_param, "LIMIT=5  packets to emit\n", 1, 0,
    NULL, NULL,
};

/* ---- two threads (runtime/sched.c): private task lists, per-thread pools, drops, timers ---- */
static _Atomic int mt_wrong_thread;
static int mt_left[2];
static int mt_timer_thread = -1;

static int mt_task(int me)
{
    if (ck_thread_id != me)
        atomic_store(&mt_wrong_thread, 1);
    if (mt_left[me] == 0)
        return 0;
    ck_packet *p = ck_packet_alloc(60);
    ck_drop(p, 1, "test drop"); /* counted in this thread's drop table */
    if (--mt_left[me] == 0)
        ck_source_active(-1);
    return 1;
}
static int mt_task0(void) { return mt_task(0); }
static int mt_task1(void) { return mt_task(1); }
static void mt_on_timer(void *arg)
{
    (void)arg;
    mt_timer_thread = ck_thread_id;
}

static void test_two_threads(void)
{
    ck_sched_reset();
    ck_set_nthreads(2);
    mt_left[0] = 5000, mt_left[1] = 7000;
    uint64_t drops_before = ck_drops_of(1);
    ck_pool_stats before;
    ck_pool_get_stats(&before);
    ck_task_register(mt_task0, 0, 0);
    ck_task_register(mt_task1, 1, 1);
    ck_source_active(2);
    /* a timer initialized as thread 1 runs there */
    ck_timer t;
    ck_thread_id = 1;
    ck_timer_init(&t, mt_on_timer, NULL);
    ck_thread_id = 0;
    ck_timer_schedule_after(&t, 5000000);
    ck_run();
    CHECK(!atomic_load(&mt_wrong_thread));
    CHECK(mt_left[0] == 0 && mt_left[1] == 0);
    CHECK(ck_thread_stats_table[0].task_packets == 5000);
    CHECK(ck_thread_stats_table[1].task_packets == 7000);
    CHECK(mt_timer_thread == 1);
    CHECK(ck_drops_of(1) - drops_before == 12000);
    ck_pool_stats t1;
    ck_pool_get_thread_stats(1, &t1);
    CHECK(t1.allocated == 7000 && t1.freed == 7000);
    CHECK(ck_pool_outstanding() == (int64_t)(before.allocated - before.freed));
    CHECK(ck_thread_id == 0 && ck_nthreads() == 2);
    ck_sched_reset();
    CHECK(ck_nthreads() == 1);
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "unit") == 0) {
        ck_router_attach(&router);
        test_packets();
        test_drops();
        test_text();
        test_rate();
        test_pcap_helpers();
        test_pcap_reader();
        test_pcap_shared_map();
        test_scheduler();
        test_two_threads();
        /* handler calls by name */
        ck_buf b;
        ck_buf_init(&b);
        ck_errh errh;
        ck_errh_init(&errh, NULL, NULL);
        CHECK(ck_handler_write("q.length", "7", &errh) == 0 && q_len == 7);
        CHECK(ck_handler_read("q.length", &b, &errh) == 0);
        CHECK_STR(&b, "7\n");
        ck_buf_clear(&b);
        CHECK(ck_handler_read("c.class", &b, &errh) == 0);
        CHECK_STR(&b, "Counter");
        ck_buf_clear(&b);
        CHECK(ck_handler_read("s.config", &b, &errh) == 0);
        CHECK_STR(&b, "LIMIT 5");
        CHECK(ck_call_write_text("q.length 9", &errh) == 0 && q_len == 9);
        CHECK(errh.nerrors == 0);
        CHECK(ck_handler_read("c.reset", &b, &errh) < 0 && errh.nerrors == 1);
        CHECK(ck_handler_write("c.count", "1", &errh) < 0 && errh.nerrors == 2);
        CHECK(ck_handler_write("zz.count", "1", &errh) < 0 && errh.nerrors == 3);
        ck_buf_free(&b);
        ck_pool_cleanup();
        if (failures) {
            fprintf(stderr, "%d of %d checks failed\n", failures, checks);
            return 1;
        }
        printf("ok %d\n", checks);
        return 0;
    }
    return ck_main(&router, argc, argv);
}
