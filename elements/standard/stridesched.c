/* StrideSched(TICKETS0, ..., TICKETSn-1): stride scheduling over the inputs (Click's
 * elements/standard/stridesched.cc, after Waldspurger and Weihl, "Stride Scheduling", MIT
 * TM-528, 1995). Each input with tickets has stride = 2^16 / tickets and a pass, initially
 * its stride; the inputs are kept in a list ordered by pass (ties: the lower input first,
 * passes compared modulo 2^32). A pull walks the list from the front, asking each input for a
 * packet and advancing its pass by its stride, until one gives a packet; the inputs it walked
 * over are then put back in pass order. Inputs with 0 tickets are never asked. The tickets
 * come from the custom parser as ELEM(conf_tickets) (clickc.elements.parsers:tickets).
 * Handler `config` reads "T0, T1, ...". */
#define CKSTRIDE_NCLIENTS NINPUTS
#include "standard/ckstride.h"

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    ELEM(client) *stridden = ELEM(list), *c;
    ck_packet *p = NULL;
    for (c = ELEM(list); c && !p; c = c->next) {
        p = INPUT_PULL((int)(c - ELEM(all)));
        c->pass += c->stride;
    }
    ELEM(list) = c;
    while (stridden != c) {
        ELEM(client) *nx = stridden->next;
        ELEM(insert)(stridden);
        stridden = nx;
    }
    return p;
}
