"""The benchmark of the deal in frames reports its figures (their values belong to benchmarks/)."""

from __future__ import annotations

import pytest

from benchmarks.run import ENTRIES
from reddog_tui.ui.motion import NORMAL


def test_the_deal_in_frames_is_measured_to_its_last_frame(monkeypatch):
    from benchmarks import app_bench, run

    monkeypatch.setattr(app_bench, "bare_key", lambda presses: 0.002)  # the bare app, not measured here
    figures = {figure.name: figure for figure in run.bench_deal_motion(quick=True)}
    assert set(figures) == {
        "deal in frames: key to last frame",
        "third card turned: key to last frame",
        "deal in frames: longest frame a timer draws (median)",
        "deal in frames: the key's own frame (median)",
    }
    # The frames ran as set: the baselines are the set lengths of a deal and of a turn, at normal pace.
    assert figures["deal in frames: key to last frame"].baseline == pytest.approx(4 * NORMAL.step_s * 1000)
    turn_s = NORMAL.beat_s + NORMAL.result_s  # the card turns, then its result comes
    assert figures["third card turned: key to last frame"].baseline == pytest.approx(turn_s * 1000)
    assert all(figure.value > 0 for figure in figures.values())
    # No frame of the deal, timer's or key's, may take longer than 3× the bare app's key.
    assert figures["deal in frames: longest frame a timer draws (median)"].ratio_limit == 3.0
    assert figures["deal in frames: the key's own frame (median)"].ratio_limit == 3.0
    assert ENTRIES["deal_motion"] is run.bench_deal_motion
