/* What the sources share (InfiniteSource, RatedSource and TimedSource; FromDump and
 * FromIPSummaryDump for ck_source_took): their packet's data, the packet made from it,
 * whether they count as an active source, and the count of packets they send. */
#ifndef CLICKC_CKSOURCE_H
#define CLICKC_CKSOURCE_H

/* Click's default DATA of the three sources. */
#define CK_SOURCE_DEFAULT_DATA \
    "Random bullshit in a packet, at least 64 bytes long. Well, now it is."

/* Replace *data (*datalen bytes, NUL-terminated) with a copy of src[0..n); -1 when out of
 * memory (nothing changed then). */
static inline int ck_source_set_data(char **data, size_t *datalen, const char *src, size_t n)
{
    char *d = malloc(n + 1);
    if (!d)
        return -1;
    if (n)
        memcpy(d, src, n);
    d[n] = '\0';
    free(*data);
    *data = d;
    *datalen = n;
    return 0;
}

/* dst[0..n) = data repeated (Click's setup_packet for LENGTH beyond DATA), zeros when data is
 * empty. */
static inline void ck_source_fill(unsigned char *dst, size_t n, const char *data, size_t datalen)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = datalen ? (unsigned char)data[i % datalen] : 0;
}

/* The source is (live) or is no longer an active source (ck_source_active); *was tracks it. */
static inline void ck_source_set_live(int live, int *was)
{
    if (live != *was) {
        ck_source_active(live ? 1 : -1);
        *was = live;
    }
}

/* A packet the source hands on (NULL: none): counted in *count when count is not NULL, and
 * in ck_source_count.  Returns p. */
static inline ck_packet *ck_source_took(ck_packet *p, uint64_t *count)
{
    if (p) {
        if (count)
            (*count)++;
        ck_source_count(1);
    }
    return p;
}

/* Cleanup: free the packet and the data, and stop counting as an active source. */
static inline void ck_source_release(ck_packet **packet, char **data, int *live)
{
    if (*packet)
        ck_packet_kill(*packet);
    *packet = NULL;
    free(*data);
    *data = NULL;
    if (*live)
        ck_source_active(-1);
    *live = 0;
}

#endif
