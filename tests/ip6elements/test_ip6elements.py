"""The IPv6 elements against Click, packet for packet (CheckIP6Header, GetIP6Address,
LookupIP6Route with its handlers, DecIP6HLIM, ICMP6Error, IP6NDAdvertiser, IP6NDSolicitor).

Each case (cases.CASES) is one of our configurations in configs/ run on real captures with
IPv6 traffic from ../shared/pcaps and on crafted6.pcap (crafted.py); expected/NAME/STEM.json
holds what Click's userlevel driver (built with --enable-ip6) produced: handler values,
standard error (digest) and the digest of every output capture; the command is in the file
(tests/elemharness.py made them).  The compiled router must reproduce all of them, once built
normally and once under AddressSanitizer and UndefinedBehaviorSanitizer (truncated packets
must never be read out of bounds).
"""

from __future__ import annotations

from tests import elemharness

from . import cases

test_every_case_recorded = elemharness.every_case_recorded_test(cases)
test_against_click = elemharness.against_click_test(cases)
