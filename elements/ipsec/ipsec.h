/* Shared definitions of the IPsec element templates (Click's elements/ipsec/): the security
 * association (Click's SADataTuple, sadatatuple.hh), the two annotations that carry it
 * (IPSEC_SPI_ANNO at byte 32, the SA reference at byte 40 on 64-bit hosts, Click's
 * include/click/packet_anno.hh), the ESP header layout Click uses (SPI, replay counter and an
 * 8-byte IV: 16 bytes, esp.hh's struct esp_new), and OpenSSL helpers.
 *
 * All cryptography goes through OpenSSL's libcrypto EVP interface (routers link -lcrypto; the
 * specs say so).  Each cipher or HMAC element keeps, per thread, a small cache of EVP contexts
 * keyed by SA, so a key schedule is computed once per SA and thread instead of once per packet
 * (Click recomputes it for every packet).
 *
 * Included once per instance by several templates: definitions are guarded. */
#ifndef CK_IPSEC_H
#define CK_IPSEC_H

#include <openssl/evp.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include <stdint.h>
#include <string.h>

#define CK_IPSEC_KEY_SIZE 16        /* sadatatuple.hh KEY_SIZE */
#define CK_IPSEC_ESP_HDR 16         /* sizeof(struct esp_new): SPI, replay counter, IV[8] */
#define CK_IPSEC_ICV 12             /* HMAC-SHA1-96 (RFC 2404) */
#define CK_IPSEC_SPI_ANNO_OFFSET 32 /* IPSEC_SPI_ANNO_OFFSET */
#define CK_IPSEC_SA_ANNO_OFFSET 40  /* IPSEC_SA_DATA_REFERENCE_ANNO_OFFSET (8-byte pointers) */

/* Click's SADataTuple: keys, the outgoing sequence number and the incoming replay window. */
typedef struct ck_ipsec_sa {
    uint8_t enc_key[CK_IPSEC_KEY_SIZE];
    uint8_t auth_key[CK_IPSEC_KEY_SIZE];
    uint32_t replay_start_counter;
    uint32_t cur_rpl;
    uint8_t ooowin;   /* out-of-order window size */
    uint32_t bitmap;  /* packets seen below lastseq */
    uint32_t lastseq; /* host order */
    uint32_t spi;
    int lock;         /* replay-window lock when several threads run IPsecESPUnencap */
} ck_ipsec_sa;

/* RadixIPsecLookup's tables (generated per instance by radixipseclookup.py). */
typedef struct ck_ipsec_route {
    uint32_t addr, mask, gw; /* host byte order */
    int32_t port;            /* INT32_MIN once killed (Click's IPsecRoute::kill) */
    int32_t sa;              /* index into the instance's SA array, or -1 */
    uint32_t spi;
    int32_t free;            /* on Click's free list (_vfree) */
} ck_ipsec_route;

typedef struct ck_ipsec_prefix {
    uint32_t addr, mask;
    int32_t slot;
} ck_ipsec_prefix;

typedef struct ck_ipsec_sat {
    uint32_t spi;
    int32_t sa;
} ck_ipsec_sat;

static inline ck_ipsec_sa *ck_ipsec_sa_anno(const ck_packet *p)
{
    ck_ipsec_sa *sa;
    memcpy(&sa, p->anno + CK_IPSEC_SA_ANNO_OFFSET, sizeof sa);
    return sa;
}

static inline void ck_ipsec_set_sa_anno(ck_packet *p, ck_ipsec_sa *sa)
{
    memcpy(p->anno + CK_IPSEC_SA_ANNO_OFFSET, &sa, sizeof sa);
}

/* Threads: every template here handles ELEMENT_NTHREADS > 1.  EVP contexts are per thread
 * (below), counters atomic, the outgoing sequence number is taken with an atomic add, and the
 * replay window (several fields) is updated under the SA's spin lock. */
static inline void ck_ipsec_lock(ck_ipsec_sa *sa)
{
    while (__atomic_test_and_set(&sa->lock, __ATOMIC_ACQUIRE))
        ;
}

static inline void ck_ipsec_unlock(ck_ipsec_sa *sa)
{
    __atomic_clear(&sa->lock, __ATOMIC_RELEASE);
}

/* Load OpenSSL's legacy provider (single DES) next to the default one, once per program;
 * harmless when it is missing (callers fall back). */
static inline void ck_ipsec_load_legacy(void)
{
    static _Atomic int done;
    if (atomic_exchange(&done, 1))
        return;
    OSSL_PROVIDER_try_load(NULL, "legacy", 1);
}

/* Per-thread cache of EVP contexts keyed by (SA, key bytes): a context is rebuilt when its
 * slot is taken by another SA or the SA's key changed. */
#define CK_IPSEC_CACHE 8

typedef struct ck_ipsec_ctx_slot {
    const ck_ipsec_sa *sa;
    uint8_t key[CK_IPSEC_KEY_SIZE];
    void *ctx; /* EVP_CIPHER_CTX * or EVP_MAC_CTX * */
} ck_ipsec_ctx_slot;

typedef struct ck_ipsec_ctx_cache {
    ck_ipsec_ctx_slot slot[CK_IPSEC_CACHE];
    unsigned next;
} ck_ipsec_ctx_cache;

/* The slot of `sa` in `c`: *fresh is 1 when its context must be (re)initialized with `key`. */
static inline ck_ipsec_ctx_slot *ck_ipsec_cache_slot(ck_ipsec_ctx_cache *c, const ck_ipsec_sa *sa,
                                                     const uint8_t *key, int *fresh)
{
    for (unsigned i = 0; i < CK_IPSEC_CACHE; i++)
        if (c->slot[i].sa == sa && c->slot[i].ctx) {
            *fresh = memcmp(c->slot[i].key, key, CK_IPSEC_KEY_SIZE) != 0;
            if (*fresh)
                memcpy(c->slot[i].key, key, CK_IPSEC_KEY_SIZE);
            return &c->slot[i];
        }
    ck_ipsec_ctx_slot *s = &c->slot[c->next];
    c->next = (c->next + 1) % CK_IPSEC_CACHE;
    s->sa = sa;
    memcpy(s->key, key, CK_IPSEC_KEY_SIZE);
    *fresh = 1;
    return s;
}

/* A block-cipher context for `sa`'s encryption key: cipher `name` ("DES-EDE3-CBC",
 * "DES-EDE-CBC", "AES-128-ECB"), direction enc (1/0), no padding.  key_len bytes of key are
 * built by `expand` from the SA's 16-byte key.  Returns NULL when OpenSSL fails. */
static inline EVP_CIPHER_CTX *ck_ipsec_cipher_ctx(ck_ipsec_ctx_cache *c, const ck_ipsec_sa *sa,
                                                 const EVP_CIPHER *cipher, int enc,
                                                 const uint8_t *key)
{
    int fresh;
    ck_ipsec_ctx_slot *s = ck_ipsec_cache_slot(c, sa, sa->enc_key, &fresh);
    if (!s->ctx) {
        s->ctx = EVP_CIPHER_CTX_new();
        if (!s->ctx)
            return NULL;
        fresh = 1;
    }
    EVP_CIPHER_CTX *ctx = (EVP_CIPHER_CTX *)s->ctx;
    if (fresh) {
        if (EVP_CipherInit_ex(ctx, cipher, NULL, key, NULL, enc) != 1) {
            s->sa = NULL;
            return NULL;
        }
        EVP_CIPHER_CTX_set_padding(ctx, 0);
    }
    return ctx;
}

static inline void ck_ipsec_cache_free_ciphers(ck_ipsec_ctx_cache *c)
{
    for (unsigned i = 0; i < CK_IPSEC_CACHE; i++) {
        EVP_CIPHER_CTX_free((EVP_CIPHER_CTX *)c->slot[i].ctx);
        c->slot[i].ctx = NULL;
        c->slot[i].sa = NULL;
    }
}

#endif
