"""games/bowling: a bowling lane seen from above, with lettered standing pins on the pin deck,
the ball behind the foul line and dashed aiming paths leaving it.

A path is the ball's straight line of travel; extended, it crosses a pin when the line passes
through the pin's round body (distance from the pin's centre below its radius).  Pins are placed
clearly on or off each line (a few pixels of margin) and never overlap, so which pins a path
crosses, and in what order, reads unambiguously.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene, retrying
from tracegen.kits.boards import badge

SIZE = (1000, 700)
LANE = (300, 700)              # lane x range (gutters outside)
DECK = (80, 330)               # pin-deck y range for pin centres
BALL_Y, BALL_R, PIN_R = 610, 30, 22
HIT_IN, MISS_OUT = PIN_R - 5, PIN_R + 8
LETTERS = "ABCDEFGHIJ"
WOOD = (0.86, 0.68, 0.44)
GUTTER = (0.35, 0.27, 0.2)
DASH = [14, 9]


def direction(angle: float):
    """Unit vector of a path ``angle`` degrees right of straight up the lane."""
    t = math.radians(angle)
    return math.sin(t), -math.cos(t)


def along(ball_x: float, angle: float, pin):
    """(distance along the path, signed distance off it) of a pin's centre."""
    ux, uy = direction(angle)
    dx, dy = pin[0] - ball_x, pin[1] - BALL_Y
    return dx * ux + dy * uy, dx * uy - dy * ux


def crossed(ball_x: float, angle: float, pins) -> list[int]:
    """Pins whose bodies the extended path crosses, nearest first (by where the line enters them)."""
    out = []
    for i, p in enumerate(pins):
        s, d = along(ball_x, angle, p)
        if s > 0 and abs(d) < PIN_R:
            out.append((s - math.sqrt(PIN_R ** 2 - d ** 2), i))
    return [i for _, i in sorted(out)]


def clear(ball_x: float, angle: float, pins) -> bool:
    """Every pin is clearly on or clearly off the line."""
    for p in pins:
        s, d = along(ball_x, angle, p)
        if s > 0 and HIT_IN < abs(d) < MISS_OUT:
            return False
    return True


def apart(pins, p, gap=2 * PIN_R + 8) -> bool:
    return all(math.hypot(p[0] - q[0], p[1] - q[1]) >= gap for q in pins)


def in_deck(p) -> bool:
    return LANE[0] + PIN_R + 8 <= p[0] <= LANE[1] - PIN_R - 8 and DECK[0] <= p[1] <= DECK[1]


class Bowling(Scene):
    domain, scene_id, size = "games", "bowling", SIZE
    megapixels = (0.3, 0.34)   # scale 1: the image is the layout's size (0.74 MP in the original)
    description = "A bowling lane from above: lettered standing pins, the ball and dashed aiming paths."

    def sample(self, rng, difficulty):
        return {"ball_x": 500.0, "pins": [], "labels": [], "paths": [], "path_labels": []}

    def render(self, c, state, params):
        w, h = self.size
        c.rect(14, 14, w - 28, h - 28, fill="panel", stroke="muted", lw=2)
        x0, x1 = LANE
        c.rect(x0 - 34, 30, 34, h - 60, fill=GUTTER)
        c.rect(x1, 30, 34, h - 60, fill=GUTTER)
        c.rect(x0, 30, x1 - x0, h - 60, fill=WOOD, stroke=(0.45, 0.32, 0.2), lw=2)
        for k in range(1, 10):
            x = x0 + k * (x1 - x0) / 10
            c.line(x, 32, x, h - 32, color=(0.72, 0.55, 0.34), lw=1)
        c.line(x0, BALL_Y - 44, x1, BALL_Y - 44, color=(0.55, 0.12, 0.12), lw=3)
        for k in range(3, 8):   # approach arrows, as on a real lane
            x = x0 + k * (x1 - x0) / 10
            c.polygon([(x, BALL_Y - 120), (x - 7, BALL_Y - 100), (x + 7, BALL_Y - 100)], fill=(0.55, 0.36, 0.2))
        bx = state["ball_x"]
        for i, ang in enumerate(state["paths"]):
            ux, uy = direction(ang)
            length = (state.get("path_lens") or [state.get("path_len", 150)] * len(state["paths"]))[i]
            sx, sy = bx + ux * (BALL_R + 6), BALL_Y + uy * (BALL_R + 6)
            ex, ey = bx + ux * length, BALL_Y + uy * length
            c.line(sx, sy, ex, ey, color=(0.10, 0.22, 0.50), lw=3.5, dash=DASH, id=f"path:{i}")
            labels = state.get("path_labels") or []
            if labels:
                badge(c, bx + ux * (length + 18), BALL_Y + uy * (length + 18), labels[i], size=15, anchor="c")
        c.circle(bx, BALL_Y, BALL_R, fill=(0.12, 0.16, 0.30), stroke=(0.9, 0.9, 0.95), lw=2)
        for dx, dy in ((-6, -7), (5, -8), (0, 3)):
            c.circle(bx + dx, BALL_Y + dy, 3.2, fill=(0.02, 0.02, 0.04))
        for i, (p, lab) in enumerate(zip(state["pins"], state["labels"])):
            c.circle(p[0] + 2, p[1] + 3, PIN_R, fill=(0.45, 0.35, 0.25))
            c.circle(p[0], p[1], PIN_R, fill=(0.99, 0.99, 0.97), stroke=(0.2, 0.2, 0.2), lw=1.5)
            c.circle(p[0], p[1], PIN_R * 0.72, stroke=(0.75, 0.12, 0.12), lw=2.5)
            c.register(f"pin:{i}", box=(p[0] - PIN_R, p[1] - PIN_R, p[0] + PIN_R, p[1] + PIN_R), point=tuple(p))
            c.text(p[0], p[1], lab, size=15, bold=True, color=(0.1, 0.1, 0.12))


SCENE = Bowling()
task = SCENE.task

INTRO = ("The image shows a bowling lane from above: standing pins (round, lettered), the ball behind the foul "
         "line, and dashed aiming paths.")


def _aim(rng, max_angle=28.0):
    bx = float(rng.uniform(LANE[0] + 70, LANE[1] - 70))
    for _ in range(50):
        ang = float(rng.uniform(-max_angle, max_angle))
        # the path must run through the pin deck inside the lane
        s_top = (BALL_Y - DECK[0]) / math.cos(math.radians(ang))
        x_top = bx + math.sin(math.radians(ang)) * s_top
        if LANE[0] + 40 <= x_top <= LANE[1] - 40:
            return round(bx, 1), round(ang, 2)
    return None


def _pins_on(rng, bx, ang, k, pins):
    """Add ``k`` pins the path crosses (clearly), spaced along it inside the deck."""
    ux, uy = direction(ang)
    for _ in range(k):
        for _ in range(60):
            s = float(rng.uniform(BALL_Y - DECK[1], (BALL_Y - DECK[0]) / abs(uy)))
            d = float(rng.uniform(-HIT_IN + 2, HIT_IN - 2))
            p = [round(bx + ux * s + uy * d, 1), round(BALL_Y + uy * s - ux * d, 1)]
            if in_deck(p) and apart(pins, p):
                pins.append(p)
                break
        else:
            return None
    return pins


def _pins_off(rng, lines, k, pins):
    """Add ``k`` pins that every path in ``lines`` clearly misses."""
    for _ in range(k):
        for _ in range(80):
            p = [round(float(rng.uniform(LANE[0] + 32, LANE[1] - 32)), 1), round(float(rng.uniform(*DECK)), 1)]
            if apart(pins, p) and all(abs(along(bx, a, p)[1]) >= MISS_OUT + 2 for bx, a in lines):
                pins.append(p)
                break
        else:
            return None
    return pins


def _shuffle(rng, pins):
    order = rng.permutation(len(pins))
    return [pins[int(i)] for i in order]


N_PINS = {1: (3, 4), 2: (5, 7), 3: (8, 10)}


@task("path_hit_count", answer="integer", annotation="bbox_set", ops="filtering,counting,spatial_relations,topology")
def path_hit_count(q):
    t = q.target(range(1, 6) if q.difficulty > 1 else range(1, 4), stratified=True)
    lo, hi = N_PINS[q.difficulty]

    def build(st, rng):
        aim = _aim(rng)
        if aim is None:
            return None
        bx, ang = aim
        n = int(rng.integers(max(lo, t), max(hi, t) + 1))
        pins = _pins_on(rng, bx, ang, t, [])
        pins = pins and _pins_off(rng, [aim], n - t, pins)
        if not pins:
            return None
        pins = _shuffle(rng, pins)
        labels = [LETTERS[int(i)] for i in sorted(rng.choice(10, size=n, replace=False))]
        st.update(ball_x=bx, paths=[ang], pins=pins, labels=labels, path_len=150)
        return st

    s = q.edit(retrying(build))
    q.require(len(s["paths"]) == 1 and clear(s["ball_x"], s["paths"][0], s["pins"]), "path not built")
    hits = crossed(s["ball_x"], s["paths"][0], s["pins"])
    q.require(len(hits) == t, "count off target")
    q.claim("path:0", line="dashed")
    return q.answer(len(hits), witnesses=[f"pin:{i}" for i in hits], examples=[1, 2, 4],
                    question=(f"{INTRO} Extend the short dashed path from the ball straight on toward the pins. "
                              "How many standing pins does the extended line pass through (crossing the pin's round "
                              "body)? Ignore any pins knocked on by other pins."))


@task("first_pin_hit_label", answer="string", annotation="point", ops="ranking,spatial_relations,topology")
def first_pin_hit_label(q):
    letter = q.target(list(LETTERS), stratified=True)
    lo, hi = N_PINS[q.difficulty]

    def build(st, rng):
        aim = _aim(rng)
        if aim is None:
            return None
        bx, ang = aim
        n = int(rng.integers(lo, hi + 1))
        k = int(rng.integers(1, min(3, n) + 1))
        pins = _pins_on(rng, bx, ang, k, [])
        pins = pins and _pins_off(rng, [aim], n - k, pins)
        if not pins:
            return None
        pins = _shuffle(rng, pins)
        first = crossed(bx, ang, pins)[0]
        others = [x for x in LETTERS if x != letter]
        labels = [others[int(i)] for i in rng.choice(9, size=n - 1, replace=False)]
        labels.insert(first, letter)
        st.update(ball_x=bx, paths=[ang], pins=pins, labels=labels, path_len=150)
        return st

    s = q.edit(retrying(build))
    q.require(len(s["paths"]) == 1 and clear(s["ball_x"], s["paths"][0], s["pins"]), "path not built")
    hits = crossed(s["ball_x"], s["paths"][0], s["pins"])
    q.require(bool(hits), "the path crosses no pin")
    q.claim("path:0", line="dashed")
    return q.answer(s["labels"][hits[0]], witnesses=f"pin:{hits[0]}",
                    examples=[x for x in s["labels"] if x != s["labels"][hits[0]]][:3],
                    question=(f"{INTRO} The dashed path shows the ball's straight line of travel. Extend it toward "
                              "the pins: which pin's round body does the line reach first? Answer with the pin's "
                              "letter."))


SPARE = {1: (4, (1, 2)), 2: (6, (1, 3)), 3: (6, (3, 4))}


@task("spare_path_label", answer="string", annotation="segment", ops="spatial_relations,topology,state_update")
def spare_path_label(q):
    k, (lo, hi) = SPARE[q.difficulty]
    label = q.target([str(i + 1) for i in range(k)], stratified=True)
    idx = int(label) - 1

    def build(st, rng):
        aim = _aim(rng, max_angle=24.0)
        if aim is None:
            return None
        bx, ang = aim
        m = int(rng.integers(lo, hi + 1))
        pins = _pins_on(rng, bx, ang, m, [])
        if not pins:
            return None
        left, right = [], []
        for _ in range(300):
            if len(left) == idx and len(right) == k - 1 - idx:
                break
            a = round(float(rng.uniform(-34, 34)), 2)
            side = left if a < ang else right
            if len(side) >= (idx if side is left else k - 1 - idx):
                continue
            if all(abs(a - b) >= 7 for b in [ang] + left + right) and clear(bx, a, pins) and \
                    len(crossed(bx, a, pins)) < len(pins):
                side.append(a)
        if len(left) != idx or len(right) != k - 1 - idx:
            return None
        angles = sorted(left + [ang] + right)
        labels = [str(i + 1) for i in range(k)]
        lens = [110 + 55 * (i % 2) for i in range(k)]
        names = [LETTERS[int(i)] for i in sorted(rng.choice(10, size=m, replace=False))]
        st.update(ball_x=bx, paths=angles, path_labels=labels, path_lens=lens, pins=_shuffle(rng, pins),
                  labels=names)
        return st

    s = q.edit(retrying(build))
    q.require(len(s["paths"]) == k, "paths not built")
    good = [i for i, a in enumerate(s["paths"]) if clear(s["ball_x"], a, s["pins"])
            and len(crossed(s["ball_x"], a, s["pins"])) == len(s["pins"])]
    q.require(len(good) == 1, "not exactly one spare path")
    for i in range(k):
        q.claim(f"path:{i}", line="dashed")
    i = good[0]
    return q.answer(s["path_labels"][i], witnesses=f"path:{i}",
                    examples=[x for x in s["path_labels"] if x != s["path_labels"][i]][:3],
                    question=(f"{INTRO} Each numbered dashed path leaves the ball in a straight line. Extend each one "
                              "toward the pins. Exactly one extended path passes through the round body of every "
                              "standing pin, picking up the spare. Which path number is it?"))
