/*
 * libFuzzer target: the classic pcap reader FromDump uses (runtime/pcapfile.c), on any bytes as
 * a capture file, with both of Click's buffer sizes (MMAP true and false).  Built and run for a
 * few seconds by tests/fuzz/test_pcap.py; see docs/reliability.md, "Fuzzing", to run it longer:
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -Iruntime tests/fuzz/pcap_fuzz.c \
 *       runtime/pcapfile.c -o pcap_fuzz && ./pcap_fuzz CORPUS_DIR
 *
 * Besides the sanitizers' checks it traps when the reader breaks its promises: every record
 * moves forward in the file (so a file of n bytes gives fewer than n records), a packet is at
 * most 65535 bytes or one of FromFile's buffers, and its bytes lie inside the file.
 */
#define _GNU_SOURCE /* fmemopen */
#include "pcapfile.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(c)                                                                                   \
    do {                                                                                           \
        if (!(c))                                                                                  \
            __builtin_trap();                                                                      \
    } while (0)

static void read_all(const uint8_t *data, size_t size, uint32_t unit)
{
    FILE *f = fmemopen((void *)data, size, "rb");
    if (!f)
        return; /* fmemopen refuses size 0 */
    ck_pcap_reader r;
    if (ck_pcap_open(&r, f, unit) == CK_PCAP_OK) {
        ck_pcap_record rec = {0};
        size_t n = 0;
        uint64_t last = 0;
        while (ck_pcap_next(&r, &rec) == 1) {
            CHECK(rec.header_off >= last && r.pos > rec.header_off);
            CHECK(++n < size);
            last = rec.header_off + 1;
            uint64_t total = (uint64_t)rec.data_len + rec.pad;
            CHECK(total <= 65535 || total <= unit);
            unsigned char *buf = malloc(total ? total : 1);
            CHECK(buf != NULL);
            if (ck_pcap_data(&r, &rec, buf) == 0)
                CHECK(rec.data_off + rec.data_len <= size);
            free(buf);
        }
        ck_pcap_close(&r);
    }
    fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    read_all(data, size, CK_PCAP_MMAP_UNIT);
    read_all(data, size, CK_PCAP_READ_UNIT);
    return 0;
}
