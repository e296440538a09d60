/* The 96-bit ESP authenticator step shared by IPsecAuthHMACSHA1 and IPsecAuthSHA1 (Click's
 * elements/ipsec/hmacsha1.cc and sha1.cc, RFC 2404): included once per instance after the
 * including file defines
 *
 *     static int ELEM(icv)(ck_packet *p, size_t len, unsigned char icv[CK_IPSEC_ICV]);
 *
 * (the first 12 bytes of the digest of p's first len bytes; 0, or -1 when OpenSSL fails), the
 * drop reason of that failure ELEM(fail_reason) and the atomic counter ELEM(drops).  It defines ELEM(auth96)(p): with VERIFY 0 the 12 bytes are
 * appended; otherwise they are computed over all but the last 12 bytes and compared: a match
 * loses the 12 bytes and goes on, a mismatch is counted in drops (the first one printing
 * "Invalid SHA1 authentication digest") and leaves on output 1 when there is one, else is
 * dropped.  A packet shorter than 12 bytes is a mismatch (Click would read before its data). */
#include "standard/ckoutput.h"

static ck_packet *ELEM(auth96)(ck_packet *p)
{
    unsigned char icv[CK_IPSEC_ICV];
    if (!CONF(VERIFY)) {
        if (ELEM(icv)(p, p->len, icv) < 0) {
            ck_drop(p, ELEMENT_INDEX, ELEM(fail_reason));
            return NULL;
        }
        p = ck_packet_put(p, CK_IPSEC_ICV);
        if (!p)
            return NULL;
        memcpy(p->data + p->len - CK_IPSEC_ICV, icv, CK_IPSEC_ICV);
        return p;
    }
    if (CK_LIKELY(p->len >= CK_IPSEC_ICV)) {
        if (ELEM(icv)(p, p->len - CK_IPSEC_ICV, icv) < 0) {
            ck_drop(p, ELEMENT_INDEX, ELEM(fail_reason));
            return NULL;
        }
        if (memcmp(p->data + p->len - CK_IPSEC_ICV, icv, CK_IPSEC_ICV) == 0) {
            ck_packet_take(p, CK_IPSEC_ICV);
            return p;
        }
    }
    if (atomic_fetch_add(&ELEM(drops), 1) == 0)
        ck_chatter("Invalid SHA1 authentication digest");
    CK_OUTPUT1_OR_DROP(p, "Invalid SHA1 authentication digest");
    return NULL;
}
