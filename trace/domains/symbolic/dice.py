"""symbolic/dice: one tray of coloured dice (or two trays, Tray A and Tray B), each die showing
its top value as pips, and six lettered probability cards drawn below, as the reference draws
them.  One die is picked uniformly from a tray (one from each tray for the pair tasks); the
tasks ask for the probability of a value property (parity, a threshold, a set of values), a
colour, their conjunction or disjunction, a conditional probability, or an event over the pair
(an exact sum or difference, a sum threshold, a combination of attributes).

Difficulty grows the trays (6-8, 9-12, 13-16 dice; 3-4, 4-6, 6-8 per tray in pairs) and the
colours in play; the cards are the usual slips (the complement, the joint instead of the
conditional, one more or fewer outcome, two fair dice instead of the trays' dice).  A die is
drawn flat or as a small cube (render-only).
"""

from __future__ import annotations

import math
from fractions import Fraction

from tracegen.core.claims import COLOUR_WORDS, Claim
from tracegen.core.options import fraction_text, multiple_choice
from tracegen.core.task import Scene
from tracegen.kits.cards import card_row, rounded_rect

COLORS = {1: ("red", "blue", "green", "yellow"), 2: ("red", "blue", "green", "yellow", "purple"),
          3: ("red", "blue", "green", "yellow", "purple", "orange")}
SINGLE = {1: (6, 8), 2: (9, 12), 3: (13, 16)}
PAIR = {1: (3, 4), 2: (4, 6), 3: (6, 8)}
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
DARK_PIPS = ("yellow", "orange")
W, H = 980, 700
TRAY_NAMES = ("Tray A", "Tray B")


def _tray(rng, lo, hi, colors):
    n = int(rng.integers(lo, hi + 1))
    return [{"c": colors[int(rng.integers(len(colors)))], "v": int(rng.integers(1, 7))} for _ in range(n)]


class Dice(Scene):
    domain, scene_id, size = "symbolic", "dice", (W, H)
    megapixels = (0.75, 1.15)
    description = ("One tray (or two trays, A and B) of coloured dice showing their top values as pips, with six "
                   "lettered probability cards below.")

    def sample(self, rng, difficulty):
        k = int(rng.integers(max(3, len(COLORS[difficulty]) - 1), len(COLORS[difficulty]) + 1))
        colors = [COLORS[difficulty][int(i)] for i in sorted(rng.choice(len(COLORS[difficulty]), size=k,
                                                                         replace=False))]
        return {"single": _tray(rng, *SINGLE[difficulty], colors),
                "pair": [_tray(rng, *PAIR[difficulty], colors), _tray(rng, *PAIR[difficulty], colors)],
                "trays": []}

    # ------------------------------------------------------------------ drawing
    def claims(self, state, params):
        """Prompts name dice by colour: each die is drawn in its colour (its top face, for a cube)."""
        return [Claim(f"die:{t}:{i}", "colour", die["c"]) for t, tray in enumerate(state["trays"])
                for i, die in enumerate(tray) if die["c"] in COLOUR_WORDS]

    def render(self, c, state, params):
        trays = state["trays"]
        cube = c.style.accent % 2 == 1                     # render-only: flat faces or small cubes
        if len(trays) == 1:
            boxes = [(150, 14, W - 300, 556)]
            titles = ["Dice tray"]
        else:
            boxes = [(20, 14, W / 2 - 30, 556), (W / 2 + 10, 14, W / 2 - 30, 556)]
            titles = list(TRAY_NAMES)
        for k, (tray, (x, y, w, h), title) in enumerate(zip(trays, boxes, titles)):
            rounded_rect(c, x, y, w, h, radius=18, fill="panel", stroke="grid", lw=2.0, id=f"tray:{k}")
            c.text(x + w / 2, y + 34, title, size=24, bold=True, id=f"title:{k}")
            self._dice(c, tray, (x + 24, y + 64, x + w - 24, y + h - 20), cube, k)
        card_row(c, 16, 592, W - 32, list("ABCDEF"), params["options"], h=86, gap=12, size=24)

    def _dice(self, c, dice, box, cube, tray):
        x0, y0, x1, y1 = box
        n = len(dice)
        aspect = (x1 - x0) / (y1 - y0)
        cols = max(1, min(n, round(math.sqrt(n * aspect))))
        rows = -(-n // cols)
        cell = min((x1 - x0) / cols, (y1 - y0) / rows, 120.0)
        side = cell * 0.72
        gx = x0 + ((x1 - x0) - cols * cell) / 2
        gy = y0 + ((y1 - y0) - rows * cell) / 2
        for i, die in enumerate(dice):
            r, k = divmod(i, cols)
            cx, cy = gx + (k + 0.5) * cell, gy + (r + 0.5) * cell
            draw_die(c, cx, cy, side, die["c"], die["v"], cube=cube, id=f"die:{tray}:{i}")


def draw_die(c, cx, cy, side, color, value, *, cube=False, id=None):
    """A die showing ``value`` pips: a rounded face seen from above, or a cube with the value on
    its top face (two shaded sides)."""
    pip = "black" if color in DARK_PIPS else "white"
    if not cube:
        rounded_rect(c, cx - side / 2, cy - side / 2, side, side, radius=side * 0.18, fill=color, stroke="ink",
                     lw=1.6, id=id)
        for px, py in PIPS[value]:
            c.circle(cx + px * side * 0.27, cy + py * side * 0.27, side * 0.085, fill=pip)
        return
    # a cube in oblique view: the top face is a parallelogram carrying the pips
    w, depth, skew, fh = side * 0.74, side * 0.42, side * 0.26, side * 0.56
    x0, y0 = cx - (w + skew) / 2, cy - (depth + fh) / 2
    top = [(x0, y0 + depth), (x0 + w, y0 + depth), (x0 + w + skew, y0), (x0 + skew, y0)]
    front = [top[0], top[1], (top[1][0], top[1][1] + fh), (top[0][0], top[0][1] + fh)]
    right = [top[1], top[2], (top[2][0], top[2][1] + fh), (top[1][0], top[1][1] + fh)]
    rgb = c.color(color)
    c.polygon(front, fill=tuple(v * 0.72 for v in rgb), stroke="ink", lw=1.4)
    c.polygon(right, fill=tuple(v * 0.55 for v in rgb), stroke="ink", lw=1.4)
    c.polygon(top, fill=color, stroke="ink", lw=1.4)
    (ax, ay), (bx, by), _, (dx, dy) = top
    ux, uy = (bx - ax) / 2, (by - ay) / 2            # half edge vectors of the top face
    vx, vy = (dx - ax) / 2, (dy - ay) / 2
    ox, oy = ax + ux + vx, ay + uy + vy
    for px, py in PIPS[value]:
        px_, py_ = ox + 0.58 * (px * ux - py * vx), oy + 0.58 * (px * uy - py * vy)
        pts = [(px_ + 0.19 * (math.cos(t) * ux - math.sin(t) * vx), py_ + 0.19 * (math.cos(t) * uy - math.sin(t) * vy))
               for t in (2 * math.pi * j / 16 for j in range(16))]
        c.polygon(pts, fill=pip)
    xs, ys = [p[0] for p in front + right + top], [p[1] for p in front + right + top]
    c.register(id, box=(min(xs), min(ys), max(xs), max(ys)), fill=color)


SCENE = Dice()
task = SCENE.task


# ---------------------------------------------------------------------- events
def holds(prop, v) -> bool:
    kind = prop["kind"]
    if kind == "odd":
        return v % 2 == 1
    if kind == "even":
        return v % 2 == 0
    if kind == "at_least":
        return v >= prop["t"]
    if kind == "at_most":
        return v <= prop["t"]
    return v in prop["set"]


def describe(prop) -> str:
    kind = prop["kind"]
    if kind in ("odd", "even"):
        return f"shows an {kind} value"
    if kind == "at_least":
        return f"shows a value of at least {prop['t']}"
    if kind == "at_most":
        return f"shows a value of at most {prop['t']}"
    vals = prop["set"]
    return "shows one of " + ", ".join(map(str, vals[:-1])) + f" or {vals[-1]}"


def draw_prop(q, kinds, name="prop"):
    def draw(r):
        kind = kinds[int(r.integers(len(kinds)))]
        if kind in ("at_least", "at_most"):
            return {"kind": kind, "t": int(r.integers(2, 6))}
        if kind == "set":
            return {"kind": kind, "set": sorted(int(v) for v in r.choice(range(1, 7), size=int(r.integers(2, 4)),
                                                                         replace=False))}
        return {"kind": kind}

    return q.param(name, draw)


def cards(q, p: Fraction, slips, total: int):
    """Six probability cards drawn in the image: ``p`` at the balanced letter, the slips first,
    then neighbours over the same and nearby denominators."""
    q.require(0 < p < 1, "the event is impossible or certain")
    k = round(p * total)

    def distractors(r):
        out = [fraction_text(s) for s in slips if 0 < s < 1]
        near = [Fraction(k + j, total) for j in (-1, 1, -2, 2, 3)] + [Fraction(k, total + j) for j in (1, -1, 2)]
        out += [fraction_text(s) for s in near if 0 < s < 1]
        return [out[int(i)] for i in r.permutation(len(out))]

    return multiple_choice(q, fraction_text(p), distractors, k=6, where="image", stratified=True)


def one_tray(q):
    def edit(s, r):
        s["trays"] = [s["single"]]
        return s

    tray = q.edit(edit)["trays"][0]
    q.reads(*[d["v"] for d in tray])
    return tray


def two_trays(q):
    def edit(s, r):
        s["trays"] = s["pair"]
        return s

    a, b = q.edit(edit)["trays"]
    q.reads(*[d["v"] for d in a + b])
    return a, b


def color_of(q, tray, name="color"):
    return q.choice(name, sorted({d["c"] for d in tray}))


SINGLE_LEAD = ("The image shows one tray of coloured dice; each die shows its top value as pips. One die is chosen "
               "uniformly at random from the tray.")
PAIR_LEAD = ("The image shows two trays of coloured dice, Tray A and Tray B; each die shows its top value as pips. "
             "One die is chosen uniformly at random from each tray, independently.")
ASK = " Choose the lettered card below the {} that gives it and answer with its letter."
PAIR_MAP = {"tray_a": "tray:0", "tray_b": "tray:1"}


# ---------------------------------------------------------------------- one tray
@task("single_attribute_probability", answer="option_letter", annotation="bbox",
      ops="filtering,counting,logical_composition,formula_evaluation",
      queries=("single_parity_probability", "single_value_set_probability", "single_color_and_value_probability",
               "single_color_or_value_probability"))
def single_attribute_probability(q):
    tray = one_tray(q)
    n, qid = len(tray), q.query_id
    kinds = {"single_parity_probability": ("odd", "even"), "single_value_set_probability": ("set",)}.get(
        qid, ("odd", "even", "at_least", "at_most"))
    prop = draw_prop(q, kinds)
    kv = sum(holds(prop, d["v"]) for d in tray)
    if qid in ("single_parity_probability", "single_value_set_probability"):
        k, slips, what = kv, [Fraction(n - kv, n), Fraction(kv, 6) if kv < 6 else Fraction(1, 2)], describe(prop)
    else:
        color = color_of(q, tray)
        kc = sum(d["c"] == color for d in tray)
        kb = sum(d["c"] == color and holds(prop, d["v"]) for d in tray)
        conj = qid == "single_color_and_value_probability"
        k = kb if conj else kc + kv - kb
        q.require(kb > 0 and kc > kb and kv > kb, "the two conditions do not overlap partly")
        slips = [Fraction(kc + kv - kb if conj else kb, n), Fraction(kc, n), Fraction(kv, n),
                 Fraction(kc * kv, n * n), Fraction(kc + kv, n) if not conj else Fraction(kb, kc)]
        what = f"is {color} {'and' if conj else 'or'} {describe(prop)}"
    q.step("count", matching=k, total=n)
    letter, _ = cards(q, Fraction(k, n), slips, n)
    return q.answer(letter, witnesses="tray:0",
                    question=f"{SINGLE_LEAD} What is the probability that the chosen die {what}?" + ASK.format("tray"))


@task("single_threshold_probability", answer="option_letter", annotation="bbox",
      ops="filtering,counting,comparison,formula_evaluation",
      queries=("single_value_at_least_probability", "single_value_at_most_probability"))
def single_threshold_probability(q):
    tray = one_tray(q)
    n = len(tray)
    kind = "at_least" if q.query_id == "single_value_at_least_probability" else "at_most"
    prop = q.param("prop", lambda r: {"kind": kind, "t": int(r.integers(2, 6))})
    k = sum(holds(prop, d["v"]) for d in tray)
    t = prop["t"]
    strict = sum(d["v"] > t if kind == "at_least" else d["v"] < t for d in tray)   # "more than" slip
    fair = Fraction(7 - t, 6) if kind == "at_least" else Fraction(t, 6)
    q.step("count", threshold=t, matching=k, total=n)
    letter, _ = cards(q, Fraction(k, n), [Fraction(n - k, n), Fraction(strict, n), fair], n)
    return q.answer(letter, witnesses="tray:0",
                    question=f"{SINGLE_LEAD} What is the probability that the chosen die {describe(prop)}?"
                    + ASK.format("tray"))


@task("dice_conditional_event_value", answer="option_letter", annotation="bbox",
      ops="filtering,counting,formula_evaluation",
      queries=("conditional_value_property_given_color_probability",
               "conditional_color_given_value_property_probability",
               "conditional_color_given_value_set_probability"))
def dice_conditional_event_value(q):
    tray = one_tray(q)
    n, qid = len(tray), q.query_id
    color = color_of(q, tray)
    prop = draw_prop(q, ("set",) if qid.endswith("value_set_probability") else ("odd", "even", "at_least",
                                                                                  "at_most"))
    kc = sum(d["c"] == color for d in tray)
    kv = sum(holds(prop, d["v"]) for d in tray)
    kb = sum(d["c"] == color and holds(prop, d["v"]) for d in tray)
    q.require(kb > 0, "the event never happens under the condition")
    if qid == "conditional_value_property_given_color_probability":
        given, total, cond, event = kc, kc, f"the chosen die is {color}", f"it {describe(prop)}"
        other = Fraction(kb, kv)
    else:
        given, total, cond, event = kv, kv, f"the chosen die {describe(prop)}", f"it is {color}"
        other = Fraction(kb, kc)
    q.require(kb < given, "the event is certain under the condition")
    p = Fraction(kb, total)
    q.step("condition", condition_count=given, joint_count=kb, total=n)
    letter, _ = cards(q, p, [Fraction(kb, n), other, Fraction(given, n), Fraction(given - kb, given)], total)
    return q.answer(letter, witnesses="tray:0",
                    question=(f"{SINGLE_LEAD} Given that {cond}, what is the probability that {event}?"
                              + ASK.format("tray")))


# ---------------------------------------------------------------------- two trays
def pair_answer(q, hits, what, extra=()):
    """The pair tasks' common program: count the pairs (one die per tray) the event ``hits``
    holds for, draw the cards (slips: over the dice count instead of the pairs, the complement,
    two fair dice instead of the trays') and ask for the probability that ``what``."""
    a, b = q.state["trays"]
    total = len(a) * len(b)
    k = sum(hits(x["v"], y["v"]) for x in a for y in b)
    fair = Fraction(sum(1 for x in range(1, 7) for y in range(1, 7) if hits(x, y)), 36)
    slips = [Fraction(k, len(a) + len(b)) if k < len(a) + len(b) else Fraction(k - 1, total),
             Fraction(total - k, total), fair] + [Fraction(e, total) for e in extra]
    q.step("count_pairs", matching=k, total=total)
    letter, _ = cards(q, Fraction(k, total), slips, total)
    return q.answer(letter, witnesses=PAIR_MAP,
                    question=f"{PAIR_LEAD} What is the probability that {what}?" + ASK.format("trays"))


@task("pair_sum_probability", answer="option_letter", annotation="bbox_map",
      ops="filtering,counting,formula_evaluation")
def pair_sum_probability(q):
    two_trays(q)
    target = q.param("sum", lambda r: int(r.integers(4, 11)))
    return pair_answer(q, lambda x, y: x + y == target, f"the two chosen values sum to exactly {target}")


@task("pair_difference_probability", answer="option_letter", annotation="bbox_map",
      ops="filtering,counting,formula_evaluation")
def pair_difference_probability(q):
    two_trays(q)
    target = q.param("difference", lambda r: int(r.integers(0, 5)))
    return pair_answer(q, lambda x, y: abs(x - y) == target,
                       f"the absolute difference between the two chosen values is {target}")


@task("pair_sum_threshold_probability", answer="option_letter", annotation="bbox_map",
      ops="filtering,counting,comparison,formula_evaluation",
      queries=("pair_sum_at_least_probability", "pair_sum_at_most_probability"))
def pair_sum_threshold_probability(q):
    a, b = two_trays(q)
    t = q.param("threshold", lambda r: int(r.integers(4, 11)))
    least = q.query_id == "pair_sum_at_least_probability"
    strict = sum((x["v"] + y["v"] > t) if least else (x["v"] + y["v"] < t) for x in a for y in b)  # "more than"
    return pair_answer(q, (lambda x, y: x + y >= t) if least else (lambda x, y: x + y <= t),
                       f"the two chosen values sum to at {'least' if least else 'most'} {t}", [strict])


@task("pair_attribute_combo_probability", answer="option_letter", annotation="bbox_map",
      ops="filtering,counting,formula_evaluation",
      queries=("pair_parity_combo_probability", "pair_color_value_combo_probability"))
def pair_attribute_combo_probability(q):
    a, b = two_trays(q)
    if q.query_id == "pair_parity_combo_probability":
        pa = draw_prop(q, ("odd", "even"), "prop_a")
        pb = draw_prop(q, ("odd", "even"), "prop_b")
        ka = sum(holds(pa, d["v"]) for d in a)
        what_a = f"the Tray A die {describe(pa)}"
    else:
        color = color_of(q, a)
        pb = draw_prop(q, ("odd", "even", "at_least", "at_most"), "prop_b")
        ka = sum(d["c"] == color for d in a)
        what_a = f"the Tray A die is {color}"
    kb = sum(holds(pb, d["v"]) for d in b)
    na, nb = len(a), len(b)
    p = Fraction(ka * kb, na * nb)
    slips = [Fraction(ka + kb, na + nb), Fraction(ka, na) + Fraction(kb, nb) - p, Fraction(ka * kb, na + nb),
             Fraction((na - ka) * kb, na * nb), Fraction(ka * (nb - kb), na * nb)]
    q.step("independent", tray_a=[ka, na], tray_b=[kb, nb])
    letter, _ = cards(q, p, slips, na * nb)
    return q.answer(letter, witnesses=PAIR_MAP,
                    question=(f"{PAIR_LEAD} What is the probability that {what_a} and the Tray B die "
                              f"{describe(pb)}?" + ASK.format("trays")))
