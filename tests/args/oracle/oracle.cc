// Argument-parsing oracle for clickc's tests: reads "TYPE<TAB>TEXT" lines (TEXT with \\, \n
// and \t escaped) and answers with what Click's own parser classes make of TEXT: "OK <value>"
// or the error lines "ERR X: <message>", then "END".  TYPE "argvec"/"spacevec"/"unquote"/
// "uncomment" test cp_argvec, cp_spacevec, cp_unquote, cp_uncomment (one "OK" line, no END);
// TYPE "args" takes "SPEC\x1fCONFIG" where SPEC is "NAME:TYPE:FLAGS ..." (TYPE u unsigned,
// s string, i IP address; FLAGS m mandatory, p positional, r read_all) and runs Args over CONFIG.
// Written for clickc (not part of Click); build with tests/args/oracle/build.sh.
#include <click/config.h>
#include <click/args.hh>
#include <click/error.hh>
#include <click/ipaddress.hh>
#include <click/ip6address.hh>
#include <click/etheraddress.hh>
#include <click/timestamp.hh>
#include <click/straccum.hh>
#include <click/confparse.hh>
#include <click/driver.hh>
#include <stdio.h>
#include <string.h>
#include <inttypes.h>

static void hexs(const String &s) {
    printf("OK %d:", s.length());
    for (int i = 0; i < s.length(); i++) printf("%02x", (unsigned char) s[i]);
    printf("\n");
}

int main() {
    click_static_initialize();
    char line[65536];
    FileErrorHandler ferrh(stdout, "ERR ");
    while (fgets(line, sizeof line, stdin)) {
        size_t n = strlen(line);
        if (n && line[n-1] == '\n') line[--n] = 0;
        char *tab = strchr(line, '\t');
        if (!tab) continue;
        *tab = 0;
        String type(line), text;
        // text is given with \n, \t and \\ escapes so that one case fits one line
        StringAccum sa;
        for (char *p = tab + 1; *p; p++) {
            if (*p == '\\' && p[1] == 'n') { sa << '\n'; p++; }
            else if (*p == '\\' && p[1] == 't') { sa << '\t'; p++; }
            else if (*p == '\\' && p[1] == '\\') { sa << '\\'; p++; }
            else sa << *p;
        }
        text = sa.take_string();
        Vector<String> conf; conf.push_back(text);
        int before = ferrh.nerrors();
        bool ok = true;
        if (type == "args") {
            int sep = text.find_left('\x1f');
            String spec = text.substring(0, sep), config = text.substring(sep + 1);
            Vector<String> conf2; cp_argvec(config, conf2);
            Vector<String> items; cp_spacevec(spec, items);
            Args a(conf2, &ferrh);
            StringAccum res;
            Vector<uint32_t> us(items.size(), 777777u); Vector<String> ss(items.size(), String("<unset>")); Vector<IPAddress> ips(items.size(), IPAddress(0x01020304U));
            Vector<Vector<uint32_t> > vus(items.size(), Vector<uint32_t>()); Vector<Vector<String> > vss(items.size(), Vector<String>());
            Vector<int> given(items.size(), 0);
            for (int k = 0; k < items.size(); k++) {
                // NAME:TYPE:FLAGS   TYPE u|s|i  FLAGS m p r
                Vector<String> f; int c1 = items[k].find_left(':'), c2 = items[k].find_left(':', c1 + 1);
                String nm = items[k].substring(0, c1), ty = items[k].substring(c1 + 1, c2 - c1 - 1), fl = items[k].substring(c2 + 1);
                char *kw = strdup(nm.c_str());
                int flags = (fl.find_left('m') >= 0 ? Args::mandatory : 0) | (fl.find_left('p') >= 0 ? Args::positional : 0);
                bool rep = fl.find_left('r') >= 0;
                bool g = false;
                if (rep && ty == "u") a.read_all(kw, flags, IntArg(), vus[k]).read_status(g);
                else if (rep) a.read_all(kw, flags, StringArg(), vss[k]).read_status(g);
                else if (ty == "u") a.read(kw, flags, IntArg(), us[k]).read_status(g);
                else if (ty == "s") a.read(kw, flags, StringArg(), ss[k]).read_status(g);
                else a.read(kw, flags, IPAddressArg(), ips[k]).read_status(g);
                given[k] = g;
            }
            ok = a.complete() >= 0;
            if (ok) {
                printf("OK");
                for (int k = 0; k < items.size(); k++) {
                    int c1 = items[k].find_left(':'), c2 = items[k].find_left(':', c1 + 1);
                    String nm = items[k].substring(0, c1), ty = items[k].substring(c1 + 1, c2 - c1 - 1), fl = items[k].substring(c2 + 1);
                    bool rep = fl.find_left('r') >= 0;
                    printf(" %s=", nm.c_str());
                    if (rep && ty == "u") { for (int j = 0; j < vus[k].size(); j++) printf("%s%u", j ? "," : "", vus[k][j]); }
                    else if (rep) { for (int j = 0; j < vss[k].size(); j++) printf("%s%s", j ? "," : "", vss[k][j].c_str()); }
                    else if (ty == "u") { if (us[k] == 777777u) printf("-"); else printf("%u", us[k]); }
                    else if (ty == "s") { if (ss[k] == "<unset>") printf("-"); else printf("%s", ss[k].c_str()); }
                    else { if (ips[k] == IPAddress(0x01020304U)) printf("-"); else printf("%s", ips[k].unparse().c_str()); }
                }
                printf("\n");
            }
            printf("END\n"); fflush(stdout); continue;
        }
        if (type == "argvec" || type == "spacevec") {
            Vector<String> v;
            if (type == "argvec") cp_argvec(text, v); else cp_spacevec(text, v);
            printf("OK %d", v.size());
            for (int i = 0; i < v.size(); i++) { printf(" |"); for (int j = 0; j < v[i].length(); j++) printf("%02x", (unsigned char) v[i][j]); printf("|"); }
            printf("\n");
            fflush(stdout);
            continue;
        }
#define RD(T, P, FMT, EXPR) do { T x; ok = Args(conf, &ferrh).read_mp("X", P, x).complete() >= 0; if (ok) printf("OK " FMT "\n", EXPR); } while (0)
        if (type == "int") RD(int32_t, IntArg(), "%d", x);
        else if (type == "unsigned") RD(uint32_t, IntArg(), "%u", x);
        else if (type == "int64") RD(int64_t, IntArg(), "%" PRId64, x);
        else if (type == "unsigned64") RD(uint64_t, IntArg(), "%" PRIu64, x);
        else if (type == "byte") RD(uint8_t, IntArg(), "%u", (unsigned) x);
        else if (type == "int8") RD(int8_t, IntArg(), "%d", (int) x);
        else if (type == "uint16") RD(uint16_t, IntArg(), "%u", (unsigned) x);
        else if (type == "int16") RD(int16_t, IntArg(), "%d", (int) x);
        else if (type == "bool") RD(bool, BoolArg(), "%d", (int) x);
        else if (type == "real") RD(double, DoubleArg(), "%.17g", x);
        else if (type == "fixed16") RD(uint32_t, FixedPointArg(16), "%u", x);
        else if (type == "fixed28") RD(uint32_t, FixedPointArg(28), "%u", x);
        else if (type == "sfixed16") RD(int32_t, FixedPointArg(16), "%d", x);
        else if (type == "time") RD(Timestamp, TimestampArg(), "%" PRId64, (int64_t) x.nsecval());
        else if (type == "stime") RD(Timestamp, TimestampArg(true), "%" PRId64, (int64_t) x.nsecval());
        else if (type == "seconds") RD(uint32_t, SecondsArg(), "%u", x);
        else if (type == "milliseconds") RD(uint32_t, SecondsArg(3), "%u", x);
        else if (type == "microseconds") RD(uint32_t, SecondsArg(6), "%u", x);
        else if (type == "dseconds") RD(double, SecondsArg(), "%.17g", x);
        else if (type == "bandwidth") RD(uint32_t, BandwidthArg(), "%u", x);
        else if (type == "ip") RD(IPAddress, IPAddressArg(), "%s", x.unparse().c_str());
        else if (type == "ipprefix") { IPAddress a, m; ok = Args(conf, &ferrh).read_mp("X", IPPrefixArg(), a, m).complete() >= 0; if (ok) printf("OK %s/%s\n", a.unparse().c_str(), m.unparse().c_str()); }
        else if (type == "ipprefix_or_addr") { IPAddress a, m; ok = Args(conf, &ferrh).read_mp("X", IPPrefixArg(true), a, m).complete() >= 0; if (ok) printf("OK %s/%s\n", a.unparse().c_str(), m.unparse().c_str()); }
        else if (type == "ip6") RD(IP6Address, IP6AddressArg(), "%s", x.unparse_expanded().c_str());
        else if (type == "ip6prefix") { IP6Address a; int l; ok = Args(conf, &ferrh).read_mp("X", IP6PrefixArg(), a, l).complete() >= 0; if (ok) printf("OK %s/%d\n", a.unparse_expanded().c_str(), l); }
        else if (type == "ip6prefix_or_addr") { IP6Address a; int l; ok = Args(conf, &ferrh).read_mp("X", IP6PrefixArg(true), a, l).complete() >= 0; if (ok) printf("OK %s/%d\n", a.unparse_expanded().c_str(), l); }
        else if (type == "ether") RD(EtherAddress, EtherAddressArg(), "%s", x.unparse_colon().c_str());
        else if (type == "string" || type == "word" || type == "keyword" || type == "anything" || type == "filename") {
            String x;
            if (type == "string") ok = Args(conf, &ferrh).read_mp("X", StringArg(), x).complete() >= 0;
            else if (type == "word") ok = Args(conf, &ferrh).read_mp("X", WordArg(), x).complete() >= 0;
            else if (type == "keyword") ok = Args(conf, &ferrh).read_mp("X", KeywordArg(), x).complete() >= 0;
            else if (type == "filename") ok = Args(conf, &ferrh).read_mp("X", FilenameArg(), x).complete() >= 0;
            else ok = Args(conf, &ferrh).read_mp("X", AnyArg(), x).complete() >= 0;
            if (ok) hexs(x);
        } else if (type == "ipaddrlist") {
            Vector<IPAddress> v; ok = Args(conf, &ferrh).read_mp("X", IPAddressArg(), v).complete() >= 0;
            if (ok) { printf("OK"); for (int i = 0; i < v.size(); i++) printf(" %s", v[i].unparse().c_str()); printf("\n"); }
        } else if (type == "unquote") { hexs(cp_unquote(text)); continue; }
        else if (type == "uncomment") { hexs(cp_uncomment(text)); continue; }
        else { printf("BADTYPE\n"); continue; }
        if (!ok && ferrh.nerrors() == before) printf("ERR (no message)\n");
        printf("END\n");
        fflush(stdout);
    }
    return 0;
}
