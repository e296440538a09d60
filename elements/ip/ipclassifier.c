/* IPClassifier: sends each IP packet to the output of the first tcpdump-like pattern it
 * matches (Click's elements/ip/ipclassifier.cc, elements/ip/ipfilter.cc).
 *
 * The patterns are compiled by clickc (compiler/classifier) into a decision DAG and emitted,
 * before this file, as
 *     static int ELEM(classify)(const uint8_t *nh, uint32_t len, uint32_t th_off,
 *                               const uint8_t *mac, uint32_t mac_len);
 * (IP header, bytes from it to the end of the packet, transport header offset from the IP
 * header, MAC header and bytes from it to the end) returning the output port or -1 (drop), and
 *     static const char ELEM(program_text)[];
 * the text of the `program` handler (see docs/classifier.md). */
#include "ip/ckipclassify.h"

#define CK_CLASSIFY_CALL(p) CK_IP_CLASSIFY(ELEM(classify), (p))
#define CK_CLASSIFY_DROP "no pattern matched"
#include "standard/ckclassify.h"
