"""symbolic/life_automaton: independent solvers with their own B3/S23 update (neighbour sums of a
zero-padded grid), the options' grids compared as drawn, and the count's cells read off the
update."""

import pytest
from taskcheck import scene_tests, shortcut_test

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.symbolic.life_automaton"
P = "task_symbolic__life_automaton__"


def life(grid):
    n, m = len(grid), len(grid[0])
    pad = [[0] * (m + 2)] + [[0] + list(row) + [0] for row in grid] + [[0] * (m + 2)]
    out = []
    for r in range(1, n + 1):
        row = []
        for k in range(1, m + 1):
            s = sum(pad[r + a][k + b] for a in (-1, 0, 1) for b in (-1, 0, 1)) - pad[r][k]
            row.append(1 if s == 3 or (s == 2 and pad[r][k]) else 0)
        out.append(row)
    return out


def future(state, params, qid):
    g = state["grid"]
    for _ in range(1 if qid == "one_step_future_grid" else 2):
        g = life(g)
    hits = [k for k, o in enumerate(state["options"]) if o == g]
    assert len(hits) == 1
    return "ABCD"[hits[0]]


def count(state, params, qid):
    want = 1 if qid == "one_step_alive_cell_count" else 0
    return sum(v == want for row in life(state["grid"]) for v in row)


SOLVERS = {P + "life_future_grid_label": future, P + "one_step_cell_state_count": count}


def _size(s):
    return len(s["grid"]) ** 2 + sum(map(sum, s["grid"])) + len(s["options"])


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)
test_no_shortcuts = shortcut_test([P + "life_future_grid_label"])


def test_known_patterns():
    blinker = [[0, 0, 0], [1, 1, 1], [0, 0, 0]]
    assert life(blinker) == [[0, 1, 0], [0, 1, 0], [0, 1, 0]] and life(life(blinker)) == blinker
    from tracegen.domains.symbolic.life_automaton import run
    block = [[0, 0, 0, 0], [0, 1, 1, 0], [0, 1, 1, 0], [0, 0, 0, 0]]
    assert run(blinker, 1) == life(blinker) and run(block, 2) == block
    glider_edge = [[0, 1, 0], [0, 0, 1], [1, 1, 1]]
    assert run(glider_edge, 1) == life(glider_edge)


@pytest.mark.parametrize("qid", ["one_step_future_grid", "two_step_future_grid"])
def test_option_cells_are_drawn_in_their_state(qid):
    spec = registry.get(P + "life_future_grid_label")
    inst = engine.generate(spec, seed=6, split="cells", index=0, query_id=qid, encode=False)
    s, ents = inst.trace["state"], inst.canvas.entities
    black = ents.paint("cell:0:0")["fill"] if s["grid"][0][0] else None
    for L, opt in zip("ABCD", s["options"]):
        for r, row in enumerate(opt):
            for k, v in enumerate(row):
                fill = ents.paint(f"{L}:cell:{r}:{k}")["fill"]
                assert (sum(fill) < 0.5) == bool(v)
                if black and v:
                    assert fill == black


def test_every_rule_variant_matches_a_plain_neighbour_count():
    """``step`` under every rule the distractors use (wrap-around, other survive/birth sets) against a
    neighbour count written out here, on random grids of every shape the scene draws and smaller."""
    import random

    from tracegen.domains.symbolic.life_automaton import step

    def plain(grid, wrap, survive, birth):
        n, m = len(grid), len(grid[0])
        out = []
        for r in range(n):
            row = []
            for k in range(m):
                s = 0
                for a in (-1, 0, 1):
                    for b in (-1, 0, 1):
                        if a or b:
                            rr, kk = r + a, k + b
                            if wrap:
                                s += grid[rr % n][kk % m]
                            elif 0 <= rr < n and 0 <= kk < m:
                                s += grid[rr][kk]
                row.append(int(s in (survive if grid[r][k] else birth)))
            out.append(row)
        return out

    rng = random.Random(4)
    rules = [((2, 3), (3,)), ((2,), (3,)), ((3,), (3,)), ((2, 3), (2, 3)), ((2, 3, 4), (3,))]
    for _ in range(400):
        n, m = rng.randint(1, 7), rng.randint(1, 7)
        grid = [[rng.randint(0, 1) for _ in range(m)] for _ in range(n)]
        wrap = rng.random() < 0.5
        survive, birth = rng.choice(rules)
        assert step(grid, wrap=wrap, survive=survive, birth=birth) == plain(grid, wrap, survive, birth)
