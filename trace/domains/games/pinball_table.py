"""games/pinball_table: a pinball playfield from above with bumpers, targets, slingshots and flippers.

Round bumpers and oblong drop targets stand on the playfield; the ball sits above the flippers with an
arrow showing its launch direction.  The ball moves in a straight line (its centre meets an object
grown by the ball's radius); states are kept only when the first object reached does not change when
the margins grow or shrink by a few units, and when the straight path crosses no slingshot or wall
before it.  Objects show a letter (to be named), a score number, or nothing (not scoreable).
The original's tables: about 8 objects.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS
from tracegen.kits.raytrace import inflate, trace

W, H = 680, 560
TABLE = [(150.0, 40.0), (530.0, 40.0), (590.0, 530.0), (90.0, 530.0)]   # a slightly tapered playfield
INNER = (170.0, 70.0, 510.0, 380.0)      # where objects stand
BALL_R, MARGIN = 10.0, 3.5
LEVELS = {1: (5, (3, 4)), 2: (8, (6, 8)), 3: (11, (9, 11))}   # objects, labelled objects for the hit task
SCORE_SUPPORT = {1: range(1, 4), 2: range(1, 7), 3: range(2, 9)}
SLINGS = [[(180.0, 395.0), (232.0, 470.0), (180.0, 455.0)], [(500.0, 395.0), (448.0, 470.0), (500.0, 455.0)]]
COLOURS = ((0.85, 0.55, 0.30), (0.55, 0.45, 0.70), (0.35, 0.60, 0.80), (0.80, 0.35, 0.25), (0.40, 0.60, 0.50),
           (0.30, 0.45, 0.70))
SCORES = (10, 20, 30, 50, 100)
TRIES = 300


def layout(rng, n):
    x0, y0, x1, y1 = INNER
    objs = []
    for _ in range(500):
        if len(objs) == n:
            break
        kind = "bumper" if rng.random() < 0.55 else "target"
        o = {"kind": kind, "x": float(rng.uniform(x0 + 30, x1 - 30)), "y": float(rng.uniform(y0 + 20, y1 - 20)),
             "colour": int(rng.integers(len(COLOURS))), "text": ""}
        if all(math.hypot(o["x"] - p["x"], o["y"] - p["y"]) > 78 for p in objs):
            objs.append(o)
    return objs


def shape_of(o):
    """("circle", (cx, cy, r)) or ("box", (x0, y0, x1, y1))."""
    if o["kind"] == "bumper":
        return "circle", (o["x"], o["y"], 22.0)
    return "box", (o["x"] - 32.0, o["y"] - 14.0, o["x"] + 32.0, o["y"] + 14.0)


def _cross(a, b, c, d):
    def orient(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (orient(a, b, c) * orient(a, b, d) < 0) and (orient(c, d, a) * orient(c, d, b) < 0)


def first_hit(state, grow=0.0):
    objs = state["objects"]
    boxes = [(i, inflate(shape_of(o)[1], BALL_R + grow)) for i, o in enumerate(objs) if shape_of(o)[0] == "box"]
    circles = [(i, (o["x"], o["y"], 22.0 + BALL_R + grow)) for i, o in enumerate(objs) if shape_of(o)[0] == "circle"]
    f = trace(state["ball"], state["dir"], (0.0, 0.0, W, H), reflect=(), obstacles=[b for _, b in boxes],
              circles=[c for _, c in circles], max_bounces=0)
    if f["hit"] is None:
        return None
    order = [i for i, _ in boxes] + [i for i, _ in circles]
    return order[f["hit"]], f["end"]


def clean_hit(state):
    """The object the ball reaches first, or None (nothing, a margin changes it, or a slingshot/wall is crossed
    on the way)."""
    a, b = first_hit(state, -MARGIN), first_hit(state, MARGIN)
    if a is None or b is None or a[0] != b[0]:
        return None
    end = a[1]
    walls = list(zip(TABLE, TABLE[1:] + TABLE[:1]))
    edges = walls + [(s[i], s[(i + 1) % 3]) for s in SLINGS for i in range(3)]
    if any(_cross(state["ball"], end, p, q) for p, q in edges):
        return None
    return a[0]


class PinballTable(Scene):
    domain, scene_id, size = "games", "pinball_table", (W, H)
    megapixels = (0.58, 0.85)   # the original's frames are 900 x 760 (0.68 MP)
    description = ("A pinball playfield from above: round bumpers and oblong targets (lettered, numbered with score "
                   "values, or blank), slingshots, flippers, and the ball with its launch arrow.")

    def sample(self, rng, difficulty):
        n, _ = LEVELS[difficulty]
        st = {"objects": layout(rng, n), "ball": [float(rng.uniform(300, 380)), 478.0], "dir": [0.0, -1.0]}
        return st

    def render(self, c, state, params):
        c.rect(10, 10, W - 20, H - 20, fill=(0.06, 0.10, 0.10), stroke="muted", lw=1.5)
        c.polygon([(x - 18 * (1 if x < W / 2 else -1), y - 14 if y < 100 else y + 14) for x, y in TABLE],
                  fill=(0.30, 0.42, 0.58))
        c.polygon(TABLE, fill=(0.88, 0.92, 0.96), stroke=(0.15, 0.22, 0.35), lw=2.5, id="table")
        for s in SLINGS:
            c.polygon(s, fill=(0.62, 0.72, 0.85), stroke=(0.15, 0.22, 0.35), lw=1.8)
        c.polygon([(230, 505), (322, 478), (335, 492), (245, 522)], fill=(0.20, 0.30, 0.45))
        c.polygon([(450, 505), (358, 478), (345, 492), (435, 522)], fill=(0.20, 0.30, 0.45))
        for i, o in enumerate(state["objects"]):
            col = COLOURS[o["colour"]]
            kind, g = shape_of(o)
            if kind == "circle":
                c.circle(g[0], g[1], g[2], fill=col, stroke=(0.12, 0.16, 0.25), lw=2)
                c.circle(g[0], g[1], g[2] - 6, stroke=(0.95, 0.95, 0.95), lw=1.2)
            else:
                c.rect(g[0], g[1], g[2] - g[0], g[3] - g[1], fill=col, stroke=(0.12, 0.16, 0.25), lw=2)
            if o["text"]:
                c.circle(o["x"], o["y"], 12, fill=(0.98, 0.98, 0.96))
                c.text(o["x"], o["y"], o["text"], size=13 if len(o["text"]) < 3 else 12, bold=True, color="black")
            else:
                c.circle(o["x"], o["y"], 5, fill=(0.10, 0.12, 0.16))
            c.register(f"object:{i}", box=(g[0], g[1], g[2], g[3]) if kind == "box" else
                       (g[0] - g[2], g[1] - g[2], g[0] + g[2], g[1] + g[2]), point=(o["x"], o["y"]))
        bx, by = state["ball"]
        dx, dy = state["dir"]
        c.arrow(bx + dx * (BALL_R + 3), by + dy * (BALL_R + 3), bx + dx * 62, by + dy * 62,
                color=(0.85, 0.35, 0.20), lw=3.5, head=12, id="arrow")
        c.circle(bx, by, BALL_R, fill="white", stroke=(0.15, 0.22, 0.35), lw=2, id="ball")


SCENE = PinballTable()
task = SCENE.task

INTRO = ("The picture shows a pinball playfield from above with round bumpers, oblong targets, slingshots, flippers "
         "and the ball.")


@task("first_hit_object_label", answer="string", annotation="point", ops="ranking,spatial_relations,topology")
def first_hit_object_label(q):
    want = q.target(list(LETTERS[:6]), stratified=True)
    n, (lo, hi) = LEVELS[q.difficulty]

    def plant(st, rng):
        for _ in range(TRIES):
            st["objects"] = layout(rng, n)
            st["ball"] = [float(rng.uniform(290, 390)), 478.0]
            a = float(rng.uniform(-math.pi / 2 - 0.6, -math.pi / 2 + 0.6))
            st["dir"] = [round(math.cos(a), 5), round(math.sin(a), 5)]
            hit = clean_hit(st)
            if hit is None:
                continue
            k = max(int(rng.integers(lo, hi + 1)), LETTERS.index(want) + 1)
            others = [i for i in range(len(st["objects"])) if i != hit]
            tagged = [others[int(i)] for i in rng.permutation(len(others))[:k - 1]]
            rest = [x for x in "ABCDEFGHIJK"[:k] if x != want]
            order = [int(v) for v in rng.permutation(len(rest))]
            st["objects"][hit]["text"] = want
            for j, i in enumerate(tagged):
                st["objects"][i]["text"] = rest[order[j]]
            # the ball must reach a lettered object first: untagged objects ahead would stop it
            if clean_hit(st) == hit:
                return st
        return st

    s = q.edit(plant)
    hit = clean_hit(s)
    q.require(hit is not None and s["objects"][hit]["text"] == want, "no clean first hit")
    return q.answer(want, witnesses=f"object:{hit}",
                    question=(f"{INTRO} The arrow shows the direction the ball is moving; it travels in a straight "
                              "line. Which lettered object does the ball reach first?"),
                    examples=[o["text"] for o in s["objects"] if o["text"] and o["text"] != want][:3])


@task("scoreable_object_count", answer="integer", annotation="bbox_set", ops="counting")
def scoreable_object_count(q):
    t = q.target(SCORE_SUPPORT[q.difficulty], stratified=True)

    def plant(st, rng):
        objs = st["objects"]
        if len(objs) < t + 1:
            return st
        pick = {int(i) for i in rng.permutation(len(objs))[:t]}
        for i, o in enumerate(objs):
            o["text"] = str(SCORES[int(rng.integers(len(SCORES)))]) if i in pick else ""
        return st

    s = q.edit(plant)
    scored = [i for i, o in enumerate(s["objects"]) if o["text"]]
    q.require(len(scored) == t, "score count off target")
    return q.answer(len(scored), witnesses=[f"object:{i}" for i in scored],
                    question=(f"{INTRO} Objects showing a number are scoreable; blank ones are not. How many "
                              "objects show a score value?"))
