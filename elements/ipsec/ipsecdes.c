/* IPsecDES(ENCRYPT [, IGNORE]): DES-CBC over an ESP packet's payload (Click's
 * elements/ipsec/des.cc; RFC 2405).  ENCRYPT 1 encrypts, 0 decrypts.
 *
 * As in Click: the key is the first 8 bytes of the SA's 16-byte encryption key (single DES),
 * the IV is the 8-byte IV field of the ESP header, and the data from the end of the 16-byte
 * header up to IGNORE bytes before the end (12 by default: the HMAC-SHA1-96 digest) is
 * processed in 8-byte blocks, the last block whole even when the length is not a multiple of 8
 * (Click's loop).  Nothing happens to a packet with no data in that range.  IGNORE is a
 * keyword clickc adds (Click documents it but its configure reads only ENCRYPT): IGNORE 0 in
 * front of IPsecAuthHMACSHA1(0) gives RFC 2406's encrypt-then-authenticate order.
 *
 * The cipher is OpenSSL's DES-CBC from its legacy provider (loaded at initialization); where
 * that provider is missing, DES-EDE3-CBC with the key K|K|K, which is the same single DES-CBC
 * with K (E_K(D_K(E_K(x))) = E_K(x)) at three times the work.  A packet
 * without an SA annotation is dropped after Click's message; a range running past the data
 * (Click would read beyond the packet) is dropped as "ciphertext past the packet end". */
#include "ipsec/ipsec.h"

#define DES_CIPHER_NAME "DES"
#include "ipsec/cbc_body.h"
