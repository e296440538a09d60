/* IPsecDES3(ENCRYPT [, IGNORE]): two-key triple DES (DES-EDE-CBC, keys K1 = bytes 0-7 and
 * K2 = bytes 8-15 of the SA's 16-byte encryption key, K3 = K1) over an ESP packet's payload,
 * with everything else as IPsecDES (IV from the ESP header, IGNORE bytes left at the end,
 * 8-byte blocks).  Not a Click class: Click's IPsecDES is single DES; the SMP Click paper's
 * VPN uses 3DES, and the SA's 16-byte key holds exactly a two-key 3DES key.  OpenSSL's
 * "DES-EDE-CBC" through EVP. */
#include "ipsec/ipsec.h"

#define DES_CIPHER_NAME "DES3"
#include "ipsec/cbc_body.h"
