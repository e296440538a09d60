/* ARPPrint([LABEL, TIMESTAMP, ETHER, ACTIVE, OUTFILE]): prints a tcpdump-like line for each ARP
 * packet that has a network header annotation (Click's elements/ethernet/arpprint.cc): "LABEL:
 * TIMESTAMP: [SRC > DST: ]" then "arp who-has A [(E)] tell B", "arp reply A is-at E", the RARP
 * and InARP forms, "arp-#OP", "hardware #H" for a non-Ethernet hardware type, or
 * "truncated-arp (N)" below 28 bytes.  As in Click, a packet whose protocol is neither IP nor
 * trailer, or whose lengths are odd (protocol length not 4, hardware length 0), prints nothing.
 * Lines go to standard error, or to OUTFILE.  Packets always pass unchanged.  A request's
 * target hardware address is shown unless its first hardware-length bytes are zero; with a
 * hardware length above 6 it is always shown (Click compares past its 6-byte zero array
 * then, with bytes that are not zero in practice). */
static int ELEM(active);
#include "ethernet/ckprintprefix.h"

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(active) = CONF(ACTIVE) ? 1 : 0;
    return ELEM(open_outfile)(errh);
}

static void ELEM(ip)(ck_buf *sa, const unsigned char *a)
{
    ck_buf_printf(sa, "%u.%u.%u.%u", a[0], a[1], a[2], a[3]);
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    ck_buf sa;
    const unsigned char *nh = ELEM(begin)(&sa, p);
    if (!nh)
        return p;
    const unsigned char *end = p->data + p->len;
    if (CONF(ETHER)) {
        const unsigned char *x = ck_mac_header(p);
        if (!x)
            x = p->data;
        if (x >= p->data && x + 14 <= nh && x + 14 <= end) {
            ck_unparse_ether(&sa, x + 6);
            ck_buf_puts(&sa, " > ");
            ck_unparse_ether(&sa, x);
            ck_buf_puts(&sa, ": ");
        }
    }
    long nlen = (long)(end - nh);
    if (nlen < 28) {
        ck_buf_printf(&sa, "truncated-arp (%ld)", nlen);
    } else {
        const unsigned char *ap = nh;
        unsigned hrd = (unsigned)(ap[0] << 8 | ap[1]), pro = (unsigned)(ap[2] << 8 | ap[3]);
        unsigned hln = ap[4], pln = ap[5], op = (unsigned)(ap[6] << 8 | ap[7]);
        if ((pro != 0x0800 && pro != 0x1000) || pln != 4 || hln == 0) {
            /* Click builds "arp-#OP for proto #P (PLN) hardware #H (HLN)" and returns the
             * packet without printing it */
            ck_buf_free(&sa);
            return p;
        }
        const unsigned char *sha = ap + 8, *spa = ap + 14, *tha = ap + 18, *tpa = ap + 24;
        static const unsigned char ezero[6] = {0, 0, 0, 0, 0, 0};
        if (pro == 0x1000)
            ck_buf_puts(&sa, "trailer-");
        switch (op) {
        case 1:
            ck_buf_puts(&sa, "arp who-has ");
            ELEM(ip)(&sa, tpa);
            if (hln > 6 || memcmp(ezero, tha, hln) != 0) {
                ck_buf_puts(&sa, " (");
                ck_unparse_ether(&sa, tha);
                ck_buf_puts(&sa, ")");
            }
            ck_buf_puts(&sa, " tell ");
            ELEM(ip)(&sa, spa);
            break;
        case 2:
            ck_buf_puts(&sa, "arp reply ");
            ELEM(ip)(&sa, spa);
            ck_buf_puts(&sa, " is-at ");
            ck_unparse_ether(&sa, sha);
            break;
        case 3:
        case 8:
            ck_buf_puts(&sa, op == 3 ? "rarp who-is " : "invarp who-is ");
            ck_unparse_ether(&sa, tha);
            ck_buf_puts(&sa, " tell ");
            ck_unparse_ether(&sa, sha);
            break;
        case 4:
        case 9:
            ck_buf_puts(&sa, op == 4 ? "rarp reply " : "invarp reply ");
            ck_unparse_ether(&sa, tha);
            ck_buf_puts(&sa, " at ");
            ELEM(ip)(&sa, tpa);
            break;
        default:
            ck_buf_printf(&sa, "arp-#%u", op);
        }
        if (hrd != 1)
            ck_buf_printf(&sa, "hardware #%u", hrd);
    }
    ELEM(emit)(&sa);
    return p;
}
#include "simple_action.h"

#define CK_ACTIVE_ERROR "expected boolean"
#include "standard/ckactive.h"
