"""Click's configure order: by configure phase, ties in the order Click's quicksort leaves them."""

from __future__ import annotations

import random

from clickc.passes.check import click_qsort_order


def test_sorted_by_phase() -> None:
    rng = random.Random(7)
    for n in (0, 1, 5, 6, 7, 8, 40, 41, 200):
        phases = [rng.choice([0, 20, 99, 100, 100, 100, 101, 200]) for _ in range(n)]
        order = click_qsort_order(phases)
        assert sorted(order) == list(range(n))
        assert [phases[i] for i in order] == sorted(phases)


def test_small_ranges_keep_declaration_order() -> None:
    # below 7 elements Click uses insertion sort, which is stable
    assert click_qsort_order([100, 20, 100, 0, 100, 20]) == [3, 1, 5, 0, 2, 4]


def test_ties_follow_clicks_quicksort() -> None:
    # tests/elements/configs/order.click flattens to pats (INFO), rw, 2 Idle, 2 Discard, sts
    # (DEFAULT) and si (INFO); Click configured pats, si, sts, then rw (order.expected, recorded
    # from Click's driver): with 8 elements its quicksort is not stable
    order = click_qsort_order([20, 100, 100, 100, 100, 100, 100, 20])
    assert order[:2] == [0, 7]
    assert order.index(6) < order.index(1)
