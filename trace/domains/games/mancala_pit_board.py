"""games/mancala_pit_board: a two-row mancala board (no stores) with seeds in each pit, arrows showing the
sowing direction around the board, a source pit and marked pits.

Rules (sowing, as in Oware): take every seed out of the source pit and drop one seed into each following
pit in the arrow direction around the loop of pits (along one row, across the end, back along the other
row); the emptied source pit is skipped if the sowing laps the board.
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene

PITS = {1: (4, 4), 2: (5, 6), 3: (6, 7)}
MAX_SEEDS = {1: 6, 2: 8, 3: 12}
SEED_COLORS = ((0.90, 0.30, 0.45), (0.25, 0.70, 0.50), (0.95, 0.78, 0.25), (0.30, 0.45, 0.85))
BOARD = ((0.45, 0.30, 0.18), (0.20, 0.30, 0.28), (0.32, 0.26, 0.40), (0.40, 0.34, 0.22))
PIT = ((0.93, 0.88, 0.78), (0.90, 0.93, 0.88), (0.92, 0.90, 0.95), (0.95, 0.92, 0.84))
LETTERS = "ABCD"
PW, PH, GAP = 96.0, 76.0, 16.0


def pit_name(k, p):
    """Entity id of loop position ``p`` (clockwise: the top row left to right, then the bottom row right to
    left)."""
    return f"pit:top:{p}" if p < k else f"pit:bottom:{2 * k - 1 - p}"


def sow(seeds, src, step):
    """(seeds after sowing from ``src`` in loop direction ``step`` (+1 clockwise, -1 counter-clockwise), the
    last pit sown)."""
    s = list(seeds)
    n, s[src], pos = s[src], 0, src
    n_pits = len(s)
    while n:
        pos = (pos + step) % n_pits
        if pos == src:
            continue
        s[pos] += 1
        n -= 1
    return s, pos


class MancalaPitBoard(Scene):
    domain, scene_id, size = "games", "mancala_pit_board", (700, 330)
    megapixels = (0.21, 0.33)   # image area (MP); the original's median is 0.269
    description = ("A two-row mancala board: pits drawn as ovals holding countable seeds, arrows around the board "
                   "for the sowing direction, the source pit outlined in red and marked X, and marked pits.")

    def canvas_size(self, state):
        k = state["k"]
        return (int(k * (PW + GAP) - GAP + 150), 330)

    def sample(self, rng, difficulty):
        lo, hi = PITS[difficulty]
        k = int(rng.integers(lo, hi + 1))
        top = MAX_SEEDS[difficulty]
        seeds = [int(rng.integers(0, top + 1)) for _ in range(2 * k)]
        return {"k": k, "seeds": seeds, "step": 1 if rng.random() < 0.5 else -1}

    def claims(self, state, params):
        out = [Claim("source", "colour", "red")]
        if state.get("target") is not None:
            out.append(Claim("target", "colour", "blue"))
        return out

    def _center(self, state, p):
        k = state["k"]
        w, _ = self.canvas_size(state)
        x0 = (w - (k * (PW + GAP) - GAP)) / 2
        col, row = (p, 0) if p < k else (2 * k - 1 - p, 1)
        return x0 + col * (PW + GAP) + PW / 2, 100 + row * 140

    def render(self, c, state, params):
        k = state["k"]
        w, h = self.canvas_size(state)
        acc = c.style.accent
        c.rect(20, 22, w - 40, h - 44, fill=BOARD[acc % len(BOARD)], stroke=(0.1, 0.1, 0.1), lw=2)
        ink = (0.97, 0.95, 0.90)
        # direction arrows: along the rows and down/up the ends
        (lx, ty), (rx, _) = self._center(state, 0), self._center(state, k - 1)
        by = ty + 140
        step = state["step"]
        for col in range(k - 1):
            xa, xb = lx + col * (PW + GAP) + 28, lx + (col + 1) * (PW + GAP) - 28
            ya, yb = ty - PH / 2 - 12, by + PH / 2 + 12
            if step == 1:
                c.arrow(xa, ya, xb, ya, color=ink, lw=2.2)
                c.arrow(xb, yb, xa, yb, color=ink, lw=2.2)
            else:
                c.arrow(xb, ya, xa, ya, color=ink, lw=2.2)
                c.arrow(xa, yb, xb, yb, color=ink, lw=2.2)
        ex_r, ex_l = rx + PW / 2 + 22, lx - PW / 2 - 22
        if step == 1:
            c.arrow(ex_r, ty + 10, ex_r, by - 10, color=ink, lw=2.2)
            c.arrow(ex_l, by - 10, ex_l, ty + 10, color=ink, lw=2.2)
        else:
            c.arrow(ex_r, by - 10, ex_r, ty + 10, color=ink, lw=2.2)
            c.arrow(ex_l, ty + 10, ex_l, by - 10, color=ink, lw=2.2)
        pit = PIT[acc % len(PIT)]
        for p, n in enumerate(state["seeds"]):
            cx, cy = self._center(state, p)
            c.ellipse(cx, cy, PW / 2, PH / 2, fill=pit, stroke=(0.15, 0.12, 0.1), lw=2, id=pit_name(k, p))
            per_row = 4 if n <= 8 else 4
            rows = (n + per_row - 1) // per_row
            for i in range(n):
                r, col = divmod(i, per_row)
                in_row = min(per_row, n - r * per_row)
                sx = cx + (col - (in_row - 1) / 2) * 17
                sy = cy + (r - (rows - 1) / 2) * 16
                c.circle(sx, sy, 6.5, fill=SEED_COLORS[(p + i) % len(SEED_COLORS)], stroke=(0.1, 0.1, 0.1), lw=1)
        src = state["source"] if "source" in state else None
        if src is not None:
            cx, cy = self._center(state, src)
            c.ellipse(cx, cy, PW / 2 + 6, PH / 2 + 6, stroke="red", lw=4.5, id="source")
            c.rect(cx + PW / 2 - 6, cy + PH / 2 - 14, 24, 24, fill="white", stroke="red", lw=2)
            c.text(cx + PW / 2 + 6, cy + PH / 2 - 2, "X", size=16, bold=True, color="black")
        tgt = state.get("target")
        if tgt is not None:
            cx, cy = self._center(state, tgt)
            c.ellipse(cx, cy, PW / 2 + 6, PH / 2 + 6, stroke="blue", lw=4.5, id="target")
            c.rect(cx + PW / 2 - 6, cy + PH / 2 - 14, 24, 24, fill="white", stroke="blue", lw=2)
            c.text(cx + PW / 2 + 6, cy + PH / 2 - 2, "T", size=16, bold=True, color="black")
        for p, lab in zip(state.get("options") or [], LETTERS):
            cx, cy = self._center(state, p)
            c.circle(cx - PW / 2 + 4, cy - PH / 2 + 2, 13, fill=(1.0, 0.9, 0.45), stroke=(0.1, 0.1, 0.1), lw=1.3)
            c.text(cx - PW / 2 + 4, cy - PH / 2 + 2.5, lab, size=15, bold=True, color="black", kind="option")


SCENE = MancalaPitBoard()
task = SCENE.task

RULES = ("Sowing: take all the seeds out of the pit outlined in red and marked X, then drop them one at a time into "
         "the following pits, one seed per pit, going around the board in the direction of the arrows (the "
         "emptied pit is skipped if the sowing comes all the way around).")


def _source(q, state, rng, lo=1):
    """Pick a source pit with at least ``lo`` seeds (planting seeds there if needed)."""
    n = len(state["seeds"])
    src = int(rng.integers(n))
    if state["seeds"][src] < lo:
        state["seeds"][src] = int(rng.integers(lo, max(lo, MAX_SEEDS[q.difficulty]) + 1))
    state["source"] = src
    return src


POST_SUPPORT = {1: range(0, 8), 2: range(0, 10), 3: range(1, 14)}


@task("post_sow_pit_count_value", answer="integer", annotation="bbox_map", ops="counting,state_update")
def post_sow_pit_count_value(q):
    t = q.target(POST_SUPPORT[q.difficulty], stratified=True)

    def edit(state, rng):
        src = _source(q, state, rng)
        after, _ = sow(state["seeds"], src, state["step"])
        gained = [after[p] - state["seeds"][p] for p in range(len(after))]
        cands = [p for p in range(len(after)) if p != src and 0 <= t - gained[p] <= MAX_SEEDS[q.difficulty]
                 and (gained[p] > 0 or rng.random() < 0.2)]
        q.require(bool(cands), "no pit can reach the target")
        p = cands[int(rng.integers(len(cands)))]
        state["seeds"][p] = t - gained[p]
        state["target"] = p
        return state

    s = q.edit(edit)
    after, last = sow(s["seeds"], s["source"], s["step"])
    k = s["k"]
    q.step("sow", source=s["source"], after=after, last=last)
    return q.answer(after[s["target"]], witnesses={"source_pit": pit_name(k, s["source"]),
                                                   "target_pit": pit_name(k, s["target"])},
                    question=(f"This is a two-row mancala board with seeds in its pits. {RULES} After this one "
                              f"sowing, how many seeds are in the pit outlined in blue and marked T?"))


def _options(q, state, rng, answer, pool):
    letter = LETTERS.index(q.target(list(LETTERS), stratified=True))
    pool = [p for p in pool if p != answer]
    q.require(len(pool) >= 3, "too few decoys")
    dec = [pool[int(i)] for i in rng.permutation(len(pool))[:3]]
    dec.insert(letter, answer)
    state["options"] = dec
    return state


@task("sowing_landing_option_label", answer="option_letter", annotation="bbox", ops="ranking,state_update")
def sowing_landing_option_label(q):
    def edit(state, rng):
        src = _source(q, state, rng, lo=2)
        _, last = sow(state["seeds"], src, state["step"])
        n = len(state["seeds"])
        near = [(last + d) % n for d in (-2, -1, 1, 2, 3)]
        pool = sorted({p for p in near if p != src} | ({(src - state["step"]) % n} if rng.random() < 0.5 else set()))
        return _options(q, state, rng, last, pool)

    s = q.edit(edit)
    q.offer(4, "image")
    _, last = sow(s["seeds"], s["source"], s["step"])
    ans = LETTERS[s["options"].index(last)]
    q.step("sow", source=s["source"], last=last)
    return q.answer(ans, witnesses=pit_name(s["k"], last),
                    question=(f"This is a two-row mancala board with seeds in its pits. {RULES} Four pits carry the "
                              f"letters A-D. Which lettered pit receives the last seed of this sowing?"))


@task("max_post_sow_option_label", answer="option_letter", annotation="bbox", ops="ranking,state_update")
def max_post_sow_option_label(q):
    def edit(state, rng):
        src = _source(q, state, rng, lo=2)
        after, _ = sow(state["seeds"], src, state["step"])
        n = len(after)
        others = [p for p in range(n) if p != src]
        for _ in range(30):
            pick = [others[int(i)] for i in rng.permutation(len(others))[:4]]
            vals = [after[p] for p in pick]
            best = max(vals)
            if vals.count(best) == 1 and sorted(vals)[-2] >= best - 2 and any(
                    after[p] > state["seeds"][p] for p in pick):
                ans = pick[vals.index(best)]
                return _options(q, state, rng, ans, [p for p in pick if p != ans])
        q.reject("no option set with a unique, close maximum")

    s = q.edit(edit)
    q.offer(4, "image")
    after, _ = sow(s["seeds"], s["source"], s["step"])
    vals = [after[p] for p in s["options"]]
    q.require(vals.count(max(vals)) == 1, "tie for the most seeds")
    ans = s["options"][vals.index(max(vals))]
    q.step("sow", source=s["source"], option_counts=dict(zip(LETTERS, vals)))
    return q.answer(LETTERS[s["options"].index(ans)], witnesses=pit_name(s["k"], ans),
                    question=(f"This is a two-row mancala board with seeds in its pits. {RULES} Four pits carry the "
                              f"letters A-D. After this one sowing, which lettered pit holds the most seeds?"))
