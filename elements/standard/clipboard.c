/* Clipboard(OFFSET/LENGTH, ...): Click's elements/standard/clipboard.cc.  A packet passing
 * from input 0 to output 0 has its ranges copied, in order, into the clipboard; a packet
 * passing from input 1 to output 1 gets the clipboard pasted back at the same ranges, when it
 * is at least as long as the furthest range reaches (otherwise it passes unchanged).  Click
 * copies a range whatever the packet's length; here the bytes of a range that lie past the end
 * of a copied packet leave the clipboard's bytes as they were (Click would read past the
 * data).  The clipboard starts zeroed.  Out of memory on a paste is a counted drop. */
static unsigned char *ELEM(clip);
static uint32_t ELEM(minlen);

static int
ELEM(init)(ck_errh *errh)
{
    size_t size = 0;
    for (size_t i = 0; i < (size_t)CONF_LEN(LENGTHS); i++) {
        uint64_t end = (uint64_t)CONF(OFFSETS)[i] + CONF(LENGTHS)[i];
        size += CONF(LENGTHS)[i];
        if (end > ELEM(minlen))
            ELEM(minlen) = end > UINT32_MAX ? UINT32_MAX : (uint32_t)end;
    }
    ELEM(clip) = calloc(size ? size : 1, 1);
    if (!ELEM(clip))
        return ck_error(errh, "out of memory");
    return 0;
}

static void
ELEM(cleanup)(void)
{
    free(ELEM(clip));
    ELEM(clip) = NULL;
}

static void ELEM(copy)(const ck_packet *p)
{
    unsigned char *dst = ELEM(clip);
    for (size_t i = 0; i < (size_t)CONF_LEN(LENGTHS); i++) {
        uint32_t off = CONF(OFFSETS)[i], len = CONF(LENGTHS)[i];
        if (off < p->len)
            memcpy(dst, p->data + off, p->len - off < len ? p->len - off : len);
        dst += len;
    }
}

static ck_packet *ELEM(paste)(ck_packet *p)
{
    if (p->len < ELEM(minlen))
        return p;
    p = ck_packet_uniqueify(p);
    if (!p) {
        ck_count_drop(ELEMENT_INDEX, "out of memory");
        return NULL;
    }
    const unsigned char *src = ELEM(clip);
    for (size_t i = 0; i < (size_t)CONF_LEN(LENGTHS); i++) {
        memcpy(p->data + CONF(OFFSETS)[i], src, CONF(LENGTHS)[i]);
        src += CONF(LENGTHS)[i];
    }
    return p;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    if (port == 0)
        ELEM(copy)(p);
    else if (!(p = ELEM(paste)(p)))
        return;
    OUTPUT(port, p);
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    ck_packet *p = INPUT_PULL(port);
    if (!p)
        return NULL;
    if (port == 0)
        ELEM(copy)(p);
    else
        p = ELEM(paste)(p);
    return p;
}
