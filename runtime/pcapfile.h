/*
 * Classic pcap files read record by record with Click's FromDump semantics
 * (docs/reliability.md, "Captures"): the reader FromDump uses for classic pcap files, and the target of
 * the libFuzzer harness tests/fuzz/pcap_fuzz.c.  Depends only on the C library.
 *
 * Click's FromDump reads a record header's captured and original lengths into C ints and
 * reads the packet through a buffer of the file (FromFile: 4 MiB mapped pieces, or 32 KiB
 * reads with MMAP false).  Its answers, kept here:
 *   - the file's snaplen is not a limit: a record keeps all its captured bytes;
 *   - captured length over 65535 (as an int): "bad packet header; giving up";
 *   - captured length over the original length: the packet keeps the original length of
 *     bytes and the rest is skipped (tcptrace's off-by-one caplen);
 *   - a negative captured length -k (e.g. 0xFFFFFFFF, -1): the packet is the whole buffer
 *     FromFile holds (the file's 4 MiB piece containing the header's last byte; with MMAP
 *     false, 32 KiB), and the next header is read k bytes before the end of this header;
 *   - version 2.3 and older files may have the two lengths swapped, as Click swaps them.
 * Two inputs on which Click does something no reader should are refused with "bad packet
 * header; giving up" instead: a negative length reaching back before the buffer (Click then
 * allocates up to 4 GiB), and a record whose next header would not come after its own start
 * (Click would read the same records again, possibly forever).
 */
#ifndef CK_PCAPFILE_H
#define CK_PCAPFILE_H

#include <stdint.h>
#include <stdio.h>

/* Click's FromFile buffer sizes: mapped pieces and plain reads (include/click/fromfile.hh). */
#define CK_PCAP_MMAP_UNIT (4u << 20)
#define CK_PCAP_READ_UNIT (32u << 10)

typedef struct ck_pcap_reader {
    FILE *f;          /* not owned */
    uint64_t pos;     /* file offset of the next record header */
    uint64_t fpos;    /* where f is positioned (UINT64_MAX: unknown) */
    uint32_t unit;    /* CK_PCAP_MMAP_UNIT or CK_PCAP_READ_UNIT */
    uint32_t snaplen; /* from the file header; not a limit (see above) */
    uint32_t linktype;
    int swapped;      /* written in the other byte order */
    int nsec;         /* nanosecond timestamps (magic 0xA1B23C4D) */
    int minor;        /* version minor: lengths may be swapped at or before 2.3 */
    int major;        /* version major (for CK_PCAP_MAJOR's message) */
    const unsigned char *map; /* the file's first map_len bytes mapped read-only, or NULL */
    uint64_t map_len;
} ck_pcap_reader;

/* ck_pcap_open's answers; FromDump words them as Click does. */
enum {
    CK_PCAP_OK = 0,
    CK_PCAP_EMPTY,     /* "empty file" */
    CK_PCAP_SHORT,     /* "not a tcpdump file (too short)" */
    CK_PCAP_BAD_MAGIC, /* "not a tcpdump file (bad magic number)" */
    CK_PCAP_OTHER,     /* another format (modified pcap): not read here */
    CK_PCAP_MAJOR,     /* "unknown major version %d" (r->major) */
};

typedef struct ck_pcap_record {
    uint64_t header_off;   /* file offset of the record header */
    int64_t ts_ns;         /* timestamp, nanoseconds since the epoch */
    uint64_t data_off;     /* the packet: data_len bytes of the file at data_off, */
    uint32_t data_len;
    uint32_t pad;          /* then pad zero bytes (an unfilled 32 KiB read buffer) */
    uint32_t extra_length; /* EXTRA_LENGTH annotation: original - captured length */
} ck_pcap_record;

/* Read the 24-byte file header of f (positioned at its start) into r; unit is
 * CK_PCAP_MMAP_UNIT (FromDump's MMAP true) or CK_PCAP_READ_UNIT.  Returns CK_PCAP_OK (r ready
 * at the first record) or another CK_PCAP_* answer.  With CK_PCAP_MMAP_UNIT a regular file's
 * contents at this moment are mapped (records past them, in a file still growing, are read
 * through f), one mapping for all the process's readers of the file while its size and
 * modification time stay the same; ck_pcap_close releases this reader's share. */
int ck_pcap_open(ck_pcap_reader *r, FILE *f, uint32_t unit);

/* Release what ck_pcap_open took besides f (its share of the mapping, which the process's
 * readers of one unchanged file share; unmapped with its last reader); f stays open.  r may be
 * copied before (the copy then owns the share: close only one of them). */
void ck_pcap_close(ck_pcap_reader *r);

/* The next record's header: 1 and *rec set (r moves past the record); 0 at the end of the
 * file (no complete header left: Click ends silently); -1 for a header Click gives up on
 * ("bad packet header; giving up").  The packet's bytes are read by ck_pcap_data. */
int ck_pcap_next(ck_pcap_reader *r, ck_pcap_record *rec);

/* A 32-bit field of a pcap header: little-endian, or big-endian when swapped. */
static inline uint32_t ck_pcap_get32(const unsigned char *b, int swapped)
{
    return swapped ? (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3]
                   : (uint32_t)b[3] << 24 | (uint32_t)b[2] << 16 | (uint32_t)b[1] << 8 | b[0];
}

/* A uint32 as the C int Click stores it in (two's complement). */
static inline int64_t ck_pcap_as_int(uint32_t v)
{
    return v > INT32_MAX ? (int64_t)v - ((int64_t)1 << 32) : (int64_t)v;
}

/* The captured length of the record whose header is at file offset pos, when
 * ck_pcap_next_inline reads that record inline (below), else -1. */
static inline int64_t ck_pcap_inline_caplen(const ck_pcap_reader *r, uint64_t pos)
{
    if (!r->map || r->minor <= 3 || pos > r->map_len || r->map_len - pos < 16)
        return -1;
    const unsigned char *h = r->map + pos;
    uint32_t cap = ck_pcap_get32(h + 8, r->swapped), len = ck_pcap_get32(h + 12, r->swapped);
    return cap <= 65535 && cap <= len && len <= INT32_MAX ? (int64_t)cap : -1;
}

/* ck_pcap_next, inline for the common record of a mapped file (a sharded FromDump steps over
 * every other copy's records with it, docs/passes.md "Sharded file sources"): a version 2.4
 * header inside the mapping whose captured length is at most 65535 and at most its original
 * length (at most INT32_MAX).  Any other record goes to ck_pcap_next: the same answers. */
static inline int ck_pcap_next_inline(ck_pcap_reader *r, ck_pcap_record *rec)
{
    int64_t c = ck_pcap_inline_caplen(r, r->pos);
    if (c >= 0) {
        const unsigned char *h = r->map + r->pos;
        uint32_t cap = (uint32_t)c, len = ck_pcap_get32(h + 12, r->swapped);
        rec->header_off = r->pos;
        rec->ts_ns = ck_pcap_as_int(ck_pcap_get32(h, r->swapped)) * 1000000000 +
                     ck_pcap_as_int(ck_pcap_get32(h + 4, r->swapped)) * (r->nsec ? 1 : 1000);
        rec->extra_length = len - cap;
        rec->pad = 0;
        rec->data_off = r->pos + 16;
        rec->data_len = cap;
        r->pos += 16 + (uint64_t)cap;
        return 1;
    }
    return ck_pcap_next(r, rec);
}

/* rec's packet bytes in place when the mapping holds all of them and there is no pad (the
 * caller reads rec->data_len bytes there, e.g. a sharded FromDump's flow key); NULL
 * otherwise (read them with ck_pcap_peek or ck_pcap_data). */
static inline const unsigned char *ck_pcap_mapped(const ck_pcap_reader *r,
                                                  const ck_pcap_record *rec)
{
    if (!r->map || rec->pad || rec->data_off > r->map_len ||
        r->map_len - rec->data_off < rec->data_len)
        return NULL;
    return r->map + rec->data_off;
}

/* The bytes of rec's packet into buf (rec->data_len + rec->pad bytes): 0, or -1 when the
 * file ends before them (a truncated record: Click ends silently). */
int ck_pcap_data(ck_pcap_reader *r, const ck_pcap_record *rec, unsigned char *buf);

/* Up to n bytes of rec's packet from byte off into buf, without reading the rest (a sharded
 * FromDump looks at the flow key of every record and copies only its own, docs/passes.md
 * "Sharded file sources"): the number of bytes copied, fewer when the packet (data_len + pad)
 * ends before off + n or the file ends first. */
size_t ck_pcap_peek(ck_pcap_reader *r, const ck_pcap_record *rec, uint32_t off, unsigned char *buf,
                    size_t n);

#endif
