/* MD5 (RFC 1321) for ToIPSummaryDump's payload_md5 and payload_md5_hex fields, and Click's
 * 22-character text form of a digest (Click's md5_finish_text with allow_at: the digest read
 * six bits at a time, least significant bits of each byte first, each group written as one
 * character of "a-z A-Z 0-9 _ @").  One-shot: ck_md5(data, len, digest). */
#ifndef CLICKC_CKMD5_H
#define CLICKC_CKMD5_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define CK_MD5_DIGEST_SIZE 16
#define CK_MD5_TEXT_DIGEST_SIZE 22

static inline uint32_t ck_md5_rotl(uint32_t x, unsigned c)
{
    return (x << c) | (x >> (32 - c));
}

/* One 64-byte block into the state abcd (RFC 1321, section 3.4). */
static CK_UNUSED void ck_md5_block(uint32_t abcd[4], const unsigned char *blk)
{
    /* per-round shift amounts and the sine table T[i] = floor(2^32 * |sin(i + 1)|) */
    static const unsigned shifts[4][4] = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23},
                                          {6, 10, 15, 21}};
    static const uint32_t t[64] = {
        0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613,
        0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193,
        0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d,
        0x02441453, 0xd8a1e681, 0xe7d3fbc8, 0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
        0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122,
        0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
        0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665, 0xf4292244,
        0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
        0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb,
        0xeb86d391};
    uint32_t x[16];
    for (int i = 0; i < 16; i++)
        x[i] = (uint32_t)blk[4 * i] | (uint32_t)blk[4 * i + 1] << 8
               | (uint32_t)blk[4 * i + 2] << 16 | (uint32_t)blk[4 * i + 3] << 24;
    uint32_t a = abcd[0], b = abcd[1], c = abcd[2], d = abcd[3];
    for (int i = 0; i < 64; i++) {
        uint32_t f;
        int k;
        switch (i >> 4) {
        case 0:
            f = (b & c) | (~b & d);
            k = i;
            break;
        case 1:
            f = (b & d) | (c & ~d);
            k = (5 * i + 1) & 15;
            break;
        case 2:
            f = b ^ c ^ d;
            k = (3 * i + 5) & 15;
            break;
        default:
            f = c ^ (b | ~d);
            k = (7 * i) & 15;
            break;
        }
        uint32_t nb = b + ck_md5_rotl(a + f + t[i] + x[k], shifts[i >> 4][i & 3]);
        a = d;
        d = c;
        c = b;
        b = nb;
    }
    abcd[0] += a;
    abcd[1] += b;
    abcd[2] += c;
    abcd[3] += d;
}

/* The MD5 digest of data[0..len). */
static CK_UNUSED void ck_md5(const unsigned char *data, size_t len,
                             unsigned char digest[CK_MD5_DIGEST_SIZE])
{
    uint32_t abcd[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
    size_t n = len;
    while (n >= 64) {
        ck_md5_block(abcd, data);
        data += 64;
        n -= 64;
    }
    /* the tail, the 0x80 pad byte, zeros, and the length in bits (little-endian) */
    unsigned char last[128];
    memset(last, 0, sizeof last);
    if (n)
        memcpy(last, data, n);
    last[n] = 0x80;
    size_t total = n + 1 + 8 <= 64 ? 64 : 128;
    uint64_t bits = (uint64_t)len << 3;
    for (int i = 0; i < 8; i++)
        last[total - 8 + i] = (unsigned char)(bits >> (8 * i));
    ck_md5_block(abcd, last);
    if (total == 128)
        ck_md5_block(abcd, last + 64);
    for (int i = 0; i < 16; i++)
        digest[i] = (unsigned char)(abcd[i >> 2] >> ((i & 3) << 3));
}

/* Click's text form of a digest (md5_finish_text with allow_at): 22 characters into out (no
 * terminating NUL). */
static CK_UNUSED void ck_md5_text(const unsigned char digest[CK_MD5_DIGEST_SIZE],
                                  char out[CK_MD5_TEXT_DIGEST_SIZE])
{
    static const char chars[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@";
    int k = 0;
    for (int bit = 0; bit < CK_MD5_DIGEST_SIZE * 8; bit += 6) {
        int byte = bit / 8;
        unsigned val = (unsigned)digest[byte] >> (bit % 8);
        if (bit % 8 > 2 && byte < CK_MD5_DIGEST_SIZE - 1)
            val |= (unsigned)digest[byte + 1] << (8 - bit % 8);
        out[k++] = chars[val & 0x3F];
    }
}

#endif
