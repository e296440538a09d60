/* DebugBridge(LABEL): Click's elements/etherswitch/debugbridge.cc.  Prints one line per packet,
 * the packet read as an 802.1D bridge protocol message (the 60-byte frame of Click's
 * bridgemessage.hh, fields in network byte order: type at byte 20, flags at 21, root 22-29,
 * cost 30-33, bridge 34-41, port 42-43, then message age, max age, hello time and forward
 * delay as 16-bit fields), in the form of Click's BridgeMessage::wire::s:
 *
 *   LABEL CFG <bridge, 16 hex digits right-aligned>:<port, 4 hex>: tca|TCA tc|TC  <cost, 8 hex>
 *     -> <root, 16 hex>  a/m/h/d: <age>/<max age>/<hello>/<forward delay>   (one line)
 *
 * ("???" instead of CFG for a type other than 0), or "LABEL TCM" for type 128.  TC is bit 0 of
 * byte 21 and TCA bit 7 (where Click's bit fields fall on the x86 build).  The packet passes
 * unchanged.  A packet too short for the fields printed (21 bytes for a TCM, 52 otherwise) is
 * passed without a line (Click would read past its data). */

static uint64_t ELEM(be64)(const unsigned char *b)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | b[i];
    return v;
}

static unsigned ELEM(be16)(const unsigned char *b)
{
    return (unsigned)b[0] << 8 | b[1];
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    const int ll = (int)CONF_LEN(LABEL);
    const char *label = (const char *)CONF(LABEL);
    const unsigned char *d = p->data;
    if (p->len > 20 && d[20] == 128)
        ck_chatter("%.*s TCM", ll, label);
    else if (p->len >= 52) {
        char bridge[17], root[17];
        snprintf(bridge, sizeof bridge, "%llx", (unsigned long long)ELEM(be64)(d + 34));
        snprintf(root, sizeof root, "%llx", (unsigned long long)ELEM(be64)(d + 22));
        unsigned long cost = (unsigned long)d[30] << 24 | (unsigned long)d[31] << 16
                             | (unsigned long)d[32] << 8 | d[33];
        ck_chatter("%.*s %3s %16s:%04x: %3s %2s  %08lx -> %16s  a/m/h/d: %x/%x/%x/%x", ll, label,
                   d[20] ? "???" : "CFG", bridge, ELEM(be16)(d + 42), d[21] & 0x80 ? "TCA" : "tca",
                   d[21] & 1 ? "TC" : "tc", cost, root, ELEM(be16)(d + 44), ELEM(be16)(d + 46),
                   ELEM(be16)(d + 48), ELEM(be16)(d + 50));
    }
    return p;
}
#include "simple_action.h"
