"""The pass-rate curriculum (rlvr.training.curriculum): scripted reward sequences move each task's rung
toward the band -- up when always solved, down when never solved -- re-weight saturated tasks, and the
state round-trips; the rollout journal keeps whole lines per writer."""

from __future__ import annotations

import json
import sys

import pytest

import proc
from rlvr.training import curriculum as C

T_EASY, T_HARD, T_MID = "task_a", "task_b", "task_c"
LEVELS = [1, 2, 3]


def _records(task, rung, passed, n):
    d, s = rung
    return [{"task": task, "difficulty": d, "size": s, "acc": 1.0 if k < passed else 0.0} for k in range(n)]


def _drive(ctrl, script, steps):
    """Each step: every task gets 16 responses at its current rung, passed per ``script(task, rung)``."""
    trajectory = []
    for step in range(1, steps + 1):
        recs = []
        for task in sorted(ctrl.ladders):
            rung = ctrl.rung(task)
            recs += _records(task, rung, script(task, rung), 16)
        ctrl.observe(step, recs)
        trajectory.append({t: tuple(ctrl.rung(t)) for t in ctrl.ladders})
    return trajectory


def test_always_solved_moves_up_never_solved_moves_down_in_band_stays():
    cfg = {"min_samples": 16, "window": 32, "start": {"difficulty": 2, "size": 0.5}}
    ctrl = C.Controller({T_EASY: LEVELS, T_HARD: LEVELS, T_MID: LEVELS}, cfg)
    assert ctrl.rung(T_EASY) == [2, 0.5]
    script = {T_EASY: lambda rung: 16, T_HARD: lambda rung: 0, T_MID: lambda rung: 8}
    traj = _drive(ctrl, lambda t, rung: script[t](rung), 8)
    # one rung per decision: 2/0.5 -> 2/1.0 -> 3/0.0 -> 3/0.5 -> 3/1.0 (top), and 2/0.5 -> ... -> 1/0.0
    assert [traj[i][T_EASY] for i in range(4)] == [(2, 1.0), (3, 0.0), (3, 0.5), (3, 1.0)]
    assert [traj[i][T_HARD] for i in range(4)] == [(2, 0.0), (1, 1.0), (1, 0.5), (1, 0.0)]
    assert all(t[T_MID] == (2, 0.5) for t in traj)
    assert traj[-1][T_EASY] == (3, 1.0) and traj[-1][T_HARD] == (1, 0.0)
    # saturated at the ends (solved at the top, failed at the bottom): re-weighted; in band: weight 1
    assert ctrl.weight(T_EASY) == ctrl.weight(T_HARD) == 0.25 and ctrl.weight(T_MID) == 1.0


def test_a_task_settles_where_its_pass_rate_enters_the_band():
    """Pass rate falls with the rung (a model that solves easy instances only): the controller climbs until
    the rate is in the band and stays there."""
    ctrl = C.Controller({T_EASY: LEVELS}, {"min_samples": 16, "window": 32, "start": {"difficulty": 1, "size": 0.0}})
    rate = {1: 16, 2: 8, 3: 0}   # 100 %, 50 %, 0 % by difficulty
    traj = _drive(ctrl, lambda t, rung: rate[rung[0]], 12)
    assert traj[-1][T_EASY][0] == 2 and all(x[T_EASY][0] == 2 for x in traj[-5:])


def test_responses_from_another_rung_and_too_few_samples_do_not_move():
    ctrl = C.Controller({T_EASY: LEVELS}, {"min_samples": 32, "window": 64})
    start = ctrl.rung(T_EASY)
    ctrl.observe(1, _records(T_EASY, (3, 1.0), 16, 16))          # generated at another rung (lag): ignored
    assert ctrl.rung(T_EASY) == start and ctrl.estimate(T_EASY) is None
    ctrl.observe(2, _records(T_EASY, tuple(start), 16, 16))      # 16 < min_samples
    assert ctrl.rung(T_EASY) == start and ctrl.estimate(T_EASY) == 1.0
    moved = ctrl.observe(3, _records(T_EASY, tuple(start), 16, 16))
    assert moved[T_EASY]["from"] == start and ctrl.rung(T_EASY) != start


def test_disabled_controller_never_moves_and_steps_come_in_order():
    ctrl = C.Controller({T_EASY: LEVELS}, {"enabled": False, "min_samples": 1, "window": 1})
    start = ctrl.rung(T_EASY)
    ctrl.observe(1, _records(T_EASY, tuple(start), 16, 16))
    assert ctrl.rung(T_EASY) == start
    with pytest.raises(C.CurriculumError, match="step 3 observed after step 1"):
        ctrl.observe(3, [])


def test_state_round_trip_continues_identically():
    cfg = {"min_samples": 16, "window": 32}
    a = C.Controller({T_EASY: LEVELS, T_HARD: LEVELS}, cfg)
    script = lambda t, rung: 16 if t == T_EASY else 0  # noqa: E731
    _drive(a, script, 3)
    b = C.Controller({T_EASY: LEVELS, T_HARD: LEVELS}, cfg)
    b.load_state_dict(json.loads(json.dumps(a.state_dict())))
    for step in range(4, 8):
        recs = sum((_records(t, c.rung(t), script(t, None), 16) for c in (a,) for t in sorted(c.ladders)), [])
        a.observe(step, recs)
        b.observe(step, recs)
    assert a.state_dict() == b.state_dict()
    with pytest.raises(C.CurriculumError, match="another task mix"):
        C.Controller({T_EASY: LEVELS}, cfg).load_state_dict(a.state_dict())


@pytest.mark.parametrize("bad, message", [
    ({"band": [0.7, 0.3]}, "band"), ({"min_samples": 0}, "min_samples"), ({"window": 4, "min_samples": 8}, "window"),
    ({"sizes": [1.0, 0.0]}, "sizes"), ({"start": {"difficulty": 1, "size": 0.25}}, "start.size"),
    ({"reweight": {"enabled": True, "saturated_weight": 0}}, "reweight"), ({"speed": 1}, "unknown keys"),
])
def test_bad_settings_are_named(bad, message):
    with pytest.raises(C.CurriculumError, match=message):
        C.settings(bad)


WRITER = """
import sys
from rlvr.training import curriculum as C
journal, k = sys.argv[1], int(sys.argv[2])
for i in range(50):
    C.append(journal, 1, {"step": 1, "slot": k, "i": i, "pad": "x" * 300})
"""


def test_journal_keeps_whole_lines_from_concurrent_writers(tmp_path):
    """Eight writer processes (as veRL's reward workers are) append to one step's journal at once."""
    results = proc.run_all([[sys.executable, "-c", WRITER, str(tmp_path), str(k)] for k in range(8)], timeout=180)
    assert [r.returncode for r in results] == [0] * 8, [r.stderr for r in results]
    rows = C.read(tmp_path, 1)
    assert len(rows) == 400 and sorted((r["slot"], r["i"]) for r in rows) == sorted((k, i) for k in range(8)
                                                                                    for i in range(50))
    C.clear_from(tmp_path, 1)
    assert C.read(tmp_path, 1) == []
