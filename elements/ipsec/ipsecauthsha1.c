/* IPsecAuthSHA1(VERIFY): the SHA1 digest (no key) of the packet's data, truncated to 12 bytes
 * (Click's elements/ipsec/sha1.cc).  VERIFY 0 appends it; any other VERIFY checks the last 12
 * bytes against the digest of the rest and removes them, a mismatch counted in `drops` and sent
 * to output 1 or dropped (ipsec/ckauth96.h).  The digest is OpenSSL's (EVP_Digest, SHA1).
 * Several threads (ELEMENT_NTHREADS > 1) need nothing more: no state but the atomic drops. */
#include "ipsec/ipsec.h"

static _Atomic uint32_t ELEM(drops);
static const char ELEM(fail_reason)[] = "OpenSSL SHA1 failed";

static int ELEM(icv)(ck_packet *p, size_t len, unsigned char icv[CK_IPSEC_ICV])
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    if (!EVP_Digest(p->data, len, md, &n, EVP_sha1(), NULL) || n < CK_IPSEC_ICV)
        return -1;
    memcpy(icv, md, CK_IPSEC_ICV);
    return 0;
}

#include "ipsec/ckauth96.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    return ELEM(auth96)(p);
}

#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ(drops, atomic_load(&ELEM(drops)));
