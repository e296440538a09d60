/* MD5 (RFC 1321, OpenSSL's) for ToIPSummaryDump's payload_md5 and payload_md5_hex fields, and Click's
 * 22-character text form of a digest (Click's md5_finish_text with allow_at: the digest read
 * six bits at a time, least significant bits of each byte first, each group written as one
 * character of "a-z A-Z 0-9 _ @").  One-shot: ck_md5(data, len, digest). */
#ifndef CLICKC_CKMD5_H
#define CLICKC_CKMD5_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <openssl/evp.h>

#define CK_MD5_DIGEST_SIZE 16
#define CK_MD5_TEXT_DIGEST_SIZE 22

/* The MD5 digest of data[0..len) (RFC 1321), by OpenSSL's EVP interface (libcrypto, linked by
 * ToIPSummaryDump's spec).  A digest of zeros if OpenSSL refuses (an FIPS-only provider). */
static CK_UNUSED void ck_md5(const unsigned char *data, size_t len,
                             unsigned char digest[CK_MD5_DIGEST_SIZE])
{
    unsigned int n = 0;
    if (!EVP_Digest(data, len, digest, &n, EVP_md5(), NULL) || n != CK_MD5_DIGEST_SIZE)
        memset(digest, 0, CK_MD5_DIGEST_SIZE);
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
