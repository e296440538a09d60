/*
 * Classic pcap files read record by record with Click's FromDump semantics (pcapfile.h).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* fseeko, ftello */
#endif
#include "pcapfile.h"

#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>

#define get32 ck_pcap_get32
#define as_int ck_pcap_as_int

/* Read n bytes at file offset off into buf: the number read (fewer at the end of the file).
 * Bytes inside the mapped prefix (ck_pcap_open) are copied from it; others are read through
 * the FILE (past the prefix: a file that grew after it was opened). */
static size_t read_at(ck_pcap_reader *r, uint64_t off, unsigned char *buf, size_t n)
{
    if (off <= r->map_len && n <= r->map_len - off) {
        memcpy(buf, r->map + off, n);
        return n;
    }
    if (off > INT64_MAX)
        return 0;
    if (r->fpos != off) {
        if (fseeko(r->f, (off_t)off, SEEK_SET) != 0) {
            r->fpos = UINT64_MAX;
            return 0;
        }
    }
    size_t got = fread(buf, 1, n, r->f);
    r->fpos = off + got;
    if (got < n) {
        clearerr(r->f); /* a file still being written may grow */
        r->fpos = UINT64_MAX;
    }
    return got;
}

/* The file's size now (Click's FromFile maps the file as it is when it gets there). */
static uint64_t file_size(ck_pcap_reader *r)
{
    r->fpos = UINT64_MAX;
    if (fseeko(r->f, 0, SEEK_END) != 0)
        return 0;
    off_t end = ftello(r->f);
    return end < 0 ? 0 : (uint64_t)end;
}

/* The mappings of this process, shared by the readers of one file: the copies of a sharded
 * FromDump (docs/passes.md "Sharded file sources") all read one file, and with one mapping
 * each page is faulted in once, by whichever copy reaches it first, instead of once per copy.
 * A mapping is the file (device, inode) as it was (size, modification time) when first mapped;
 * it is unmapped when its last reader closes.  Readers open and close at initialization and
 * cleanup, but a hot swap's initialization may run beside another router's: a mutex guards
 * the table.  Beyond CK_PCAP_SHARED_MAPS files at once a reader maps its own. */
#define CK_PCAP_SHARED_MAPS 32
typedef struct shared_map {
    dev_t dev;
    ino_t ino;
    off_t size;
    struct timespec mtime;
    const unsigned char *map;
    int refs; /* 0: a free slot */
} shared_map;
static shared_map shared_maps[CK_PCAP_SHARED_MAPS];
static pthread_mutex_t shared_maps_lock = PTHREAD_MUTEX_INITIALIZER;

static const unsigned char *shared_map_get(const struct stat *st, int fd)
{
    pthread_mutex_lock(&shared_maps_lock);
    shared_map *slot = NULL;
    for (int i = 0; i < CK_PCAP_SHARED_MAPS; i++) {
        shared_map *s = &shared_maps[i];
        if (s->refs && s->dev == st->st_dev && s->ino == st->st_ino && s->size == st->st_size &&
            s->mtime.tv_sec == st->st_mtim.tv_sec && s->mtime.tv_nsec == st->st_mtim.tv_nsec) {
            s->refs++;
            pthread_mutex_unlock(&shared_maps_lock);
            return s->map;
        }
        if (!s->refs && !slot)
            slot = s;
    }
    const unsigned char *m = NULL;
    void *v = mmap(NULL, (size_t)st->st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (v != MAP_FAILED) {
        (void)madvise(v, (size_t)st->st_size, MADV_SEQUENTIAL);
        m = (const unsigned char *)v;
        if (slot)
            *slot = (shared_map){st->st_dev, st->st_ino, st->st_size, st->st_mtim, m, 1};
    }
    pthread_mutex_unlock(&shared_maps_lock);
    return m;
}

static void shared_map_put(const unsigned char *m, uint64_t len)
{
    pthread_mutex_lock(&shared_maps_lock);
    for (int i = 0; i < CK_PCAP_SHARED_MAPS; i++) {
        shared_map *s = &shared_maps[i];
        if (s->refs && s->map == m) {
            if (--s->refs == 0)
                munmap((void *)m, (size_t)len);
            pthread_mutex_unlock(&shared_maps_lock);
            return;
        }
    }
    munmap((void *)m, (size_t)len); /* a reader's own mapping (the table was full) */
    pthread_mutex_unlock(&shared_maps_lock);
}

/* Map a regular file's current contents read-only (FromDump's MMAP true, Click's default:
 * Click's FromFile maps its files too), sharing the mapping with this process's other readers
 * of the file.  Records are then read without a system call or a stdio copy per record.  A
 * pipe, an empty file or a failed mmap keeps reading through the FILE. */
static void map_file(ck_pcap_reader *r)
{
    int fd = fileno(r->f);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0)
        return;
    const unsigned char *m = shared_map_get(&st, fd);
    if (!m)
        return;
    r->map = m;
    r->map_len = (uint64_t)st.st_size;
}

int ck_pcap_open(ck_pcap_reader *r, FILE *f, uint32_t unit)
{
    memset(r, 0, sizeof *r);
    r->f = f;
    r->fpos = UINT64_MAX;
    r->unit = unit;
    unsigned char h[24];
    size_t n = read_at(r, 0, h, sizeof h);
    if (n == 0)
        return CK_PCAP_EMPTY;
    if (n < sizeof h)
        return CK_PCAP_SHORT;
    uint32_t magic = get32(h, 0);
    if (magic == 0xA1B2C3D4u || magic == 0xA1B23C4Du)
        r->swapped = 0;
    else if (magic == 0xD4C3B2A1u || magic == 0x4D3CB2A1u)
        r->swapped = 1;
    else if (magic == 0xA1B2CD34u || magic == 0x34CDB2A1u)
        return CK_PCAP_OTHER;
    else
        return CK_PCAP_BAD_MAGIC;
    r->nsec = magic == 0xA1B23C4Du || magic == 0x4D3CB2A1u;
    r->major = r->swapped ? h[4] << 8 | h[5] : h[5] << 8 | h[4];
    r->minor = r->swapped ? h[6] << 8 | h[7] : h[7] << 8 | h[6];
    if (r->major != 2)
        return CK_PCAP_MAJOR;
    r->snaplen = get32(h + 16, r->swapped);
    r->linktype = get32(h + 20, r->swapped);
    r->pos = 24;
    if (unit == CK_PCAP_MMAP_UNIT)
        map_file(r);
    return CK_PCAP_OK;
}

void ck_pcap_close(ck_pcap_reader *r)
{
    if (r->map)
        shared_map_put(r->map, r->map_len);
    r->map = NULL;
    r->map_len = 0;
}


int ck_pcap_next(ck_pcap_reader *r, ck_pcap_record *rec)
{
    unsigned char h[16];
    if (read_at(r, r->pos, h, sizeof h) < sizeof h)
        return 0;
    uint32_t sec = get32(h, r->swapped), sub = get32(h + 4, r->swapped);
    uint32_t f_cap = get32(h + 8, r->swapped), f_len = get32(h + 12, r->swapped);
    /* at or before version 2.3 the two lengths may be swapped (Click's FromDump::read_packet) */
    int as_is = r->minor > 3 || (r->minor == 3 && f_cap <= f_len);
    int64_t caplen = as_int(as_is ? f_cap : f_len), len = as_int(as_is ? f_len : f_cap);
    int64_t skip = 0;
    if (caplen > 65535)
        return -1;
    if (caplen > len) { /* tcptrace's off-by-one caplen, as Click and tcpdump */
        skip = as_int((uint32_t)(caplen - len));
        caplen = len;
    }
    uint64_t data = r->pos + sizeof h;
    rec->header_off = r->pos;
    rec->ts_ns = as_int(sec) * 1000000000 + as_int(sub) * (r->nsec ? 1 : 1000);
    rec->extra_length = (uint32_t)(len - caplen);
    rec->pad = 0;
    if (caplen >= 0) {
        rec->data_off = data;
        rec->data_len = (uint32_t)caplen;
    } else {
        /* FromFile::get_packet with a size of (size_t)-k: when the buffer holding the header's
         * last byte starts at least k bytes before the data, the packet is that whole buffer
         * and the read position moves back k bytes. */
        uint64_t k = (uint64_t)-caplen, start = (data - 1) / r->unit * r->unit;
        uint64_t size = file_size(r), have = size > start ? size - start : 0;
        if (have > r->unit)
            have = r->unit;
        if (data - start < k || data - start - k > have)
            return -1; /* Click would allocate up to 4 GiB here */
        rec->data_off = start;
        rec->data_len = (uint32_t)have;
        /* a mapped piece is as long as the file; a read buffer is always 32 KiB */
        rec->pad = r->unit == CK_PCAP_READ_UNIT ? r->unit - (uint32_t)have : 0;
    }
    int64_t next = (int64_t)data + caplen + skip;
    if (next <= (int64_t)r->pos)
        return -1; /* Click would read the same records again */
    r->pos = (uint64_t)next;
    return 1;
}

int ck_pcap_data(ck_pcap_reader *r, const ck_pcap_record *rec, unsigned char *buf)
{
    if (read_at(r, rec->data_off, buf, rec->data_len) < rec->data_len)
        return -1;
    memset(buf + rec->data_len, 0, rec->pad);
    return 0;
}

size_t ck_pcap_peek(ck_pcap_reader *r, const ck_pcap_record *rec, uint32_t off, unsigned char *buf,
                    size_t n)
{
    uint64_t total = (uint64_t)rec->data_len + rec->pad;
    if (off >= total)
        return 0;
    if (n > total - off)
        n = (size_t)(total - off);
    size_t from_file = off >= rec->data_len ? 0 : rec->data_len - off;
    if (from_file > n)
        from_file = n;
    size_t got = from_file ? read_at(r, rec->data_off + off, buf, from_file) : 0;
    if (got < from_file)
        return got;
    memset(buf + got, 0, n - got); /* the pad of an unfilled read buffer */
    return n;
}
