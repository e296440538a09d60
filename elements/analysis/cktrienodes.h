/* The node store of the tcpdpriv-style binary tries of AggregateCounter and AnonymizeIPAddr
 * (per instance, included after the template's `ELEM(node)` type, which has a
 * `struct ELEM(node) *child[2]` member): nodes come from blocks of 1024 threaded through
 * child[0] into a free list, as Click's tries allocate them.  ELEM(new_node) returns a node
 * (NULL when memory ran out), ELEM(free_node) gives one back, ELEM(new_pair) takes the two
 * children of a peer split (tcpdpriv's make_peer: both or neither), ELEM(free_nodes) frees
 * every block; ELEM(msb)(x) is the 1-based position of the most significant 1 bit of x counted from
 * the top (0 for 0; Click's ffs_msb). */
static ELEM(node) *ELEM(free_list);
static ELEM(node) **ELEM(blocks);
static size_t ELEM(nblocks);

static ELEM(node) *ELEM(new_node)(void)
{
    if (!ELEM(free_list)) {
        enum { BLOCK = 1024 };
        ELEM(node) *b = calloc(BLOCK, sizeof *b);
        ELEM(node) **nb = realloc(ELEM(blocks), (ELEM(nblocks) + 1) * sizeof *nb);
        if (!b || !nb) {
            free(b);
            if (nb)
                ELEM(blocks) = nb;
            return NULL;
        }
        ELEM(blocks) = nb;
        ELEM(blocks)[ELEM(nblocks)++] = b;
        for (int i = 0; i < BLOCK - 1; i++)
            b[i].child[0] = &b[i + 1];
        ELEM(free_list) = b;
    }
    ELEM(node) *n = ELEM(free_list);
    ELEM(free_list) = n->child[0];
    return n;
}

static CK_UNUSED void ELEM(free_node)(ELEM(node) *n)
{
    n->child[0] = ELEM(free_list);
    ELEM(free_list) = n;
}

static int ELEM(new_pair)(ELEM(node) *down[2])
{
    if (!(down[0] = ELEM(new_node)()))
        return -1;
    if (!(down[1] = ELEM(new_node)())) {
        ELEM(free_node)(down[0]);
        return -1;
    }
    return 0;
}

static void ELEM(free_nodes)(void)
{
    for (size_t i = 0; i < ELEM(nblocks); i++)
        free(ELEM(blocks)[i]);
    free(ELEM(blocks));
    ELEM(blocks) = NULL;
    ELEM(nblocks) = 0;
    ELEM(free_list) = NULL;
}

static inline int ELEM(msb)(uint32_t x) { return x ? __builtin_clz(x) + 1 : 0; }
