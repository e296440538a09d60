/* Click's CRC-32 (lib/crc32.c, used by SetCRC32 and CheckCRC32): the Ethernet polynomial
 * 0x04C11DB7 processed most significant bit first, one byte at a time, from the accumulator
 * 0xFFFFFFFF, with no final complement.  The table is built when the program starts (a
 * constructor: before any element or thread runs).  Once per router. */
#ifndef CLICKC_CKCRC32_H
#define CLICKC_CKCRC32_H

static uint32_t ck_crc32_table[256];

__attribute__((constructor)) static void ck_crc32_setup(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i << 24;
        for (int j = 0; j < 8; j++)
            c = c & 0x80000000u ? c << 1 ^ 0x04C11DB7u : c << 1;
        ck_crc32_table[i] = c;
    }
}

static inline uint32_t ck_crc32_update(uint32_t crc, const unsigned char *p, uint32_t len)
{
    for (uint32_t i = 0; i < len; i++)
        crc = crc << 8 ^ ck_crc32_table[(crc >> 24 ^ p[i]) & 0xFF];
    return crc;
}
#endif
