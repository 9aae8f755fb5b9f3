"""games/space_shooter: a pixel-art space-shooter playfield frozen mid-frame.

Vertical lanes are marked by the pads along the bottom.  Enemy ships sit in rows at the top, shots
fly in slots below them: blue player bolts rise, red enemy bolts fall; everything stays in its own
lane.  A lane carries bolts of one side only (or none).  Blue bolts all fly at one speed, so in a
lane they destroy the ships from the lowest up, one ship per bolt; the bolt nearest below a ship
reaches it first.  The original's boards: 4-8 lanes, 3 ship rows, 3-10 ships.
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits import arcade
from tracegen.kits.boards import LETTERS

# lanes (lo, hi), ship rows, bolt slots per difficulty; the original plays 4-8 lanes and 3 rows
LEVELS = {1: ((3, 5), 2, 2), 2: ((4, 8), 3, 3), 3: ((7, 10), 4, 4)}
SHIP_SUPPORT = {1: range(2, 7), 2: range(3, 11), 3: range(6, 16)}
HIT_SUPPORT = {1: range(0, 4), 2: range(0, 6), 3: range(1, 8)}
SAFE_SUPPORT = {1: range(1, 4), 2: range(1, 6), 3: range(2, 8)}
CANDIDATES = {1: 3, 2: 4, 3: 4}
W, H = 760, 588
TOP, FIELD = 30, 410   # arena top; the height the ship rows and bolt slots share
TRIES = 400


def layout(state):
    """Lane centres, ship-row and bolt-slot centre heights, player height, pad box (logical units)."""
    n, rows, slots = state["lanes"], state["rows"], state["slots"]
    x0, x1 = 28.0, W - 28.0
    lane_w = (x1 - x0) / n
    xs = [x0 + lane_w * (i + 0.5) for i in range(n)]
    pitch = pitch_of(state)
    ry = [TOP + 40 + pitch * r for r in range(rows)]
    sy = [TOP + 40 + pitch * (rows + k) for k in range(slots)]
    py = TOP + 40 + FIELD + 12
    pad = (py + 36, 30.0)
    return lane_w, xs, ry, sy, py, pad


def pitch_of(state):
    """One vertical pitch for ship rows and bolt slots alike, so bolt-to-ship gaps are whole pitches."""
    return min(64.0, FIELD / (state["rows"] + state["slots"]))


def gap(state, lane):
    """Pitches from the lowest ship of ``lane`` down to the nearest blue bolt below it."""
    return state["rows"] + lane_shots(state, lane, "blue")[0] - lane_ships(state, lane)[0]


def lane_ships(state, lane):
    return sorted((r for ln, r in state["ships"] if ln == lane), reverse=True)   # lowest first


def lane_shots(state, lane, side):
    return sorted(k for ln, k, sd in state["shots"] if ln == lane and sd == side)   # highest first


def hit_ships(state):
    """(lane, row) of every ship the current blue bolts destroy: per lane, the lowest min(bolts, ships)."""
    out = []
    for lane in range(state["lanes"]):
        ships, bolts = lane_ships(state, lane), lane_shots(state, lane, "blue")
        out += [(lane, r) for r in ships[:len(bolts)]]
    return out


def fill_shots(state, rng, sides=None):
    """Bolts for every lane: a side per lane (blue, red or none, or the given ``sides``) and 1..slots
    bolts of that side in distinct slots."""
    n, slots = state["lanes"], state["slots"]
    shots = []
    for lane in range(n):
        side = sides[lane] if sides is not None else ("none", "blue", "red")[int(rng.choice(3, p=[0.3, 0.4, 0.3]))]
        if side == "none":
            continue
        k = int(rng.integers(1, slots + 1))
        for s in sorted(int(v) for v in rng.choice(slots, size=k, replace=False)):
            shots.append([lane, s, side])
    state["shots"] = shots
    return state


def fill_ships(state, rng, count=None):
    n, rows = state["lanes"], state["rows"]
    if count is None:
        count = int(rng.integers(max(2, n * rows // 4), n * rows * 2 // 3 + 1))
    cells = [[ln, r] for ln in range(n) for r in range(rows)]
    pick = sorted(int(i) for i in rng.choice(len(cells), size=min(count, len(cells)), replace=False))
    state["ships"] = [cells[i] for i in pick]
    return state


class SpaceShooter(Scene):
    domain, scene_id, size = "games", "space_shooter", (W, H)
    megapixels = (0.78, 0.95)   # the original's frames are 1060 x 820 (0.87 MP)
    description = ("A pixel-art space-shooter playfield: enemy ships in rows at the top, red enemy bolts falling "
                   "and blue player bolts rising in vertical lanes, the player's fighter and a row of lane pads.")

    def sample(self, rng, difficulty):
        (lo, hi), rows, slots = LEVELS[difficulty]
        n = int(rng.integers(lo, hi + 1))
        st = {"lanes": n, "rows": rows, "slots": slots, "player": int(rng.integers(n)), "labels": []}
        fill_ships(st, rng)
        fill_shots(st, rng)
        return st

    def claims(self, state, params):
        out = [Claim(None, "colour", "red"), Claim(None, "colour", "blue")]
        for i, (_, _, side) in enumerate(state["shots"]):
            out.append(Claim(f"shot:{i}", "colour", side))
        return out

    def render(self, c, state, params):
        lane_w, xs, ry, sy, py, (pad_y, pad_h) = layout(state)
        arcade.playfield(c, 16, TOP - 12, W - 32, H - TOP - 2, seed=state["lanes"] * 7 + state["rows"])
        pitch = pitch_of(state)
        px = min(lane_w * 0.62 / 11, pitch * 0.62 / 8, 5.2)
        for lane, row in state["ships"]:
            arcade.draw_sprite(c, "invader", xs[lane], ry[row], px, id=f"ship:{lane}:{row}")
        bolt_px = min(px * 0.8, pitch * 0.6 / 8)
        for i, (lane, slot, side) in enumerate(state["shots"]):
            arcade.draw_sprite(c, "bolt_up" if side == "blue" else "bolt_down", xs[lane], sy[slot], bolt_px,
                               id=f"shot:{i}")
        arcade.draw_sprite(c, "fighter", xs[state["player"]], py, min(px * 1.05, 5.0), id="player")
        for lane in range(state["lanes"]):
            arcade.lane_pad(c, xs[lane] - lane_w / 2 + 4, pad_y, lane_w - 8, pad_h, id=f"pad:{lane}")
        for lane, row, lab in state["labels"]:
            arcade.tag(c, xs[lane] + 11 * px / 2 + 2, ry[row] - 8 * px / 2, lab, size=14.0)


SCENE = SpaceShooter()
task = SCENE.task

INTRO = ("The picture shows a retro space-shooter playfield: enemy ships at the top, red enemy shots moving down, "
         "blue player shots moving up, the player's ship, and a row of lane pads along the bottom.")
LANES = ("The bottom lane pads mark the vertical lanes; ships and shots never leave their lane.")


def _ship_id(s):
    return f"ship:{s[0]}:{s[1]}"


def _until(state, rng, build, ok):
    for _ in range(TRIES):
        st = build(state, rng)
        if ok(st):
            return st
    return state


@task("enemy_ship_count", answer="integer", annotation="bbox_set", ops="counting")
def enemy_ship_count(q):
    t = q.target(SHIP_SUPPORT[q.difficulty], stratified=True)
    s = q.edit(lambda st, rng: fill_ships(st, rng, t))
    q.require(len(s["ships"]) == t, "ship count off target")
    return q.answer(len(s["ships"]), witnesses=[_ship_id(x) for x in s["ships"]],
                    question=f"{INTRO} How many enemy ships are visible?")


@task("enemy_ship_hit_count", answer="integer", annotation="bbox_set", ops="counting,ranking,aggregation")
def enemy_ship_hit_count(q):
    t = q.target(HIT_SUPPORT[q.difficulty], stratified=True)
    s = q.edit(lambda st, rng: _until(st, rng, lambda a, r: fill_shots(fill_ships(a, r), r),
                                      lambda a: len(hit_ships(a)) == t))
    hits = hit_ships(s)
    q.require(len(hits) == t, "hit count off target")
    q.step("lower_first_hits", ships=[list(h) for h in hits])
    return q.answer(len(hits), witnesses=[_ship_id(h) for h in hits],
                    question=(f"{INTRO} {LANES} Each blue shot destroys at most one enemy ship, and the ships in a "
                              "lane are destroyed from the lowest one up. How many enemy ships will the blue shots "
                              "now on screen destroy?"))


def _first_hit_build(k):
    def build(st, rng):
        fill_ships(st, rng)
        n = st["lanes"]
        if n < k:
            return st
        cand = sorted(int(v) for v in rng.choice(n, size=k, replace=False))
        sides = [("none", "blue", "red")[int(rng.choice(3, p=[0.35, 0.3, 0.35]))] for _ in range(n)]
        for lane in cand:
            sides[lane] = "blue"
            if not lane_ships(st, lane):
                st["ships"].append([lane, int(rng.integers(st["rows"]))])
        st["ships"].sort()
        fill_shots(st, rng, sides)
        st["cand"] = cand
        return st
    return build


@task("first_hit_enemy_ship_label", answer="option_letter", annotation="bbox",
      ops="ranking,spatial_relations,state_update")
def first_hit_enemy_ship_label(q):
    k = CANDIDATES[q.difficulty]
    letter = q.target(LETTERS[:k], stratified=True)

    def ok(st):
        if len(st.get("cand", [])) != k:
            return False
        d = sorted(gap(st, ln) for ln in st["cand"])
        return d[0] < d[1]

    def plant(st, rng):
        st = _until(st, rng, _first_hit_build(k), ok)
        if not ok(st):
            return st
        cand = st.pop("cand")
        dist = {ln: gap(st, ln) for ln in cand}
        best = min(cand, key=dist.get)
        others = [ln for ln in cand if ln != best]
        rest = [x for x in LETTERS[:k] if x != letter]
        order = [int(v) for v in rng.permutation(len(rest))]
        labels = [[best, lane_ships(st, best)[0], letter]]
        labels += [[ln, lane_ships(st, ln)[0], rest[order[i]]] for i, ln in enumerate(others)]
        st["labels"] = sorted(labels)
        return st

    s = q.edit(plant)
    q.require(len(s["labels"]) == k, "no board with a clear first hit")
    q.require(all(row == lane_ships(s, ln)[0] for ln, row, _ in s["labels"]), "a tag is not on a lane's lowest ship")
    dist = {lab: gap(s, ln) for ln, _, lab in s["labels"]}
    ans = min(dist, key=dist.get)
    q.require(sorted(dist.values())[1] > dist[ans], "two ships hit at once")
    (ln, row) = next((a, b) for a, b, lab in s["labels"] if lab == ans)
    q.offer(k, "image")
    q.step("bolt_gaps", gaps=dist)
    return q.answer(ans, witnesses=_ship_id((ln, row)),
                    question=(f"{INTRO} {LANES} All shots move at the same speed, and a blue shot hits the nearest "
                              "enemy ship above it in its lane. Of the enemy ships tagged with letters, which one "
                              "is hit first?"),
                    examples=[x for x in LETTERS[:k] if x != ans])


@task("hit_enemy_ship_label", answer="option_letter", annotation="bbox", ops="ranking,spatial_relations,state_update")
def hit_enemy_ship_label(q):
    k = CANDIDATES[q.difficulty]
    letter = q.target(LETTERS[:k], stratified=True)

    def split(st):
        hits = hit_ships(st)
        miss = [tuple(x) for x in st["ships"] if tuple(x) not in hits]
        return hits, miss

    def plant(st, rng):
        st = _until(st, rng, lambda a, r: fill_shots(fill_ships(a, r), r),
                    lambda a: len(split(a)[0]) >= 1 and len(split(a)[1]) >= k - 1)
        hits, miss = split(st)
        if not hits or len(miss) < k - 1:
            return st
        # prefer decoys in lanes that have blue bolts (ships above the spent bolts)
        hot = [m for m in miss if lane_shots(st, m[0], "blue")]
        cold = [m for m in miss if not lane_shots(st, m[0], "blue")]
        pool = [hot[int(i)] for i in rng.permutation(len(hot))] + [cold[int(i)] for i in rng.permutation(len(cold))]
        n_hot = min(len(hot), int(rng.integers(1, k)))
        decoys = pool[:n_hot] + [cold[int(i)] for i in rng.permutation(len(cold))][:k - 1 - n_hot]
        if len(decoys) < k - 1:
            decoys = pool[:k - 1]
        target = hits[int(rng.integers(len(hits)))]
        rest = [x for x in LETTERS[:k] if x != letter]
        order = [int(v) for v in rng.permutation(len(rest))]
        st["labels"] = sorted([[*target, letter]] + [[*d, rest[order[i]]] for i, d in enumerate(decoys)])
        return st

    s = q.edit(plant)
    q.require(len(s["labels"]) == k, "no board with one hit among the tags")
    hits = set(hit_ships(s))
    tagged = [(ln, row, lab) for ln, row, lab in s["labels"] if (ln, row) in hits]
    q.require(len(tagged) == 1, "not exactly one tagged ship is hit")
    ln, row, ans = tagged[0]
    q.offer(k, "image")
    return q.answer(ans, witnesses=_ship_id((ln, row)),
                    question=(f"{INTRO} {LANES} Each blue shot destroys one enemy ship above it in its lane, the "
                              "lowest ships first. Exactly one of the enemy ships tagged with letters will be "
                              "destroyed by the blue shots now on screen: which one?"),
                    examples=[x for x in LETTERS[:k] if x != ans])


@task("safe_lane_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def safe_lane_count(q):
    t = q.target(SAFE_SUPPORT[q.difficulty], stratified=True)
    n = q.state["lanes"]
    q.require(t <= n, "more safe lanes wanted than lanes")

    def plant(st, rng):
        red = {int(v) for v in rng.choice(n, size=n - t, replace=False)}
        sides = ["red" if ln in red else ("none", "blue")[int(rng.integers(2))] for ln in range(n)]
        return fill_shots(st, rng, sides)

    s = q.edit(plant)
    safe = [ln for ln in range(n) if not lane_shots(s, ln, "red")]
    q.require(len(safe) == t, "safe lanes off target")
    return q.answer(len(safe), witnesses=[f"pad:{ln}" for ln in safe],
                    question=(f"{INTRO} {LANES} Blue player shots do not make a lane unsafe. How many lane pads "
                              "have no red enemy shot anywhere in their lane?"))
