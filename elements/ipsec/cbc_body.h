/* Body shared by the IPsecDES and IPsecDES3 templates (included once per instance after
 * DES_CIPHER_NAME is defined; no include guard): CBC over [16, len - IGNORE) of the packet in
 * 8-byte blocks with the ESP header's IV, as Click's Des::simple_action. */
/* per thread, so any ELEMENT_NTHREADS works */
static _Thread_local ck_ipsec_ctx_cache ELEM(cache);
static const EVP_CIPHER *ELEM(cipher);
static EVP_CIPHER *ELEM(fetched);
static int ELEM(triple), ELEM(single_des);

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(triple) = strcmp(DES_CIPHER_NAME, "DES3") == 0;
    ELEM(single_des) = 0;
    if (!ELEM(triple)) {
        /* single DES is in OpenSSL 3's legacy provider: use it when it loads (a third of the
         * work of DES-EDE3 with K|K|K, which is the fallback) */
        ck_ipsec_load_legacy();
        ELEM(fetched) = EVP_CIPHER_fetch(NULL, "DES-CBC", NULL);
        ELEM(single_des) = ELEM(fetched) != NULL;
    }
    ELEM(cipher) = ELEM(triple) ? EVP_des_ede_cbc()
                 : ELEM(single_des) ? ELEM(fetched) : EVP_des_ede3_cbc();
    if (!ELEM(cipher))
        return ck_error(errh, "OpenSSL has no %s", ELEM(triple) ? "DES-EDE-CBC" : "DES-EDE3-CBC");
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_ipsec_cache_free_ciphers(&ELEM(cache));
    EVP_CIPHER_free(ELEM(fetched));
    ELEM(fetched) = NULL;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    const ck_ipsec_sa *sa = ck_ipsec_sa_anno(p);
    if (CK_UNLIKELY(!sa)) {
        ck_chatter("DES: No SADataTuple annotation. Check man page");
        ck_drop(p, ELEMENT_INDEX, "no security association");
        return NULL;
    }
    long plen = (long)p->len - CK_IPSEC_ESP_HDR - (long)CONF(IGNORE);
    if (plen <= 0)
        return p;
    size_t nbytes = (size_t)((plen + 7) / 8) * 8;
    if (CK_UNLIKELY(CK_IPSEC_ESP_HDR + nbytes > p->len)) {
        ck_drop(p, ELEMENT_INDEX, "ciphertext past the packet end");
        return NULL;
    }
    p = ck_packet_uniqueify(p);
    if (!p)
        return NULL;
    uint8_t key[24]; /* DES: K; DES-EDE3 fallback: K|K|K; DES3: K1|K2 (|K1) */
    memcpy(key, sa->enc_key, 8);
    memcpy(key + 8, ELEM(triple) ? sa->enc_key + 8 : sa->enc_key, 8);
    memcpy(key + 16, sa->enc_key, 8);
    int enc = CONF(ENCRYPT) ? 1 : 0;
    EVP_CIPHER_CTX *ctx = ck_ipsec_cipher_ctx(&ELEM(cache), sa, ELEM(cipher), enc, key);
    int outl = 0;
    unsigned char *d = p->data + CK_IPSEC_ESP_HDR;
    if (!ctx || EVP_CipherInit_ex(ctx, NULL, NULL, NULL, p->data + 8, enc) != 1
        || EVP_CipherUpdate(ctx, d, &outl, d, (int)nbytes) != 1 || (size_t)outl != nbytes) {
        ck_drop(p, ELEMENT_INDEX, "OpenSSL cipher failed");
        return NULL;
    }
    return p;
}

#include "simple_action.h"
#undef DES_CIPHER_NAME
