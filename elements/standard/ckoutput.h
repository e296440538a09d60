/* Click's checked_output_push(1, p) in the form clickc's elements use it: a packet that leaves
 * on output 1 when the element has that output, else is dropped and counted with a reason
 * (Click kills it silently; clickc's drop counters name why).  A macro, so that it expands in
 * the element's instance (NOUTPUTS, OUTPUT and ELEMENT_INDEX are the instance's). */
#ifndef CLICKC_CKOUTPUT_H
#define CLICKC_CKOUTPUT_H

/* p leaves on output 1, or is dropped with reason (a string) when there is no output 1. */
#define CK_OUTPUT1_OR_DROP(p, reason)                                                           \
    do {                                                                                       \
        if (NOUTPUTS > 1)                                                                      \
            OUTPUT(1, (p));                                                                    \
        else                                                                                   \
            ck_drop((p), ELEMENT_INDEX, (reason));                                             \
    } while (0)

#endif
