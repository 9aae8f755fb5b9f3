"""games/brick_breaker: independent solvers written from the catalog programs.

The ball's path is unfolded instead of bounced: reflecting the playfield across its side walls (and the
ceiling) turns the bouncing path into one straight line, and a brick's mirror images are the places the
straight line may meet it.  The solver marches that straight line in small steps, folds each point back
into the playfield, and reports the first brick whose grown box (brick + ball radius) contains it.
"""

import math

from taskcheck import scene_tests, shortcut_test

MOD = "tracegen.domains.games.brick_breaker"
P = "task_games__brick_breaker__"
ARENA = (34.0, 26.0, 606.0, 438.0)
R, CATCH_Y = 8.0, 392.0
ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _fold(v, lo, hi):
    """Fold an unfolded coordinate back into [lo, hi] (mirror images of the strip)."""
    span = hi - lo
    u = (v - lo) % (2 * span)
    return lo + (u if u <= span else 2 * span - u)


def _bricks(state):
    x0, _, x1, _ = ARENA
    n = state["cols"]
    bw = (x1 - x0 - 40 - 8.0 * (n - 1)) / n
    out = []
    for r, c, lab, _ in state["bricks"]:
        bx, by = x0 + 20 + c * (bw + 8.0), 48.0 + r * 38.0
        out.append((bx - R, by - R, bx + bw + R, by + 30.0 + R, lab, r))
    return out


def _march(state, step=0.05):
    x0, y0, x1, _ = ARENA
    (px, py), (dx, dy) = state["ball"], state["dir"]
    n = math.hypot(dx, dy)
    dx, dy = dx / n, dy / n
    bricks = _bricks(state)
    for i in range(1, 400000):
        ux, uy = px + dx * step * i, py + dy * step * i
        x, y = _fold(ux, x0 + R, x1 - R), _fold(uy, y0 + R, 1e9)
        for k, b in enumerate(bricks):
            if b[0] <= x <= b[2] and b[1] <= y <= b[3]:
                return "brick", k, (x, y)
        if y >= CATCH_Y:
            return "floor", None, (x, y)
    raise AssertionError("the ball never stops")


def next_hit(state, params, qid):
    kind, k, _ = _march(state)
    assert kind == "brick"
    return _bricks(state)[k][4]


def remaining(state, params, qid):
    kind, k, _ = _march(state)
    assert kind == "brick"
    row = _bricks(state)[k][5]
    return sum(1 for b in _bricks(state) if b[5] == row) - 1


def catch(state, params, qid):
    kind, _, (x, _) = _march(state)
    assert kind == "floor"
    lw = (ARENA[2] - ARENA[0]) / state["lanes"]
    return ALPHA[int((x - ARENA[0]) // lw)]


SOLVERS = {
    P + "hit_row_remaining_count": remaining,
    P + "next_hit_label": next_hit,
    P + "paddle_catch_label": catch,
}

test_tasks, test_two_process_determinism = scene_tests(
    MOD, SOLVERS, size_metric=lambda s: s["cols"] * s["rows"] + s["lanes"])
test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=lambda tid: tid.endswith("_count"))


def test_known_bounce():
    """A ball at x = 130 heading down-left at 45 degrees, 200 units above the floor: its centre meets the left
    wall (x = 34 + radius 8 = 42) after 88 units down, bounces, and lands 112 units further right: x = 154 ->
    with 4 lanes of 143 units from x = 34, lane A (34..177)."""
    from tracegen.domains.games import brick_breaker as bb

    st = {"cols": 4, "rows": 1, "bricks": [], "lanes": 4, "max_bounces": 1, "ball": [130.0, CATCH_Y - 200],
          "dir": [-1.0, 1.0]}
    assert bb.catch_lane(st) == 0 and catch(st, {}, "single") == "A"
    f = bb._flight(st, 0.0)
    assert f["bounces"] == 1 and abs(f["end"][0] - 154.0) < 1e-6
