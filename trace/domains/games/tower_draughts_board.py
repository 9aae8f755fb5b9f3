"""games/tower_draughts_board: a tower (column) draughts position: stacks of red and black discs on the dark
squares of a small board; the top disc's colour controls a stack, and one stack may carry an X.  The
capture rule (Bashni: diagonal short jumps in any direction over an opponent-controlled stack onto the
empty square beyond) lives in ``tracegen.kits.draughts``."""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits import draughts as dr

SIDES = {1: 5, 2: 6, 3: 8}
STACKS = {1: (4, 8), 2: (7, 12), 3: (12, 20)}
CELL = 56.0


def _towers(state):
    return {(r, c): s for r, c, s in state["stacks"]}


def _stacks(towers):
    return [[r, c, s] for (r, c), s in sorted(towers.items())]


def _random_stack(rng, top=None):
    h = int(rng.choice([1, 1, 2, 2, 3, 4]))
    s = "".join("rb"[int(rng.integers(2))] for _ in range(h))
    return s if top is None else s[:-1] + top


class TowerDraughtsBoard(Scene):
    domain, scene_id, size = "games", "tower_draughts_board", (420, 420)
    megapixels = (0.18, 0.27)   # image area (MP); the original's median is 0.22
    description = ("A small draughts board with stacks of red and black discs on its dark squares (a stack is "
                   "controlled by the colour of its top disc); one stack may be marked with an X.")

    def canvas_size(self, state):
        side = int(state["n"] * CELL + 80)
        return (side, side)

    def sample(self, rng, difficulty):
        n = SIDES[difficulty]
        lo, hi = STACKS[difficulty]
        sqs = dr.dark_squares(n)
        k = int(rng.integers(lo, hi + 1))
        towers = {sqs[int(i)]: _random_stack(rng) for i in rng.permutation(len(sqs))[:k]}
        return {"n": n, "stacks": _stacks(towers)}

    def claims(self, state, params):
        out = [Claim(None, "colour", "red"), Claim(None, "colour", "black")]
        out += [Claim(f"stack:{r}:{c}", "colour", dr.PIECE_FILL[s[-1]]) for r, c, s in state["stacks"]]
        return out

    def render(self, c, state, params):
        n = state["n"]
        w, _ = self.canvas_size(state)
        x0 = y0 = (w - n * CELL) / 2
        dr.draw_board(c, x0, y0, n, CELL, accent=c.style.accent + 2)
        center = dr.board_geometry(x0, y0, n, CELL)
        marked = state.get("marked")
        for r, k, s in state["stacks"]:
            cx, cy = center(r, k)
            ty = dr.draw_stack(c, cx, cy + 2, CELL * 0.36, s, id=f"stack:{r}:{k}")
            if marked == [r, k]:
                q = CELL * 0.15
                c.line(cx - q, ty - q, cx + q, ty + q, color="white", lw=4)
                c.line(cx - q, ty + q, cx + q, ty - q, color="white", lw=4)


SCENE = TowerDraughtsBoard()
task = SCENE.task

BOARD_TEXT = ("This tower draughts board holds stacks of red and black discs on its playable squares. A stack is "
              "controlled by the colour of its top disc.")
CONTROL_SUPPORT = {1: range(0, 7), 2: range(0, 11), 3: range(2, 15)}


@task("controlled_stack_count", answer="integer", annotation="bbox_set", ops="counting")
def controlled_stack_count(q):
    t = q.target(CONTROL_SUPPORT[q.difficulty], stratified=True)
    color = q.choice("color", ["r", "b"])

    def edit(state, rng):
        n = state["n"]
        towers = _towers(state)
        free = [sq for sq in dr.dark_squares(n) if sq not in towers]
        while len(towers) < t + 1 and free:
            towers[free.pop(int(rng.integers(len(free))))] = _random_stack(rng)
        keys = sorted(towers)
        q.require(len(keys) >= t, "too few stacks")
        mine = {keys[int(i)] for i in rng.permutation(len(keys))[:t]}
        other = "b" if color == "r" else "r"
        for sq in keys:
            s = towers[sq]
            towers[sq] = s[:-1] + (color if sq in mine else other)
        state["stacks"] = _stacks(towers)
        return state

    s = q.edit(edit)
    hits = [(r, c) for r, c, st in s["stacks"] if dr.controller(st) == color]
    q.step("controlled", color=color, stacks=[list(x) for x in hits])
    word = dr.PIECE_FILL[color]
    return q.answer(len(hits), witnesses=[f"stack:{r}:{c}" for r, c in hits],
                    question=f"{BOARD_TEXT} How many stacks are controlled by {word} (have a {word} disc on top)?")


CAPTURE_SUPPORT = {1: range(0, 3), 2: range(0, 5), 3: range(0, 5)}


@task("marked_stack_capture_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,spatial_relations,state_update")
def marked_stack_capture_count(q):
    t = q.target(CAPTURE_SUPPORT[q.difficulty], stratified=True)

    def edit(state, rng):
        n = state["n"]
        towers = _towers(state)
        # the marked stack: a square with room for ``t`` jumps
        room = [sq for sq in dr.dark_squares(n)
                if sum(dr.on(n, sq[0] + 2 * a, sq[1] + 2 * b) for a, b in dr.DIAGS) >= t]
        sq = room[int(rng.integers(len(room)))]
        if sq not in towers:
            towers[sq] = _random_stack(rng)
        me = dr.controller(towers[sq])
        opp = "b" if me == "r" else "r"
        dirs = [d for d in dr.DIAGS if dr.on(n, sq[0] + 2 * d[0], sq[1] + 2 * d[1])]
        take = {dirs[int(i)] for i in rng.permutation(len(dirs))[:t]}
        for d in dr.DIAGS:
            mid, land = (sq[0] + d[0], sq[1] + d[1]), (sq[0] + 2 * d[0], sq[1] + 2 * d[1])
            if d in take:
                towers[mid] = _random_stack(rng, opp)
                towers.pop(land, None)
            elif dr.on(n, *mid):
                u = rng.random()
                if u < 0.3:                    # an own stack: no capture
                    towers[mid] = _random_stack(rng, me)
                elif u < 0.6 and dr.on(n, *land):   # an opponent stack with its landing square taken
                    towers[mid] = _random_stack(rng, opp)
                    towers[land] = _random_stack(rng)
                else:
                    towers.pop(mid, None)
        state["stacks"], state["marked"] = _stacks(towers), list(sq)
        return state

    s = q.edit(edit)
    towers, sq = _towers(s), tuple(s["marked"])
    caps = dr.stack_captures(towers, s["n"], sq)
    q.require(len(caps) == t, "capture count missed the target")
    q.step("captures", stack=list(sq), jumps=[[list(a), list(b)] for a, b in caps])
    me = dr.PIECE_FILL[dr.controller(towers[sq])]
    return q.answer(len(caps), witnesses=[f"stack:{a[0]}:{a[1]}" for a, _ in caps],
                    question=(f"{BOARD_TEXT} A stack captures by jumping diagonally, in any of the four diagonal "
                              f"directions, over a neighbouring stack controlled by the opponent onto the empty "
                              f"square just beyond it. How many different stacks could the {me}-controlled stack "
                              f"marked with an X capture with one jump?"))
