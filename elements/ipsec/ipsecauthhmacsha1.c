/* IPsecAuthHMACSHA1(VERIFY): HMAC-SHA1-96 (RFC 2104, RFC 2404) over the whole packet with the
 * 16-byte authentication key of the SA annotation (Click's elements/ipsec/hmacsha1.cc).
 *
 * VERIFY 0 computes the HMAC of the packet's data (the ESP header and what follows) and
 * appends its first 12 bytes.  VERIFY 1 computes it over all but the last 12 bytes and
 * compares: a match loses the 12 bytes and goes on; a mismatch is counted in `drops` (the first
 * one printing "Invalid SHA1 authentication digest") and leaves on output 1 when the element
 * has one, else is dropped.  A packet shorter than 12 bytes cannot carry a digest and is
 * treated as a mismatch (Click would read before its data); a packet without an SA annotation
 * is dropped ("no security association"; Click would dereference NULL).
 *
 * HMAC through OpenSSL's EVP_MAC ("HMAC" with digest SHA1); one keyed context per SA and
 * thread, re-initialized per packet with the same key (no per-packet key schedule). */
#include "ipsec/ipsec.h"
/* Several threads (ELEMENT_NTHREADS > 1) need nothing more: contexts per thread, drops atomic. */

static _Atomic uint32_t ELEM(drops);
static _Thread_local ck_ipsec_ctx_cache ELEM(cache);
static EVP_MAC *ELEM(mac);

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(mac) = EVP_MAC_fetch(NULL, "HMAC", NULL);
    if (!ELEM(mac))
        return ck_error(errh, "OpenSSL has no HMAC");
    atomic_store(&ELEM(drops), 0);
    return 0;
}

static void
ELEM(cleanup)(void)
{
    for (unsigned i = 0; i < CK_IPSEC_CACHE; i++) {
        EVP_MAC_CTX_free((EVP_MAC_CTX *)ELEM(cache).slot[i].ctx);
        ELEM(cache).slot[i].ctx = NULL;
        ELEM(cache).slot[i].sa = NULL;
    }
    EVP_MAC_free(ELEM(mac));
    ELEM(mac) = NULL;
}

/* The first 12 bytes of HMAC-SHA1(sa's auth key, data[0, len)) into icv; 0, or -1 when
 * OpenSSL fails. */
static int ELEM(hmac)(const ck_ipsec_sa *sa, const unsigned char *data, size_t len,
                      unsigned char icv[CK_IPSEC_ICV])
{
    int fresh;
    ck_ipsec_ctx_slot *s = ck_ipsec_cache_slot(&ELEM(cache), sa, sa->auth_key, &fresh);
    if (!s->ctx) {
        s->ctx = EVP_MAC_CTX_new(ELEM(mac));
        if (!s->ctx)
            return -1;
        fresh = 1;
    }
    EVP_MAC_CTX *ctx = (EVP_MAC_CTX *)s->ctx;
    int ok;
    if (fresh) {
        OSSL_PARAM params[2];
        params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)"SHA1", 0);
        params[1] = OSSL_PARAM_construct_end();
        ok = EVP_MAC_init(ctx, sa->auth_key, CK_IPSEC_KEY_SIZE, params);
    } else
        ok = EVP_MAC_init(ctx, NULL, 0, NULL);
    unsigned char md[EVP_MAX_MD_SIZE];
    size_t mdlen = 0;
    if (ok != 1 || EVP_MAC_update(ctx, data, len) != 1
        || EVP_MAC_final(ctx, md, &mdlen, sizeof md) != 1 || mdlen < CK_IPSEC_ICV) {
        s->sa = NULL;
        return -1;
    }
    memcpy(icv, md, CK_IPSEC_ICV);
    return 0;
}

static const char ELEM(fail_reason)[] = "OpenSSL HMAC failed";

static int ELEM(icv)(ck_packet *p, size_t len, unsigned char icv[CK_IPSEC_ICV])
{
    return ELEM(hmac)(ck_ipsec_sa_anno(p), p->data, len, icv);
}

#include "ipsec/ckauth96.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (CK_UNLIKELY(!ck_ipsec_sa_anno(p))) {
        ck_drop(p, ELEMENT_INDEX, "no security association");
        return NULL;
    }
    return ELEM(auth96)(p);
}

#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ(drops, atomic_load(&ELEM(drops)));
