"""symbolic/turing_tape: independent solvers that simulate the drawn machine step by step from its
transition table (looked up row by row, as a reader would), and checks that the table is complete
and deterministic and that the run never leaves the tape."""

import pytest
from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.symbolic.turing_tape"
P = "task_symbolic__turing_tape__"


def simulate(state):
    tape, pos, cur = list(state["tape"]), state["head"], 0
    for _ in range(state["steps"]):
        rows = [r for r in state["table"] if r[0] == cur and r[1] == tape[pos]]
        assert len(rows) == 1
        _, _, write, move, nxt = rows[0]
        tape[pos] = write
        pos += {"L": -1, "R": 1}[move]
        assert 0 <= pos < len(tape)
        cur = nxt
    return tape, pos


def head(state, params, qid):
    return simulate(state)[1] + 1


def written(state, params, qid):
    return simulate(state)[0].count(params["symbol"])


SOLVERS = {P + "final_head_position_value": head, P + "turing_written_symbol_count": written}


def _size(s):
    return len(s["tape"]) + s["steps"] + s["states"]


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)


@pytest.mark.parametrize("tid", sorted(SOLVERS))
def test_table_is_complete_and_drawn(tid):
    spec = registry.get(tid)
    for d in (1, 2, 3):
        inst = engine.generate(spec, seed=d, split="table", index=0, difficulty=d, encode=False)
        s = inst.trace["state"]
        keys = sorted((r[0], r[1]) for r in s["table"])
        assert keys == [(q, sym) for q in range(s["states"]) for sym in (0, 1)]
        assert all(f"rule:{i}" in inst.canvas.entities for i in range(len(keys)))
        assert all(f"cell:{i}" in inst.canvas.entities for i in range(len(s["tape"])))
        drawn = [t["text"] for t in inst.canvas.texts]
        assert [t for t in drawn if t.startswith("HEAD")] == ["HEAD S0"]
