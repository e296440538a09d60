"""Click's built-in name tables (elements/ip/ipnameinfo.cc, elements/userlevel/fakepcap.cc).

Numbers for IP protocols, ICMP types and codes, well-known TCP/UDP ports and pcap link types, as
Click's IPNameInfo and FakePcap define them.  Click at user level also consults the build
machine's /etc/protocols and /etc/services; clickc uses only these fixed tables so that a
configuration means the same thing on every machine.
"""

from __future__ import annotations

IP_PROTOS: dict[str, int] = {
    "dccp": 33, "gre": 47, "icmp": 1, "igmp": 2, "ipip": 4, "payload": 259, "sctp": 132,
    "tcp": 6, "tcpudp": 256, "transp": 258, "udp": 17,
}

ICMP_TYPES: dict[str, int] = {
    "echo": 8, "echo-reply": 0, "inforeq": 15, "inforeq-reply": 16, "maskreq": 17,
    "maskreq-reply": 18, "parameterproblem": 12, "redirect": 5, "routeradvert": 9,
    "routersolicit": 10, "sourcequench": 4, "timeexceeded": 11, "timestamp": 13,
    "timestamp-reply": 14, "unreachable": 3,
}

#: ICMP code names per ICMP type number.
ICMP_CODES: dict[int, dict[str, int]] = {
    3: {"filterprohibited": 13, "host": 1, "hostprecedence": 14, "hostprohibited": 10,
        "hostunknown": 7, "isolated": 8, "needfrag": 4, "net": 0, "netprohibited": 9,
        "netunknown": 6, "port": 3, "precedencecutoff": 15, "protocol": 2, "srcroutefail": 5,
        "toshost": 12, "tosnet": 11},
    5: {"host": 1, "net": 0, "toshost": 3, "tosnet": 2},
    11: {"reassembly": 1, "transit": 0},
    12: {"erroratptr": 0, "length": 2, "missingopt": 1},
}

#: Well-known TCP and UDP port names (Click's ``known_ports``).
PORTS: dict[str, int] = {
    "auth": 113, "bootpc": 68, "bootps": 67, "chargen": 19, "daytime": 13, "discard": 9,
    "dns": 53, "domain": 53, "echo": 7, "finger": 79, "ftp": 21, "ftp-data": 20, "https": 443,
    "imap3": 220, "imaps": 993, "irc": 194, "netbios-dgm": 138, "netbios-ns": 137,
    "netbios-ssn": 139, "nntp": 119, "ntp": 123, "pop3": 110, "pop3s": 995, "pptp": 1723,
    "rip": 520, "route": 520, "smtp": 25, "snmp": 161, "snmp-trap": 162, "ssh": 22,
    "sunrpc": 111, "telnet": 23, "tftp": 69, "www": 80,
}

#: pcap link types by Click's encapsulation names (FakePcap ``dlt_names`` and the FAKE_DLT_*
#: numbers of elements/userlevel/fakepcap.hh).
ENCAPS: dict[str, int] = {
    "NULL": 0, "IP": 101, "ETHER": 1, "FDDI": 10, "ATM": 100, "RFC1483": 100,
    "ATM_RFC1483": 100,
    "802_11": 105, "802.11": 105, "802_11_RADIO": 127, "802.11_RADIO": 127, "SLL": 113,
    "AIRONET": 120, "HDLC": 104, "PPP_HDLC": 50, "PPP": 9, "SUNATM": 123, "PRISM": 119,
}
