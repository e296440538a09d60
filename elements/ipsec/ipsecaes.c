/* IPsecAES(ENCRYPT [, IGNORE]): Click's AES transform of an ESP packet's payload (Click's
 * elements/ipsec/aes.cc).  ENCRYPT 1 encrypts, 0 decrypts.
 *
 * Click's construction, kept bit for bit so that clickc and Click routers interoperate: the
 * key is the SA's 16-byte encryption key (AES-128); the range starts after the 16-byte ESP
 * header and is len - 16 - IGNORE bytes (IGNORE 12 by default), plus 8 when that is not a
 * multiple of 16 (so the first 8 bytes of the digest join the last block), taken in whole
 * 16-byte blocks; each block is chained CBC-like but only over its first 8 bytes: encryption
 * XORs the first 8 bytes with the ESP IV (first block) or with the first 8 bytes of the
 * previous ciphertext block, then applies AES; decryption reverses it.  This is not RFC 3602
 * AES-CBC (which chains all 16 bytes with a 16-byte IV); tshark cannot decode it.
 *
 * The block cipher is OpenSSL's AES-128-ECB through EVP (decryption of a whole packet in one
 * call).  IGNORE is a clickc keyword (see IPsecDES).  A packet without an SA annotation is
 * dropped after Click's message; a block range running past the data (possible only for
 * malformed packets; Click would read beyond the packet) is dropped as "ciphertext past the
 * packet end". */
#include "ipsec/ipsec.h"

/* per thread, so any ELEMENT_NTHREADS works */
static _Thread_local ck_ipsec_ctx_cache ELEM(cache);
static _Thread_local unsigned char ELEM(hold)[32768];

static void
ELEM(cleanup)(void)
{
    ck_ipsec_cache_free_ciphers(&ELEM(cache));
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    const ck_ipsec_sa *sa = ck_ipsec_sa_anno(p);
    int enc = CONF(ENCRYPT) ? 1 : 0;
    if (CK_UNLIKELY(!sa)) {
        ck_chatter(enc ? "AES: No SADataTuple annotation. This module is not properly placed "
                         "check man page"
                       : "AES: No SADataTuple reference annotation. check man page");
        ck_drop(p, ELEMENT_INDEX, "no security association");
        return NULL;
    }
    long plen = (long)p->len - CK_IPSEC_ESP_HDR - (long)CONF(IGNORE);
    if (plen % 16 != 0)
        plen += 8;
    if (plen <= 0)
        return p;
    size_t nblocks = (size_t)(plen + 15) / 16;
    if (CK_UNLIKELY(CK_IPSEC_ESP_HDR + nblocks * 16 > p->len)) {
        ck_drop(p, ELEMENT_INDEX, "ciphertext past the packet end");
        return NULL;
    }
    p = ck_packet_uniqueify(p);
    if (!p)
        return NULL;
    EVP_CIPHER_CTX *ctx = ck_ipsec_cipher_ctx(&ELEM(cache), sa, EVP_aes_128_ecb(), enc,
                                              sa->enc_key);
    if (!ctx) {
        ck_drop(p, ELEMENT_INDEX, "OpenSSL cipher failed");
        return NULL;
    }
    unsigned char *iv = p->data + 8;
    unsigned char *d = p->data + CK_IPSEC_ESP_HDR;
    if (enc) {
        const unsigned char *prev = iv;
        for (size_t b = 0; b < nblocks; b++, d += 16) {
            for (int i = 0; i < 8; i++)
                d[i] ^= prev[i];
            if (EVP_Cipher(ctx, d, d, 16) <= 0) {
                ck_drop(p, ELEMENT_INDEX, "OpenSSL cipher failed");
                return NULL;
            }
            prev = d;
        }
        return p;
    }
    /* decryption: keep the first half of each ciphertext block, decrypt all blocks at once,
     * then undo the chaining */
    size_t chunk = sizeof ELEM(hold) / 8;
    unsigned char carry[8];
    memcpy(carry, iv, 8);
    for (size_t b0 = 0; b0 < nblocks; b0 += chunk) {
        size_t nb = nblocks - b0 < chunk ? nblocks - b0 : chunk;
        unsigned char *c = d + b0 * 16;
        for (size_t b = 0; b < nb; b++)
            memcpy(ELEM(hold) + 8 * b, c + 16 * b, 8);
        if (EVP_Cipher(ctx, c, c, (unsigned)(nb * 16)) <= 0) {
            ck_drop(p, ELEMENT_INDEX, "OpenSSL cipher failed");
            return NULL;
        }
        for (size_t b = 0; b < nb; b++) {
            const unsigned char *prev = b ? ELEM(hold) + 8 * (b - 1) : carry;
            for (int i = 0; i < 8; i++)
                c[16 * b + i] ^= prev[i];
        }
        memcpy(carry, ELEM(hold) + 8 * (nb - 1), 8);
    }
    return p;
}

#include "simple_action.h"
