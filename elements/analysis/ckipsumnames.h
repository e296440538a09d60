/* IPSummaryDump field names, shared by FromIPSummaryDump and ToIPSummaryDump (Click's
 * elements/analysis/ipsumdumpinfo.cc: the synonyms, and update_name's rules for a name that is
 * not found).  Compiled once per router. */
#ifndef CLICKC_CKIPSUMNAMES_H
#define CLICKC_CKIPSUMNAMES_H
#include <stdio.h>
#include <string.h>

static const char *const ck_ipsum_name_synonyms[][2] = {
    {"length", "ip_len"}, {"ip_p", "ip_proto"}, {"tcp_seqno", "tcp_seq"},
    {"tcp_ackno", "tcp_ack"}, {"tcp_win", "tcp_window"}, {"utimestamp", "timestamp"},
    {"ts", "utimestamp"}, {"sec", "ts_sec"}, {"usec", "ts_usec"}, {"usec1", "ts_usec1"},
    {"first_utimestamp", "first_timestamp"}, {"first_ts", "first_utimestamp"},
    {"pkt_count", "count"}, {"packet_count", "count"}, {"agg", "aggregate"},
    {"wire_length", "wire_len"}, {"payload_length", "payload_len"},
};

/* The name `name` stands for, or NULL when it is no synonym. */
static inline const char *ck_ipsum_synonym(const char *name)
{
    for (size_t i = 0; i < sizeof ck_ipsum_name_synonyms / sizeof ck_ipsum_name_synonyms[0]; i++)
        if (!strcmp(name, ck_ipsum_name_synonyms[i][0]))
            return ck_ipsum_name_synonyms[i][1];
    return NULL;
}

/* Click's update_name: the name to try next, in buf (n bytes): the first space made '_', or,
 * for a name without '_', "ip_" + name.  Returns 0 when neither applies or the name is too
 * long for buf (n - 4 bytes at most). */
static inline int ck_ipsum_rename(const char *name, char *buf, size_t n)
{
    const char *sp = strchr(name, ' ');
    if (strlen(name) + 4 > n)
        return 0;
    if (sp) {
        strcpy(buf, name);
        buf[sp - name] = '_';
        return 1;
    }
    if (!strchr(name, '_')) {
        snprintf(buf, n, "ip_%s", name);
        return 1;
    }
    return 0;
}

/* ICMP type names (Click's NameInfo T_ICMP_TYPE database, elements/ip/ipnameinfo.cc), by type;
 * NULL where a type has no name. */
static const char *const ck_ipsum_icmp_types[19] = {
    "echo-reply", NULL, NULL, "unreachable", "sourcequench", "redirect", NULL, NULL, "echo",
    "routeradvert", "routersolicit", "timeexceeded", "parameterproblem", "timestamp",
    "timestamp-reply", "inforeq", "inforeq-reply", "maskreq", "maskreq-reply"};

/* The ICMP types whose header carries an identifier and a sequence number (Click's
 * ICMP_TYPE_HAVE_FLOW: echo, information and timestamp requests and replies). */
static inline int ck_ipsum_icmp_has_flow(unsigned type)
{
    return type == 0 || type == 8 || type == 13 || type == 14 || type == 15 || type == 16;
}

#endif
