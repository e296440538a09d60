"""Regression tests for the causes Click's regression suite found (issue 18; the suite itself,
tests/clicktest/test_click_suite.py, runs only where a Click tree is given).  Each case is a
small configuration shaped like the Click test it stands for, with the values that test
expects from Click."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def _run(tmp_path: Path, config: str, files: dict[str, str],
         *args: str) -> subprocess.CompletedProcess[str]:
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    (tmp_path / "t.click").write_text(config)
    return subprocess.run([sys.executable, "-m", "clickc", "run", *args, "t.click"],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path)


def test_ipsummarydump_icmp_fields_round_trip(tmp_path: Path) -> None:
    # Click's test/analysis/FromIPSummaryDump-01 and IPRewriter/ICMPPingRewriter-01: ICMP
    # types by name or number, identifiers and sequence numbers read and written back.
    r = _run(tmp_path, "FromIPSummaryDump(IN1, STOP true, CHECKSUM true)\n"
                       "  -> CheckICMPHeader(VERBOSE true)\n"
                       "  -> ToIPSummaryDump(-, FIELDS src dst icmp_type_name icmp_type "
                       "icmp_code icmp_flowid icmp_seq icmp_nextmtu);\n",
             {"IN1": "!data src dst icmp_type icmp_code icmp_flowid icmp_seq\n!proto I\n"
                     "18.26.4.44 10.0.0.4 echo 0 10 3\n"
                     "10.0.0.4 18.26.4.44 echo-reply 0 10 3\n"
                     "1.0.0.1 1.0.0.2 13 0 7 8\n"})
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    assert r.stdout.splitlines()[2:] == ["18.26.4.44 10.0.0.4 echo 8 0 10 3 -",
                                         "10.0.0.4 18.26.4.44 echo-reply 0 0 10 3 -",
                                         "1.0.0.1 1.0.0.2 timestamp 13 0 7 8 -"]


def test_ipsummarydump_payload_round_trip(tmp_path: Path) -> None:
    # Click's test/IPRewriter/IPRewriter-15..17: payloads read as words or quoted strings
    # (Click's cp_string escapes) and written back quoted as Click's cp_quote.
    r = _run(tmp_path, "FromIPSummaryDump(IN1, STOP true, CHECKSUM true)\n"
                       "  -> ToIPSummaryDump(-, FIELDS proto src sport dst dport payload_len "
                       "payload);\n",
             {"IN1": "!data proto src sport dst dport payload\n"
                     "T 1.0.0.1 11 2.0.0.2 21 XXX\n"
                     'U 1.0.0.2 12 2.0.0.2 22 "a b\\t\\"$\\001\\x41\\<4243>"\n'
                     'T 1.0.0.3 13 2.0.0.2 23 ""\n'})
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[2:] == ['T 1.0.0.1 11 2.0.0.2 21 3 "XXX"',
                                         'U 1.0.0.2 12 2.0.0.2 22 10 "a b\\t\\"\\$\\001ABC"',
                                         'T 1.0.0.3 13 2.0.0.2 23 0 ""']


def test_arp_packets_have_their_network_header(tmp_path: Path) -> None:
    # Click's test/ethernet/ARPQuerier-05..07: ARPQuerier's queries and ARPResponder's replies
    # mark their ARP header (Click's set_ether_header), so ARPPrint prints them; the reply
    # is made with a zero timestamp (Click's Packet::make).
    r = _run(tmp_path, "d :: FromIPSummaryDump(D, TIMING true, STOP true)\n"
                       "  -> arpq :: ARPQuerier(1.0.10.10, 2:1:0:a:a:f) -> Discard;\n"
                       "arpq[1] -> ARPPrint(arpo) -> ARPResponder(0/0 2:2:1:b:b:0)\n"
                       "  -> ARPPrint(arpx) -> [1]arpq;\n",
             {"D": "!data timestamp ip_dst sport\n0.00 1.0.0.1 1\n0.05 1.0.0.1 2\n"},
             "--simtime")
    assert r.returncode == 0, r.stderr
    assert r.stderr.splitlines() == ["arpo: 0.000000: arp who-has 1.0.0.1 tell 1.0.10.10",
                                     "arpx: 0.000000: arp reply 1.0.0.1 is-at 02-02-01-0B-0B-00"]


def test_timedsink_resumes_when_its_source_restarts(tmp_path: Path) -> None:
    # Click's test/standard/Shaper-01: a TimedSink whose source finished (its timer lapsed so
    # that the router could end) pulls again when a handler resets the source.
    r = _run(tmp_path, "is :: InfiniteSource(LIMIT 100) -> c :: Counter -> TimedSink(1ms);\n"
                       "Script(wait 150ms, print c.count, write c.reset, write is.reset,\n"
                       "       wait 150ms, print c.count, stop);\n", {}, "--simtime")
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["100", "100"], r.stdout


def test_passive_script_keeps_its_arguments_across_a_wait(tmp_path: Path) -> None:
    # Click's test/standard/Bypass-02: a PASSIVE Script run with arguments reads $1... after
    # a wait, as Click keeps the last "run" call's arguments.
    r = _run(tmp_path, "s :: Script(TYPE PASSIVE, print \"a $1 $2\", wait 1, print \"b $1 $2\");\n"
                       "Script(write s.run x y, wait 2, stop);\n", {}, "--simtime")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["a x y", "b x y"], r.stdout


def test_config_follows_a_capacity_write(tmp_path: Path) -> None:
    # Click's test/standard/Queue-notifiers-01: `config` after a write to `capacity` (Click's
    # reconfigure_keyword_handler): a keyword appended, a positional argument replaced.
    r = _run(tmp_path, "q :: Queue -> Discard; q2 :: Queue(5) -> Discard; Idle -> q; Idle -> q2;\n"
                       "DriverManager(write q.capacity 10, print q.config, "
                       "write q.capacity 1000, print q.config, write q2.capacity 7, "
                       "print q2.config, print q2.capacity)\n", {}, "--simtime")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["CAPACITY 10", "CAPACITY 1000", "7", "7"], r.stdout


def test_script_goto_exit(tmp_path: Path) -> None:
    # Click's test/analysis/TimeFilter-01: "goto exit" (and "goto end") end the script, as
    # Click's Script::find_label maps them to its exit instruction.
    r = _run(tmp_path, 's :: Script(TYPE PASSIVE, print "a", goto exit $(eq $1 1), print "b", '
                       'goto end, print "c");\n'
                       "Script(write s.run 1, write s.run 2, stop);\n", {})
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["a", "a", "b"], r.stdout


def test_ipsummarydump_empty_options_fix_header_lengths(tmp_path: Path) -> None:
    # Click's test/standard/Pad-01: "ip_opt ." and "tcp_opt ." give the headers their length,
    # so an ip_len beyond the payload leaves it after 40 bytes of headers.
    r = _run(tmp_path, "FromIPSummaryDump(P, STOP true)\n"
                       "  -> ToIPSummaryDump(-, FIELDS ip_src ip_len ip_capture_len payload);\n",
             {"P": '!data ip_src ip_opt tcp_opt ip_len payload\n1.0.0.1 . . 50 "HiFart"\n'})
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[2:] == ['1.0.0.1 50 46 "HiFart"'], r.stdout


def test_ipsummarydump_payload_md5(tmp_path: Path) -> None:
    # Click's test/analysis/IPSummaryDump-02: payload_md5 (Click's 22-character text digest,
    # md5_finish_text) and payload_md5_hex, of an empty payload and of "hi there\n"; the
    # digests are the ones that test expects from Click.
    r = _run(tmp_path, "FromIPSummaryDump(P, STOP true)\n"
                       "  -> ToIPSummaryDump(-, FIELDS payload payload_len payload_md5 "
                       "payload_md5_hex);\n",
             {"P": '!data proto src dst sport dport payload\n'
                   'U 1.0.0.1 1.0.0.2 1 2 ""\n'
                   'U 1.0.0.1 1.0.0.2 1 2 "hi there\\n"\n'})
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[2:] == [
        '"" 0 u3bJz@iaYsq6aMaMSJVq_b d41d8cd98f00b204e9800998ecf8427e',
        '"hi there\\n" 9 sy@Uze03MHB84qQruJ_zma 12f6bb1941df66b8f138a446d4e8670c']


def test_script_cat_and_catq(tmp_path: Path) -> None:
    # Click's test/ethernet/ARPQuerier-03/-04 (`write hotconfig $(cat CONFIG2)`): the Script
    # handlers "cat FILE" (the file's text) and "catq FILE" (the same, cp_quote'd); a missing
    # file is an error that names it.
    r = _run(tmp_path, "Script(print $(cat F), print $(catq G), print $(length $(cat F)), "
                       "read cat NOPE, stop);\n",
             {"F": "abc def", "G": 'a "b"\n'})
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["abc def", '"a \\"b\\"\\n"', "7"], r.stdout
    assert "NOPE: No such file or directory" in r.stderr


def test_rewriter_port_choice_follows_randomseed(tmp_path: Path) -> None:
    # Click's test/IPRewriter/UDPRewriter-11: with RandomSeed(1), a pattern's port range is
    # drawn with Click's click_random(low, high) over the C library's random(), so the third
    # flow (whose own port is taken) gets the port Click gives it, 55226.
    r = _run(tmp_path, "RandomSeed(1)\n"
                       "rw1 :: UDPRewriter(pattern 1.0.0.2 1024-65534 - - 0 1, drop);\n"
                       "FromIPSummaryDump(IN1, STOP true) -> [0]rw1[0]\n"
                       "  -> ToIPSummaryDump(-, FIELDS src sport dst dport);\n"
                       "Idle -> [1]rw1[1] -> Discard;\n",
             {"IN1": "!proto T\n!data src sport dst dport\n"
                     "10.0.0.1 1024 1.0.0.2 20\n10.0.0.2 1024 1.0.0.2 30\n"
                     "10.0.0.3 1024 1.0.0.2 20\n"})
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[2:] == ["1.0.0.2 1024 1.0.0.2 20", "1.0.0.2 1024 1.0.0.2 30",
                                         "1.0.0.2 55226 1.0.0.2 20"], r.stdout


def test_task_scheduled_handler(tmp_path: Path) -> None:
    # Click's test/standard/notifier-04: an element with a task has Click's `scheduled`
    # handler, false once the source sleeps on the full notifier of the queue it fills.
    r = _run(tmp_path, "i :: InfiniteSource(LIMIT 15) -> c :: Counter -> q :: FullNoteQueue(5)"
                       " -> Idle;\n"
                       "DriverManager(print i.scheduled, wait 0.1s, print i.scheduled, stop)\n",
             {}, "--simtime", "-h", "c.count")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["true", "false", "5"], r.stdout


def test_ipsummarydump_tcp_opt_round_trip(tmp_path: Path) -> None:
    # Click's test/analysis/IPSummaryDump-01: tcp_opt read and written in Click's text form;
    # a header cut inside its options prints "-" (Click's tcp_extract).
    r = _run(tmp_path, "FromIPSummaryDump(P, STOP true, ZERO true) -> s :: Tee\n"
                       "  -> t :: ToIPSummaryDump(-, FIELDS sport tcp_off tcp_opt);\n"
                       "s[1] -> Truncate(41) -> t;\n",
             {"P": "!data sport tcp_opt\n"
                   "1 mss1460,sackok,ts5:6,wscale7\n"
                   "2 sack1-2,sack3-4;nop;eol\n"
                   "3 .\n4 200=1:2:3\n"})
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[2:] == ["1 40 mss1460;sackok;ts5:6;wscale7", "1 40 -",
                                         "2 40 sack1-2;sack3-4", "2 40 -", "3 20 .", "3 20 .",
                                         "4 28 200=1:2:3", "4 28 -"], r.stdout


def test_ipsummarydump_ip_opt_routes(tmp_path: Path) -> None:
    # Click's test/icmp/ICMPError-sourceroute-01 and analysis/FromIPSummaryDump-ipopt-01: route
    # options read and written in Click's text ('^' marks the pointer), padding not shown, and
    # ICMPError's reply carries the reversed source route.
    r = _run(tmp_path, "FromIPSummaryDump(P, STOP true, ZERO true)\n"
                       "  -> ToIPSummaryDump(-, FIELDS sport ip_hl ip_opt);\n",
             {"P": "!data src sport dst dport proto ip_opt\n"
                   "1.0.0.1 30 2.0.0.2 40 T .\n"
                   "1.0.0.1 31 2.0.0.2 40 T nop;nop;eol\n"
                   "1.0.0.1 32 2.0.0.2 40 T ssrr{128.4.45.60,128.4.49.61^1.1.1.1,2.2.2.2}\n"
                   "1.0.0.1 33 2.0.0.2 40 T rr{2.3.4.5}+3\n"
                   "1.0.0.1 34 2.0.0.2 40 T rr{}+1\n"
                   "1.0.0.1 35 2.0.0.2 40 T 200=1:2\n"})
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[2:] == [
        "30 20 .", "31 24 .", "32 40 ssrr{128.4.45.60,128.4.49.61^1.1.1.1,2.2.2.2}",
        "33 40 rr{2.3.4.5}+3", "34 28 rr{}+1", "35 24 200=1:2"], r.stdout
    r = _run(tmp_path, "FromIPSummaryDump(Q, STOP true, ZERO true)\n"
                       "  -> ICMPError(19.19.19.19, timeexceeded) -> CheckIPHeader\n"
                       "  -> ToIPSummaryDump(-, FIELDS src dst proto payload_len ip_opt);\n",
             {"Q": "!data src sport dst dport proto ip_opt ip_ttl\n"
                   "18.26.4.44 20 10.0.0.8 80 T "
                   "ssrr{128.4.45.60,128.4.49.61,^1.2.3.4,5.6.7.8} 0\n"})
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[2:] == [
        "19.19.19.19 18.26.4.44 I 68 ssrr{^128.4.49.61,128.4.45.60}"], r.stdout


def test_rewriter_pattern_write(tmp_path: Path) -> None:
    # Click's test/IPRewriter/IPRewriter-10: writing patternN replaces input N's specification
    # and removes the flows it made (Click's pattern_write_handler); pattern1... exist for every
    # input; a bad specification is Click's error.
    r = _run(tmp_path, "rw :: IPRewriter(pattern 1.0.0.2 1024-65534# - - 0 1, drop);\n"
                       "FromIPSummaryDump(IN1, STOP true) -> [0]rw[0] -> Discard;\n"
                       "Idle -> [1]rw[1] -> Discard;\n"
                       "DriverManager(pause, print rw.patterns, print rw.table_size,\n"
                       "  write rw.pattern0 pattern 1.0.0.4 1024-65534# - - 0 1,\n"
                       "  write rw.pattern1 nochange 1, print rw.patterns, print rw.table_size,\n"
                       "  write rw.pattern1 keep 0, stop)\n",
             {"IN1": "!proto T\n!data src sport dst dport\n"
                     "53.1.1.1 1 2.115.2.2 2\n53.1.1.4 1 2.115.2.2 2\n"})
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["1.0.0.2 1024-65534 - - [2]", "<drop>", "2",
                                     "1.0.0.4 1024-65534 - -", "<nochange>", "0"], r.stdout
    assert "input spec 1: bad forward port" in r.stderr


def test_global_config_handler(tmp_path: Path) -> None:
    # Click's test/compound/compact-01: the global `config` (and `flatconfig`) handler is the
    # flat configuration as Click's driver unparses it, the text `-o` writes.
    config = ("require(compact_config)\n"
              "InfiniteSource(DATA \"\", LIMIT 1, STOP true) -> f :: Print(1) -> Discard\n")
    r = _run(tmp_path, config, {}, "-o", "-")
    assert r.returncode == 0, r.stderr
    flat = r.stdout
    assert "f :: Print(1);" in flat
    r = _run(tmp_path, config, {}, "-h", "config", "-h", "flatconfig")
    assert r.returncode == 0, r.stderr
    assert r.stdout == f"config:\n{flat}\nflatconfig:\n{flat}\n", r.stdout


def test_arpresponder_config_write_replaces_the_table(tmp_path: Path) -> None:
    # Click's test/ethernet/ARPResponder-01: a write to `config` reconfigures the table
    # (AddressInfo words resolved as in the configuration, duplicates warned about, the old
    # table kept after an error); `add` reads AddressInfo words too.
    r = _run(tmp_path, "AddressInfo(a 1.0.0.2/24 00:01:02:03:04:05, b 00:01:02:03:04:06);\n"
                       "i :: Idle -> ar :: ARPResponder() -> i;\n"
                       "DriverManager(writeq ar.config \"a, a, a:ipnet b:eth\",\n"
                       "  print ar.table, print \"! $(ar.lookup 1.0.0.1)\",\n"
                       "  writeq ar.config \"a:ipnet\", print ar.table,\n"
                       "  writeq ar.remove 1.0.0.2, writeq ar.add \"a:ipnet a:eth\",\n"
                       "  print ar.table, print ar.config);\n", {}, "--simtime")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [
        "1.0.0.2/32 00-01-02-03-04-05", "1.0.0.0/24 00-01-02-03-04-06",
        "! 00-01-02-03-04-06",
        "1.0.0.2/32 00-01-02-03-04-05", "1.0.0.0/24 00-01-02-03-04-06",
        "1.0.0.0/24 00-01-02-03-04-05", "a, a, a:ipnet b:eth"], r.stdout
    assert "  warning: multiple entries for 1.0.0.2/32" in r.stderr.splitlines(), r.stderr
    assert "argument 0: missing ETH" in r.stderr, r.stderr


def test_pullswitch_forwards_its_inputs_notifiers(tmp_path: Path) -> None:
    # Click's test/standard/PullSwitch-01: a Discard pulling through a PullSwitch sleeps while
    # the switch selects no input, an Idle or an InfiniteSource at its LIMIT, and is woken
    # when the switch selects an input whose signal is active (Click's PullSwitch notifier,
    # lib/notifier.cc's upstream_empty_signal stopping at Idle and InfiniteSource).
    r = _run(tmp_path, "i1 :: InfiniteSource(\\<11>, LIMIT 4); i2 :: InfiniteSource(\\<22>, "
                       "LIMIT 4); i3 :: Idle; ps :: PullSwitch(-1); d :: Discard;\n"
                       "xps, xps2 :: SimplePullSwitch(-1);\n"
                       "i1 -> [0]ps; i2 -> [1]ps; i3 -> [2]ps; ps -> xps -> Print -> d;\n"
                       "i4 :: Idle -> ps2 :: PullSwitch -> xps2 -> d2 :: Discard;\n"
                       "Script(print d.scheduled, print d2.scheduled, write xps.switch 0,\n"
                       "  write xps2.switch 0, wait 0.5s, print d2.scheduled, print d.scheduled,\n"
                       "  write ps.switch 2, print d.scheduled, wait 0.5s, print d.scheduled,\n"
                       "  write ps.switch 0, print d.scheduled, wait 0.5s, print d.scheduled,\n"
                       "  write ps.switch 1, print d.scheduled, wait 0.5s, print d.scheduled,\n"
                       "  stop);\n", {}, "--simtime")
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["false", "true", "false", "false", "false", "false", "true",
                                "false", "true", "false"]
    assert r.stderr.splitlines() == ["   1 | 11"] * 4 + ["   1 | 22"] * 4, r.stderr


def test_notifier_wakes_pass_through_a_pullswitch(tmp_path: Path) -> None:
    # The wake callbacks behind PullSwitch-01 (values recorded from Click 2.1 --simtime): a
    # Queue receiving a packet, and an InfiniteSource reset or reactivated by a handler, wake
    # the PullSwitch that selects them, which wakes the Discard sleeping on it.
    r = _run(tmp_path, "src :: InfiniteSource(\\<22>, LIMIT 1, ACTIVE false) -> q :: Queue;\n"
                       "i1 :: InfiniteSource(\\<11>, LIMIT 2); ps :: PullSwitch(-1);\n"
                       "q -> [0]ps; i1 -> [1]ps; ps -> c :: Counter -> d :: Discard;\n"
                       "Script(print d.scheduled, write ps.switch 0,\n"
                       "  wait 0.1s, print d.scheduled, write src.active true,\n"
                       "  wait 0.1s, print c.count, print d.scheduled,\n"
                       "  write ps.switch 1, print d.scheduled,\n"
                       "  wait 0.1s, print c.count, print d.scheduled,\n"
                       "  write i1.reset, print d.scheduled,\n"
                       "  wait 0.1s, print c.count, print d.scheduled,\n"
                       "  write i1.active false, write i1.reset, write i1.active true,\n"
                       "  print d.scheduled, wait 0.1s, print c.count, print d.scheduled,\n"
                       "  stop);\n", {}, "--simtime")
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["false", "false", "1", "false", "true", "3", "false", "true",
                                "5", "false", "true", "7", "false"]
