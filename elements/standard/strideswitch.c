/* StrideSwitch(TICKETS0, ..., TICKETSn-1): sends each packet to the output chosen by stride
 * scheduling over the outputs' ticket counts (Click's elements/standard/strideswitch.cc and
 * stridesched.{cc,hh}): stride = 2^16 / tickets; the client with the smallest pass (ties: the
 * lower output) is chosen, then its pass advances by its stride. Outputs with 0 tickets never
 * receive packets; with no tickets at all packets are dropped ("no tickets"). The tickets come
 * from the custom parser as ELEM(conf_tickets) (clickc.elements.parsers:tickets). Handler
 * `config` reads "T0, T1, ...". */
#define CKSTRIDE_NCLIENTS NOUTPUTS
#include "standard/ckstride.h"

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    ELEM(client) *c = ELEM(list);
    if (!c) {
        ck_drop(p, ELEMENT_INDEX, "no tickets");
        return;
    }
    ELEM(list) = c->next;
    c->pass += c->stride;
    ELEM(insert)(c);
    OUTPUT((int)(c - ELEM(all)), p);
}
