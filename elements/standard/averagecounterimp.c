/* AverageCounterIMP([IGNORE, LINK_FCS, MAX, THRESHOLD]): FastClick's AverageCounter with
 * one slot of counts and times per thread, the handlers combining them
 * (elements/standard/ckavgfc.h has the semantics; ELEMENT_NTHREADS selects the concurrent
 * form, docs/concurrency.md). */
#define CK_AVGFC_CLASS "AverageCounterIMP"
#define CK_AVGFC_PER_THREAD 1
#include "standard/ckavgfc.h"
