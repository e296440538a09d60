/* SourceIPHashMapper's consistent hash (Click's elements/ip/siphmapper.hh, chash_t and its
 * static balanced binary tree): NNODES points per server ID, each a draw of the C library's
 * random() after srandom(SEED), in increasing ID order (Click's click_srandom/click_random at
 * user level; docs/more-elements.md, "Random elements").  A point keeps its server's rank among
 * the distinct IDs, which indexes the mapper's patterns in configuration order, as Click's
 * hash2ind does.  The sorted points are laid out as an implicit tree (children of slot i at
 * 2i+1 and 2i+2); a key maps to the point equal to it, else the last point passed on the way
 * where the key was smaller, else the root.  Included by tcpudp/rewriter_flow.h, once. */
#ifndef CK_REWRITER_CHASH_H
#define CK_REWRITER_CHASH_H
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct rw_chash_point {
    int32_t key;
    unsigned short server, rank;
} rw_chash_point;

typedef struct rw_chash {
    int nnodes, seed, nids;
    const unsigned short *ids; /* the patterns' server IDs, in configuration order */
    rw_chash_point *tree;      /* built by rw_chash_build */
    int n;
} rw_chash;

static CK_UNUSED int rw_chash_point_cmp(const void *a, const void *b)
{
    int32_t x = ((const rw_chash_point *)a)->key, y = ((const rw_chash_point *)b)->key;
    return (x > y) - (x < y);
}

/* The power of two above n (for n = 4: 8), as Click's jvtree_t::next2pow. */
static CK_UNUSED int rw_chash_span(int n)
{
    int bits = 1;
    while ((n >>= 1) > 0)
        bits++;
    return 1 << bits;
}

/* Draw the points and lay out the tree; returns 0, or -1 out of memory. */
static CK_UNUSED int rw_chash_build(rw_chash *h)
{
    int top = -1;
    for (int i = 0; i < h->nids; i++)
        if (h->ids[i] > top)
            top = h->ids[i];
    h->n = h->nids * h->nnodes;
    rw_chash_point *pts = calloc((size_t)(h->n > 0 ? h->n : 1), sizeof *pts);
    h->tree = calloc((size_t)(h->n > 0 ? h->n : 1), sizeof *h->tree);
    if (!pts || !h->tree) {
        free(pts);
        return -1;
    }
    srandom((unsigned)h->seed);
    int used = 0;
    unsigned short rank = (unsigned short)-1;
    for (int server = 0; server <= top; server++) {
        int present = 0;
        for (int i = 0; i < h->nids && !present; i++)
            present = h->ids[i] == server;
        if (present)
            rank++;
        for (int j = 0; j < h->nnodes; j++) {
            int32_t draw = (int32_t)random();
            if (present && used < h->n)
                pts[used++] = (rw_chash_point){draw, (unsigned short)server, rank};
        }
    }
    qsort(pts, (size_t)h->n, sizeof *pts, rw_chash_point_cmp);
    /* breadth-first: each level takes every other remaining slot of the sorted order */
    int span = rw_chash_span(h->n);
    int first_odd = 2 * ((h->n + 1) / 2) - 2 * ((span - 1 - h->n) / 2) + 1;
    int out = 0;
    for (int step = span, start = span >> 1; start > 0 && out < h->n; step = start, start >>= 1)
        for (int x = start; x < span && out < h->n; x += step) {
            int slot = x < first_odd ? x : (x + first_odd - 1) / 2;
            h->tree[out++] = pts[slot - 1];
        }
    free(pts);
    return 0;
}

/* The pattern index (server rank) for a flow's source address (network order as stored):
 * SourceIPHashMapper::rewrite_flowid's mixing of the first byte, then the tree search. */
static CK_UNUSED int rw_chash_index(const rw_chash *h, uint32_t saddr)
{
    uint32_t k = saddr;
    k *= ((k & 0xFFu) << 24) | 1u;
    int32_t key = (int32_t)(k % (uint32_t)INT_MAX);
    const rw_chash_point *last = NULL;
    for (int i = 0; i < h->n;) {
        const rw_chash_point *p = &h->tree[i];
        if (key == p->key)
            return p->rank;
        if (key > p->key)
            i = 2 * i + 2;
        else {
            last = p;
            i = 2 * i + 1;
        }
    }
    return last ? last->rank : h->tree[0].rank;
}

static CK_UNUSED void rw_chash_free(rw_chash *h)
{
    free(h->tree);
    h->tree = NULL;
}
#endif
