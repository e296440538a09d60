"""Diagnostics with Click's wording.

click_errors.json holds what Click 2.1 printed for each configuration, recorded by
``python3 tests/classifier/record_classifier_click.py $CLICK_PREFIX/bin/click ../shared/pcaps``
(configurations: ``record_classifier_click.ERROR_CASES``, ours)."""

from __future__ import annotations

import json
import os

import pytest
from clickc.classifier.element import compile_rules, configure
from clickc.errors import ErrorHandler, Landmark

HERE = os.path.dirname(os.path.abspath(__file__))

with open(os.path.join(HERE, "click_errors.json")) as _f:
    CASES = json.load(_f)["cases"]


@pytest.mark.parametrize("case", CASES, ids=[f"{c['kind']}-{i}" for i, c in enumerate(CASES)])
def test_messages_match_click(case: dict) -> None:  # type: ignore[type-arg]
    _, _, diag = compile_rules(case["kind"], case["patterns"], case["noutputs"])
    assert diag.lines() == case["messages"]
    assert (diag.nerrors > 0) == (case["status"] != 0)


def test_report_format() -> None:
    errh = ErrorHandler()
    r = configure("IPFilter", "f", ["allow tcp port > 99999", "drop src host"], 1, errh,
                  Landmark("x.click", 3))
    assert r is None
    assert [str(d) for d in errh.diagnostics] == [
        "x.click:3: While configuring 'f :: IPFilter':",
        "  pattern 0: warning: relation '> 99999' is always false (range 0-65535)",
        "  pattern 1: 'src ip host': address missing",
    ]
    assert errh.nerrors == 1 and errh.nwarnings == 1


def test_configure_emits_c() -> None:
    errh = ErrorHandler()
    r = configure("Classifier", "c", ["12/0800", "-"], 2, errh, Landmark("x.click", 1))
    assert r is not None and not errh.diagnostics
    assert r.fn_name == "ck_classify_c"
    assert "static int ck_classify_c(const uint8_t *data, uint32_t len)" in r.c_code


@pytest.mark.parametrize("text", ["((((((", "not " * 3000 + "tcp", "(" * 2000 + "tcp" + ")" * 2000,
                                  "\x00\xff", "ip[99999999999] 1", "src host 1.2.3.4 & 0",
                                  "ether host 1:2:3:4:5:6 & ff:ff:ff:ff:ff:00",
                                  "ip[-4:2] 1", "tcp[65535] 1", "a ? b : c ? d : e"])
def test_bad_input_never_crashes(text: str) -> None:
    for kind in ("IPClassifier", "IPFilter"):
        args = [text] if kind == "IPClassifier" else ["allow " + text]
        rs, d, diag = compile_rules(kind, args, 1)
        assert (rs is None) == (diag.nerrors > 0)
