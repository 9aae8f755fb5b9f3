"""charts/violin: labelled violin plots on a shared vertical value axis -- each a mirrored density
of one label's values, drawn over exactly its support (flat ends at the lowest and highest
value), with no printed statistics.

A distribution is one normal component (or two close ones, still one peak), or -- for the one
two-peaked label of a modality question -- two well separated components with a dip between
them.  Asked extremes (peak positions, support spans) beat the runner-up by 3, 2 or 1.5 axis
units.  Difficulty grows the violins (4-5, 5-8, 7-9).
"""

from __future__ import annotations

import numpy as np

from tracegen.core.task import Scene
from tracegen.kits import density
from tracegen.kits.curves import XYView, draw_frame
from tracegen.kits.names import category_labels
from tracegen.kits.panels import category_color
from tracegen.kits.ranking import clear_extreme

N_VIOLINS = {1: (4, 5), 2: (5, 8), 3: (7, 9)}
MARGIN = {1: 3.0, 2: 2.0, 3: 1.5}
AXIS_HI = 40
SPAN = (6.0, 18.0)
INTRO = ("The image shows labelled violin plots on a shared vertical value axis; each shape is wider where that "
         "label's values are denser, and its flat ends mark the lowest and highest values.")


def unimodal(rng, lo, hi):
    """One normal component, or two close ones (a skewed single peak), inside [lo, hi]."""
    span = hi - lo
    mu = float(rng.uniform(lo + 0.25 * span, hi - 0.25 * span))
    sd = float(rng.uniform(span / 5.0, span / 3.5))
    if rng.random() < 0.5:
        return [[1.0, round(mu, 2), round(sd, 2)]]
    shift = float(rng.uniform(0.4, 0.8)) * sd * (1 if rng.random() < 0.5 else -1)
    return [[0.7, round(mu, 2), round(sd, 2)], [0.3, round(mu + shift, 2), round(sd * 0.9, 2)]]


def bimodal(rng, lo, hi):
    """Two well separated components of similar weight inside [lo, hi]."""
    span = hi - lo
    sd = float(rng.uniform(span / 11.0, span / 8.0))
    w = float(rng.uniform(0.42, 0.58))
    return [[round(w, 3), round(lo + 0.27 * span, 2), round(sd, 2)],
            [round(1 - w, 3), round(hi - 0.27 * span, 2), round(sd, 2)]]


def peaks(d):
    """[(value, density)] of the distribution's local maxima on its support, highest first."""
    return density.modes(d["comps"], d["lo"], d["hi"])


def clear_peaks(d) -> int:
    """How many clear peaks: local maxima at least a fifth of the highest, separated by a dip
    below 75 % of the lower of the two."""
    ps = sorted(p for p in peaks(d) if p[1] >= 0.2 * peaks(d)[0][1])
    count = 1
    for (a, fa), (b, fb) in zip(ps, ps[1:]):
        xs = density.grid(a, b)
        if float(np.min(density.pdf(d["comps"], xs))) < 0.75 * min(fa, fb):
            count += 1
    return count


class Violin(Scene):
    domain, scene_id, size = "charts", "violin", (900, 640)
    fluid = True
    megapixels = (0.5, 0.72)
    description = ("Labelled violin plots on a shared value axis, each drawn over exactly its support; no statistics "
                   "printed.")

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_VIOLINS[difficulty][0], N_VIOLINS[difficulty][1] + 1))
        labels = category_labels(rng, n, families=("coined", "codes", "places", "surnames"), max_len=6)
        dists = []
        for _ in range(n):
            span = round(float(rng.uniform(*SPAN)), 1)
            lo = round(float(rng.uniform(1.0, AXIS_HI - 1.0 - span)), 1)
            dists.append({"lo": lo, "hi": round(lo + span, 1), "comps": unimodal(rng, lo, lo + span)})
        return {"labels": labels, "dists": dists}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        labels, dists = state["labels"], state["dists"]
        n = len(labels)
        x0, x1, y0, y1 = 70, W - 24, 28, H - 56
        v = XYView(x0, y0, x1, y1, 0, n, 0, AXIS_HI)
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="paper")
        step = 10 if c.style.density == "sparse" else 5
        draw_frame(c, v, xticks=[], yticks=range(0, AXIS_HI + 1, step), font_size=14)
        half = min(46.0, (x1 - x0) / n * 0.42)
        single = c.style.accent % 2 == 0
        for i, (lab, d) in enumerate(zip(labels, dists)):
            cx, _ = v.px(i + 0.5, 0)
            ys = np.linspace(d["lo"], d["hi"], 121)
            dens = density.pdf(d["comps"], ys)
            widths = half * dens / dens.max()
            py = v.px(0, ys)[1].tolist()   # all 121 points at once (px's arithmetic, element by element)
            right = list(zip((cx + widths).tolist(), py))
            left = list(zip((cx - widths).tolist(), py))
            color = "accent" if single else category_color(c, i)
            c.polygon(right + left[::-1], fill=color, stroke="ink", lw=1.2, id=f"violin:{i}")
            c.text(cx, y1 + 22, lab, size=15, bold=True, id=f"label:{i}")


SCENE = Violin()
task = SCENE.task


def _label_answer(q, i, question):
    s = q.state
    return q.answer(s["labels"][i], witnesses=f"violin:{i}", examples=s["labels"], question=f"{INTRO} {question}")


# ---------------------------------------------------------------------- tasks
@task("modality_label", answer="string", annotation="bbox", ops="matching")
def modality_label(q):
    def plant(s, r):
        k = int(r.integers(len(s["dists"])))
        d = s["dists"][k]
        if d["hi"] - d["lo"] < 10.0:                   # room for two separate bulges
            d["hi"] = round(min(AXIS_HI - 1.0, d["lo"] + 12.0), 1)
            d["lo"] = round(d["hi"] - 12.0, 1)
        d["comps"] = bimodal(r, d["lo"], d["hi"])
        return s

    s = q.edit(plant)
    counts = [clear_peaks(d) for d in s["dists"]]
    q.require(counts.count(2) == 1 and counts.count(1) == len(counts) - 1, "not exactly one two-peaked violin")
    i = counts.index(2)
    q.step("modality", peaks=counts, chosen=i)
    return _label_answer(q, i, "Which label's distribution has two clear density peaks?")


@task("mode_extremum_label", answer="string", annotation="bbox", ops="ranking",
      queries=("highest_mode", "lowest_mode"))
def mode_extremum_label(q):
    s = q.state
    modes = {i: peaks(d)[0][0] for i, d in enumerate(s["dists"])}
    q.reads(*[round(m, 2) for m in modes.values()])
    highest = q.query_id == "highest_mode"
    i = clear_extreme(q, modes, largest=highest, margin=MARGIN[q.difficulty])
    q.step("modes", modes={s["labels"][k]: round(m, 2) for k, m in modes.items()}, chosen=i)
    word = "highest" if highest else "lowest"
    return _label_answer(q, i, f"Which label's main density peak (its widest point) is {word} on the value axis?")


@task("support_width_extremum_label", answer="string", annotation="bbox", ops="ranking,formula_evaluation",
      queries=("widest_support", "narrowest_support"))
def support_width_extremum_label(q):
    s = q.state
    spans = {i: round(d["hi"] - d["lo"], 1) for i, d in enumerate(s["dists"])}
    q.reads(*spans.values())
    widest = q.query_id == "widest_support"
    i = clear_extreme(q, spans, largest=widest, margin=MARGIN[q.difficulty])
    q.step("spans", spans={s["labels"][k]: v for k, v in spans.items()}, chosen=i)
    word = "largest" if widest else "smallest"
    return _label_answer(q, i, f"Which label's violin spans the {word} range of values, from its bottom end to its "
                               "top end?")
