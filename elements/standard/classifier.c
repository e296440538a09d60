/* Classifier: sends each packet to the output of the first pattern it matches (Click's
 * elements/standard/classifier.cc).
 *
 * The patterns are compiled by clickc (compiler/classifier) into a decision DAG and emitted,
 * before this file, as
 *     static int ELEM(classify)(const uint8_t *data, uint32_t len);
 * which returns the output port or -1 (no pattern matched: drop), and
 *     static const char ELEM(program_text)[];
 * the text of the `program` handler (see docs/classifier.md). */

#define CK_CLASSIFY_CALL(p) ELEM(classify)((p)->data, (p)->len)
#define CK_CLASSIFY_DROP "no pattern matched"
#include "standard/ckclassify.h"
