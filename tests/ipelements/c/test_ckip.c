/* Checks of elements/ip/ckip.h: ck_in_cksum equals RFC 1071's 16-bit one's-complement sum
 * (computed here word by word, as Click's click_in_cksum does) for every length 0-1499 and
 * zero, all-ones and pseudo-random data; a packet with its checksum stored checksums to 0;
 * DecIPTTL's incremental update (RFC 1624) equals a full recomputation after decrementing the
 * TTL.  Exit status 0 when all hold. */
#include "clickc.h"
#include "ip/ckip.h"
#include <stdio.h>

static uint16_t rfc1071(const unsigned char *a, uint32_t n)
{
    uint32_t s = 0;
    while (n > 1) {
        uint16_t w;
        memcpy(&w, a, 2);
        s += w;
        a += 2;
        n -= 2;
    }
    if (n) {
        uint16_t w = 0;
        memcpy(&w, a, 1);
        s += w;
    }
    s = (s & 0xFFFF) + (s >> 16);
    s += s >> 16;
    return (uint16_t)~s;
}

int main(void)
{
    static unsigned char b[1600];
    unsigned x = 12345;
    for (int t = 0; t < 30000; t++) {
        uint32_t n = (uint32_t)(t % 1500);
        int mode = t % 5;
        for (uint32_t i = 0; i < n; i++) {
            x = x * 1103515245u + 12345u;
            b[i] = mode == 0 ? 0 : mode == 1 ? 0xFF : (unsigned char)(x >> 16);
        }
        if (rfc1071(b, n) != ck_in_cksum(b, n)) {
            printf("checksum mismatch: length %u, mode %d\n", n, mode);
            return 1;
        }
    }
    for (int t = 0; t < 100000; t++) {
        unsigned char ip[20];
        for (int i = 0; i < 20; i++) {
            x = x * 1103515245u + 12345u;
            ip[i] = (unsigned char)(x >> 16);
        }
        ip[0] = 0x45;
        ip[CKIP_TTL] = (unsigned char)(2 + t % 254);
        ck_ip_set_cksum(ip, 20);
        if (ck_in_cksum(ip, 20) != 0) {
            puts("stored checksum does not verify");
            return 1;
        }
        /* DecIPTTL's update */
        ip[CKIP_TTL]--;
        uint32_t sum = (~(uint32_t)ck_get16(ip + CKIP_SUM) & 0xFFFF) + 0xFEFF;
        ck_put16(ip + CKIP_SUM, (uint16_t)~(sum + (sum >> 16)));
        if (ck_in_cksum(ip, 20) != 0) {
            printf("incremental TTL update wrong (case %d)\n", t);
            return 1;
        }
    }
    puts("ok");
    return 0;
}
