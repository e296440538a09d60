/* AverageCounterMP([IGNORE, LINK_FCS, MAX, THRESHOLD]): FastClick's AverageCounter with
 * one set of counts shared by the threads, updated by relaxed atomic operations
 * (elements/standard/ckavgfc.h has the semantics; ELEMENT_NTHREADS selects the concurrent
 * form, docs/concurrency.md). */
#define CK_AVGFC_CLASS "AverageCounterMP"
#include "standard/ckavgfc.h"
