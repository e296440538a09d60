/*
 * Link types for FromDump and ToDump: Click's encapsulation names and its search for the IP
 * header behind a link-layer header (elements/userlevel/fakepcap.cc), on libpcap's DLT
 * numbers (pcap_datalink() of a file opened with libpcap).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* libpcap's headers use BSD types */
#endif
#include "clickc.h"

#include <pcap/pcap.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef DLT_IPV4
#define DLT_IPV4 228
#endif

static const struct {
    const char *name;
    int dlt;
} dlt_names[] = {
    {"NULL", DLT_NULL},
    {"IP", DLT_RAW},
    {"ETHER", DLT_EN10MB},
    {"FDDI", DLT_FDDI},
    {"ATM", DLT_ATM_RFC1483},
    {"RFC1483", DLT_ATM_RFC1483},
    {"ATM_RFC1483", DLT_ATM_RFC1483},
    {"802_11", DLT_IEEE802_11},
    {"802.11", DLT_IEEE802_11},
    {"802_11_RADIO", DLT_IEEE802_11_RADIO},
    {"802.11_RADIO", DLT_IEEE802_11_RADIO},
    {"SLL", DLT_LINUX_SLL},
    {"AIRONET", DLT_AIRONET_HEADER},
    {"HDLC", DLT_C_HDLC},
    {"PPP_HDLC", DLT_PPP_SERIAL},
    {"PPP", DLT_PPP},
    {"SUNATM", DLT_SUNATM},
    {"PRISM", DLT_PRISM_HEADER},
};

int ck_dlt_parse(const char *name)
{
    if (!name)
        return -1;
    for (size_t i = 0; i < sizeof dlt_names / sizeof dlt_names[0]; i++)
        if (strcmp(name, dlt_names[i].name) == 0)
            return dlt_names[i].dlt;
    uint64_t v;
    if (name[0] == '#' && name[1] && ck_parse_uint64(name + 1, &v) == 0 && v < 0x7FFFFFFF)
        return (int)v;
    return -1;
}

void ck_dlt_unparse(ck_buf *out, int dlt)
{
    for (size_t i = 0; i < sizeof dlt_names / sizeof dlt_names[0]; i++)
        if (dlt == dlt_names[i].dlt) {
            ck_buf_puts(out, dlt_names[i].name);
            return;
        }
    if (dlt < 0)
        ck_buf_puts(out, "<none>");
    else
        ck_buf_printf(out, "#%d", dlt);
}

int ck_dlt_force_ipable(int dlt)
{
    return dlt == DLT_RAW || dlt == DLT_EN10MB || dlt == DLT_LINUX_SLL || dlt == DLT_C_HDLC ||
           dlt == DLT_PPP_SERIAL || dlt == DLT_PPP || dlt == DLT_NULL;
}

static int ip_ethertype(const unsigned char *t)
{
    return (t[0] == 0x08 && t[1] == 0x00) || (t[0] == 0x86 && t[1] == 0xDD);
}

int ck_force_ip(ck_packet *p, int dlt)
{
    const unsigned char *data = p->data, *end = p->data + p->len, *iph = NULL;
    switch (dlt) {
    case DLT_RAW:
        iph = data;
        break;
    case DLT_EN10MB:
        if (data + 14 <= end) {
            if (ip_ethertype(data + 12))
                iph = data + 14;
            else if (data[12] == 0x81 && data[13] == 0x00 && data + 18 <= end &&
                     ip_ethertype(data + 16))
                iph = data + 18; /* one 802.1Q tag, as Click */
        }
        break;
    case DLT_LINUX_SLL:
        if (data + 16 <= end && ip_ethertype(data + 14))
            iph = data + 16;
        break;
    case DLT_C_HDLC:
    c_hdlc:
        if (data + 4 <= end && ip_ethertype(data + 2))
            iph = data + 4;
        break;
    case DLT_PPP_SERIAL:
        if (data + 4 > end)
            break;
        if (data[0] == 0xFF) { /* PPP_ADDRESS */
            if (data[2] == 0 && (data[3] == 0x21 || data[3] == 0x57))
                iph = data + 4;
        } else if (data[0] == 0x0F || data[0] == 0x8F)
            goto c_hdlc;
        break;
    case DLT_PPP:
        if (data + 2 <= end && data[0] == 0xFF && data[1] == 0x03)
            data += 2;
        if (data + 2 > end)
            break;
        if (data[0] == 0x21 || data[0] == 0x57)
            iph = data + 1;
        else if (data[0] == 0 && (data[1] == 0x21 || data[1] == 0x57))
            iph = data + 2;
        break;
    case DLT_SUNATM: /* 4 bytes of ATM pseudo-header, then RFC 1483 */
        data += 4;
        /* fall through */
    case DLT_ATM_RFC1483: /* LLC/SNAP with an IP ethertype (OUI 0 or Cisco's), or LLC IP */
        if (data + 8 <= end && data[0] == 0xAA && data[1] == 0xAA && data[2] == 0x03
            && data[3] == 0 && data[4] == 0 && (data[5] == 0 || data[5] == 0xF8)
            && ip_ethertype(data + 6))
            iph = data + 8;
        else if (data + 4 <= end && data[0] == 0x06 && data[1] == 0x06)
            iph = data + 4;
        break;
    case DLT_NULL: {
        if (data + 4 > end)
            break;
        int family = data[0] | (data[1] << 8);
        if (family == 0)
            family = (data[2] << 8) | data[3];
        if (family == 2 || family == 24 || family == 28 || family == 30)
            iph = data + 4;
        break;
    }
    default:
        break;
    }
    if (!iph || iph >= end)
        return 0;
    int version = iph[0] >> 4;
    if (version == 4) {
        uint32_t hl = (uint32_t)(iph[0] & 0x0F) << 2;
        if (hl >= 20 && iph + hl <= end) {
            ck_set_network_header(p, iph, hl);
            memcpy(p->anno + DST_IP_ANNO_OFFSET, iph + 16, 4);
            return 1;
        }
    } else if (version == 6) {
        if (iph + 40 <= end) {
            ck_set_network_header(p, iph, 40);
            return 1;
        }
    }
    return 0;
}
