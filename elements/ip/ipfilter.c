/* IPFilter: allows, drops or sends each IP packet to an output by the first tcpdump-like rule
 * it matches (Click's elements/ip/ipfilter.cc).
 *
 * The rules are compiled by clickc (compiler/classifier) into a decision DAG and emitted,
 * before this file, as ELEM(classify) with the signature described in ipclassifier.c, returning
 * the rule's output (allow = 0) or -1 for deny/drop and for packets no rule matches, and
 * ELEM(program_text), the `program` handler's text (see docs/classifier.md). */
#include "ip/ckipclassify.h"

#define CK_CLASSIFY_CALL(p) CK_IP_CLASSIFY(ELEM(classify), (p))
#define CK_CLASSIFY_DROP "filtered"
#include "standard/ckclassify.h"
