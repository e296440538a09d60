/*
 * The packet path of a route lookup element template (elements/ip/NAMEiplookup.c), instantiated by
 * hand with the binding macros of docs/c-interface.md and linked with the runtime.
 *
 * Build with -DCLASS_FILE='"ip/radixiplookup.c"' (and -I runtime -I elements; -DNO_DEFAULT
 * leaves the default route out).  Reads
 * destination addresses on standard input, one per line; for each, pushes a packet whose
 * DST_IP annotation is that address and prints "PORT ANNOTATION" (the output the packet left
 * on and its DST_IP annotation then), or "drop".  A line "lookup ADDR" calls the lookup handler
 * and prints its answer.
 */
#include "clickc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int seen_port;
static uint32_t seen_anno;

static void sink(int port, ck_packet *p)
{
    const unsigned char *a = p->anno + DST_IP_ANNO_OFFSET;
    seen_port = port;
    seen_anno = ((uint32_t)a[0] << 24) | ((uint32_t)a[1] << 16) | ((uint32_t)a[2] << 8) | a[3];
    ck_packet_kill(p);
}

#define ELEM(sym) rt_##sym
#define ELEMENT_NAME "rt"
#define ELEMENT_LANDMARK "test.click:1"
#define ELEMENT_INDEX 0
#define ELEMENT_THREAD 0
#define NINPUTS 1
#define NOUTPUTS 3
#define OUTPUT(port, p) sink((port), (p))

#include "ip/routetable.h"
#define CK_RT_COMPILED 1
#ifdef NO_DEFAULT
#define CK_RT_NROUTES 6u
#else
#define CK_RT_NROUTES 7u
#endif
static const ck_route route_list[] = {
#ifndef NO_DEFAULT
    {0x00000000u, 0x00000000u, 0x0a000001u, 2}, /* 0/0 10.0.0.1 2 */
#endif
    {0x0a000000u, 0xff000000u, 0x00000000u, 0}, /* 10/8 0 */
    {0x0a010000u, 0xffff0000u, 0x0a0000feu, 1}, /* 10.1/16 10.0.0.254 1 */
    {0x0a010200u, 0xffffff80u, 0x00000000u, 2}, /* 10.1.2.0/25 2 */
    {0x0a010203u, 0xffffffffu, 0x01020304u, 0}, /* 10.1.2.3/32 1.2.3.4 0 */
    {0x0a000000u, 0xff000000u, 0x00000000u, 1}, /* 10/8 1: a later duplicate, ignored */
    {0xc0a80000u, 0xffff0000u, 0x00000000u, 1}, /* 192.168/16 1 */
};

enum { NROUTES = CK_RT_NROUTES }; /* the template undefines CK_RT_NROUTES */
static unsigned char rt_routes[NROUTES * 16]; /* packed as clickc.routes does */

#include CLASS_FILE

static uint64_t in_packets[1], out_packets[3];

int main(void)
{
    static const ck_element_def el[1] = {{"rt", "X", "test.click:1", "", 0, 0, 1, 3, "h", "hhh",
                                          in_packets, out_packets, NULL, NULL, NULL, NULL, 0}};
    static const ck_router_def router = {"test.click", "test", 1, el, 0, NULL, NULL, "", 1, 0, NULL, NULL};
    ck_router_attach(&router);
    for (unsigned i = 0; i < NROUTES; i++) {
        uint32_t w[4] = {route_list[i].addr, route_list[i].mask, route_list[i].gw,
                         (uint32_t)route_list[i].port};
        for (int k = 0; k < 16; k++)
            rt_routes[16 * i + (unsigned)k] = (unsigned char)(w[k / 4] >> (24 - 8 * (k % 4)));
    }
    ck_errh errh;
    ck_errh_init(&errh, "test.click:1", NULL);
    if (rt_init(&errh) < 0)
        return 1;
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (strcmp(line, "table") == 0) {
            ck_buf b;
            ck_buf_init(&b);
            rt_read_table(&b);
            fputs(ck_buf_str(&b), stdout);
            ck_buf_free(&b);
            continue;
        }
        if (strncmp(line, "lookup ", 7) == 0) {
            ck_buf b;
            ck_buf_init(&b);
            ck_buf_puts(&b, line + 7);
            int rc = rt_read_lookup(&b);
            printf("%s%s\n", rc < 0 ? "error: " : "", ck_buf_str(&b));
            ck_buf_free(&b);
            continue;
        }
        unsigned a, b, c, d;
        if (sscanf(line, "%u.%u.%u.%u", &a, &b, &c, &d) != 4)
            continue;
        ck_packet *p = ck_packet_alloc(20);
        if (!p)
            return 1;
        memset(p->anno, 0, sizeof p->anno);
        p->anno[0] = (unsigned char)a;
        p->anno[1] = (unsigned char)b;
        p->anno[2] = (unsigned char)c;
        p->anno[3] = (unsigned char)d;
        seen_port = -1;
        rt_push(0, p);
        if (seen_port < 0)
            printf("drop\n");
        else
            printf("%d %u.%u.%u.%u\n", seen_port, seen_anno >> 24, (seen_anno >> 16) & 255u,
                   (seen_anno >> 8) & 255u, seen_anno & 255u);
    }
    rt_cleanup();
    printf("drops %llu outstanding %lld\n", (unsigned long long)ck_drops_of(0),
           (long long)ck_pool_outstanding());
    return 0;
}
