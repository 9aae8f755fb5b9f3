"""symbolic/spinner: one or two spinners with equal sectors, each sector a colour and a shape icon.

Difficulty grows the number of sectors (and the number of colours and shapes in play).
"""

from __future__ import annotations

import math
from fractions import Fraction

from tracegen.core.claims import COLOUR_WORDS, Claim
from tracegen.core.options import fraction_text, multiple_choice, option_text
from tracegen.core.task import Scene
from tracegen.kits.cards import card_row, rounded_rect

COLORS = ("red", "blue", "green", "yellow", "purple", "orange")
SHAPES = ("circle", "square", "triangle", "star")
SHAPE_WORDS = {"circle": "a circle", "square": "a square", "triangle": "a triangle", "star": "a star"}
SECTORS = {1: (4, 6), 2: (6, 8), 3: (8, 12)}
N_COLORS = {1: (2, 3), 2: (3, 4), 3: (4, 5)}
N_SHAPES = {1: (2, 2), 2: (2, 3), 3: (3, 4)}
ORDINAL = ("first", "second")


def _spinner(rng, difficulty):
    lo, hi = SECTORS[difficulty]
    n = int(rng.integers(lo, hi + 1))
    nc = int(rng.integers(N_COLORS[difficulty][0], N_COLORS[difficulty][1] + 1))
    ns = int(rng.integers(N_SHAPES[difficulty][0], N_SHAPES[difficulty][1] + 1))
    colors = [COLORS[int(i)] for i in rng.choice(len(COLORS), size=nc, replace=False)]
    shapes = [SHAPES[int(i)] for i in rng.choice(len(SHAPES), size=ns, replace=False)]
    # every chosen colour and shape appears at least once
    cols = colors + [colors[int(i)] for i in rng.integers(nc, size=n - nc)]
    shps = shapes + [shapes[int(i)] for i in rng.integers(ns, size=n - ns)]
    cols = [cols[int(i)] for i in rng.permutation(n)]
    shps = [shps[int(i)] for i in rng.permutation(n)]
    sectors = [{"color": c, "shape": sh} for c, sh in zip(cols, shps)]
    return {"sectors": sectors, "pointer": int(rng.integers(0, 360))}


class Spinner(Scene):
    domain, scene_id, size = "symbolic", "spinner", (760, 650)
    megapixels = (0.75, 1.2)
    description = ("Spinners divided into equal sectors; each sector has a colour and a shape icon; six lettered "
                   "probability cards below.")

    def canvas_size(self, state):
        return (760, 650) if len(state["spinners"]) == 1 else (980, 640)

    def sample(self, rng, difficulty):
        return {"spinners": [_spinner(rng, difficulty), _spinner(rng, difficulty)]}

    def claims(self, state, params):
        """Prompts name sectors by colour and by the shape they show."""
        out = []
        for s, spinner in enumerate(state["spinners"]):
            for k, sec in enumerate(spinner["sectors"]):
                if sec["color"] in COLOUR_WORDS:
                    out.append(Claim(f"spinner:{s}:sector:{k}", "colour", sec["color"]))
                out.append(Claim(f"spinner:{s}:icon:{k}", "shape", sec["shape"]))
        return out

    def render(self, c, state, params):
        sp = state["spinners"]
        w = self.canvas_size(state)[0]
        if len(sp) == 1:
            rounded_rect(c, 130, 10, 500, 520, radius=16, fill="panel", stroke="grid", lw=1.5)
            c.text(380, 38, "Spinner", size=22, bold=True)
            self._draw(c, 380, 290, 220, sp[0], "spinner:0")
            y = 552
        else:
            for k, (cx, spinner) in enumerate(zip((250, 730), sp)):
                rounded_rect(c, cx - 230, 10, 460, 510, radius=16, fill="panel", stroke="grid", lw=1.5)
                c.text(cx, 38, f"Spinner {k + 1}", size=22, bold=True, id=f"title:{k}")
                self._draw(c, cx, 285, 205, spinner, f"spinner:{k}")
            y = 542
        card_row(c, 16, y, w - 32, list("ABCDEF"), params["options"], h=84, gap=10, size=22)

    @staticmethod
    def _draw(c, cx, cy, r, spinner, sid):
        secs = spinner["sectors"]
        n = len(secs)
        span = 2 * math.pi / n
        badge = c.style.accent % 2 == 1          # render-only: black shapes on white tiles, or white shapes
        for k, sec in enumerate(secs):
            a0 = -math.pi / 2 + k * span
            steps = max(6, int(48 / n))
            pts = [(cx, cy)] + [(cx + r * math.cos(a0 + span * t / steps), cy + r * math.sin(a0 + span * t / steps))
                                for t in range(steps + 1)]
            c.polygon(pts, fill=sec["color"], stroke="ink", lw=2.0, id=f"{sid}:sector:{k}")
        for k, sec in enumerate(secs):
            am = -math.pi / 2 + (k + 0.5) * span
            rr = r * 0.68
            size = min(r * 0.24, 2 * math.pi * rr / n * 0.45)
            x, y = cx + rr * math.cos(am), cy + rr * math.sin(am)
            if badge:
                rounded_rect(c, x - size * 0.8, y - size * 0.8, size * 1.6, size * 1.6, radius=size * 0.3,
                             fill="white", stroke="black", lw=1.2)
                c.shape(sec["shape"], x, y, size, fill="black", id=f"{sid}:icon:{k}")
            else:
                c.shape(sec["shape"], x, y, size, fill="white", stroke="black", lw=1.8, id=f"{sid}:icon:{k}")
        c.circle(cx, cy, r, stroke="ink", lw=3.0, id=sid)
        a = math.radians(spinner["pointer"])
        c.arrow(cx, cy, cx + r * 0.42 * math.cos(a), cy + r * 0.42 * math.sin(a), color="black", lw=5.0, head=16)
        c.circle(cx, cy, 9, fill="black", stroke="white", lw=2.0)


SCENE = Spinner()
task = SCENE.task


# ---------------------------------------------------------------------- helpers
def _options(q, p: Fraction, candidates, total: int):
    """Six probability options with ``p`` at the balanced target letter (reduced fractions), listed
    in the prompt and drawn as cards under the spinner (the reference does both).  Distractors are
    the task's usual slips and neighbours of ``p`` over the ``total`` equally likely outcomes."""
    k = p * total

    def distractors(r):
        wrong = [Fraction(d) for d in candidates] + [Fraction(k + j, total) for j in (-2, -1, 1, 2, 3)]
        wrong = [d for d in wrong if 0 < d < 1 and d != p]
        if len({*wrong}) < 5:               # few outcomes: neighbours over nearby denominators too
            dens = [int(b) for b in r.permutation(range(max(2, total - 2), total + 4))]
            wrong += [Fraction(a, b) for b in dens for a in (round(p * b) - 1, round(p * b) + 1, round(p * b))]
        return [fraction_text(d) for d in wrong if 0 < d < 1 and d != p]

    return multiple_choice(q, fraction_text(p), distractors, k=6, stratified=True)


def _one(q):
    def fn(s, r):
        s["spinners"] = s["spinners"][:1]
        return s

    return q.edit(fn)["spinners"][0]["sectors"]


def _present(q, name, values):
    vals = sorted(set(values))
    return q.choice(name, vals)


LEAD = "The spinner's sectors are all equal and it is spun once."


# ---------------------------------------------------------------------- tasks
@task("single_attribute_probability", answer="option_letter", annotation="bbox",
      ops="filtering,counting,formula_evaluation",
      queries=("single_color_probability", "single_shape_probability"))
def single_attribute_probability(q):
    secs = _one(q)
    n = len(secs)
    attr = "color" if q.query_id == "single_color_probability" else "shape"
    value = _present(q, attr, [s[attr] for s in secs])
    k = sum(s[attr] == value for s in secs)
    q.require(k < n, "every sector matches")
    p = Fraction(k, n)
    cands = [Fraction(n - k, n), Fraction(k + 1, n), Fraction(k - 1, n), Fraction(k, n + 1), Fraction(k, n - 1)]
    if n > k:
        cands.append(Fraction(k, n - k))
    letter, opts = _options(q, p, cands, n)
    what = f"a {value} sector" if attr == "color" else f"a sector showing {SHAPE_WORDS[value]}"
    q.step("count", attribute=attr, value=value, matching=k, total=n)
    return q.answer(letter, witnesses="spinner:0",
                    question=f"{LEAD} What is the probability that the arrow lands on {what}?\n"
                             + option_text(opts))


def _two_attr(q, *, from_sector=False):
    secs = _one(q)
    if from_sector:                      # a combination that occurs on the spinner
        pick = q.param("sector", lambda r: int(r.integers(len(secs))))
        color, shape = secs[pick]["color"], secs[pick]["shape"]
    else:
        color = _present(q, "color", [s["color"] for s in secs])
        shape = _present(q, "shape", [s["shape"] for s in secs])
    n = len(secs)
    kc = sum(s["color"] == color for s in secs)
    ks = sum(s["shape"] == shape for s in secs)
    kb = sum(s["color"] == color and s["shape"] == shape for s in secs)
    return secs, n, color, shape, kc, ks, kb


@task("multi_attribute_and_probability", answer="option_letter", annotation="bbox",
      ops="filtering,counting,logical_composition,formula_evaluation")
def multi_attribute_and_probability(q):
    secs, n, color, shape, kc, ks, kb = _two_attr(q, from_sector=True)
    q.require(0 < kb < n, "no sector (or every sector) matches both")
    p = Fraction(kb, n)
    cands = [Fraction(kc * ks, n * n), Fraction(kc + ks - kb, n), Fraction(kc, n), Fraction(ks, n),
             Fraction(kb + 1, n), Fraction(kb, kc), Fraction(kb, ks)]
    letter, opts = _options(q, p, cands, n)
    q.step("count", color=color, shape=shape, both=kb, total=n)
    return q.answer(letter, witnesses="spinner:0",
                    question=(f"{LEAD} What is the probability that the arrow lands on a sector that is "
                              f"{color} and shows {SHAPE_WORDS[shape]}?\n" + option_text(opts)))


@task("multi_attribute_or_probability", answer="option_letter", annotation="bbox",
      ops="filtering,counting,logical_composition,formula_evaluation")
def multi_attribute_or_probability(q):
    secs, n, color, shape, kc, ks, kb = _two_attr(q)
    k = kc + ks - kb
    q.require(k < n, "every sector matches")
    q.require(kc < k and ks < k, "one attribute alone decides the event")
    p = Fraction(k, n)
    cands = [Fraction(kc + ks, n), Fraction(kb, n), Fraction(kc, n), Fraction(ks, n), Fraction(k - 1, n),
             Fraction(k + 1, n), Fraction(n - k, n)]
    letter, opts = _options(q, p, cands, n)
    q.step("count", color=color, shape=shape, either=k, total=n)
    return q.answer(letter, witnesses="spinner:0",
                    question=(f"{LEAD} What is the probability that the arrow lands on a sector that is "
                              f"{color} or shows {SHAPE_WORDS[shape]} (or both)?\n" + option_text(opts)))


@task("pair_color_event_probability", answer="option_letter", annotation="bbox_map",
      ops="filtering,counting,comparison,formula_evaluation",
      queries=("pair_both_target_color_probability", "pair_at_least_one_target_color_probability",
               "pair_same_color_probability"))
def pair_color_event_probability(q):
    s1, s2 = (sp["sectors"] for sp in q.state["spinners"])
    n1, n2 = len(s1), len(s2)
    cols1 = [s["color"] for s in s1]
    cols2 = [s["color"] for s in s2]
    lead = "Each spinner has equal sectors. Both are spun once, independently."
    if q.query_id == "pair_same_color_probability":
        same = sum(a == b for a in cols1 for b in cols2)
        q.require(0 < same < n1 * n2, "same colour impossible or certain")
        p = Fraction(same, n1 * n2)
        common = sorted(set(cols1) & set(cols2))
        cands = [Fraction(len(common), len(set(cols1) | set(cols2))),
                 sum((Fraction(cols1.count(c), n1) for c in common), Fraction(0)),
                 sum((Fraction(cols2.count(c), n2) for c in common), Fraction(0)),
                 Fraction(same, n1 + n2) if same < n1 + n2 else Fraction(0), Fraction(same + 1, n1 * n2),
                 Fraction(same - 1, n1 * n2)]
        what = "both arrows land on sectors of the same colour"
        q.step("count_pairs", matching_pairs=same, total_pairs=n1 * n2)
    else:
        shared = set(cols1) & set(cols2)
        q.require(bool(shared), "no colour on both spinners")
        color = _present(q, "color", shared)
        a, b = cols1.count(color), cols2.count(color)
        pa, pb = Fraction(a, n1), Fraction(b, n2)
        both = pa * pb
        atleast = 1 - (1 - pa) * (1 - pb)
        common = [Fraction(a + b, n1 + n2), pa, pb, (pa + pb) / 2]
        if q.query_id == "pair_both_target_color_probability":
            q.require(a > 0 and b > 0, "target colour missing from a spinner")
            p = both
            cands = [pa + pb, atleast] + common
            what = f"both arrows land on {color} sectors"
        else:
            q.require(atleast < 1, "at least one is certain")
            q.require(a > 0 and b > 0, "target colour missing from a spinner")
            p = atleast
            cands = [pa + pb, both, 1 - both] + common
            what = f"at least one arrow lands on a {color} sector"
        q.step("count", color=color, first=[a, n1], second=[b, n2], result=str(p))
    letter, opts = _options(q, p, cands, n1 * n2)
    return q.answer(letter, witnesses={"first_spinner": "spinner:0", "second_spinner": "spinner:1"},
                    question=f"{lead} What is the probability that {what}?\n" + option_text(opts))
