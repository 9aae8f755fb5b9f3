"""charts/density_curve: several smooth labelled density curves (one or two normal bumps each,
colour and dash per curve, legend at the right) over an x window of 0-100, the density axis
marked only low / mid / high.

Depending on the question the plot adds a vertical reference line at an x value (with a dot
where each curve crosses it), a shaded x interval, a mean marker per curve (a triangle on the
x axis and a thin line up to the curve) or a peak marker per curve.  No value is printed but
the x ticks and the asked x / interval.  Difficulty grows the curves (4, 5-6, 7-8) and shrinks
the margins: densities 8/5/3.5 % of the axis height apart, interval areas 30/20/12 % apart,
means and peaks 5/3.5/2.5 x units apart.
"""

from __future__ import annotations

import numpy as np

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits.curves import DASHES, Look, XYView
from tracegen.kits.density import draw_curve, draw_density_axes, grid, mass, mean, modes, pdf, sample_curve
from tracegen.kits.names import category_labels
from tracegen.kits.panels import category_color, legend_column
from tracegen.kits.ranking import clear_extreme, gap

N_CURVES = {1: (4, 4), 2: (5, 6), 3: (7, 8)}
Y_MARGIN = {1: 0.08, 2: 0.05, 3: 0.035}
MASS_MARGIN = {1: 0.3, 2: 0.2, 3: 0.12}
X_MARGIN = {1: 5.0, 2: 3.5, 3: 2.5}
LO, HI = 0.0, 100.0


def y_top(curves) -> float:
    """The density axis height: 15 % above the highest curve."""
    xs = grid(LO, HI)
    return float(max(pdf(comps, xs).max() for comps in curves)) * 1.15


class DensityCurve(Scene):
    domain, scene_id, size = "charts", "density_curve", (980, 660)
    fluid = True
    megapixels = (0.6, 0.95)
    description = ("Several smooth labelled density curves over a 0-100 x window with a legend; the density axis "
                   "reads only low / mid / high, with reference lines, shaded intervals, mean or peak markers as "
                   "asked.")

    def sample(self, rng, difficulty):
        n = int(rng.integers(N_CURVES[difficulty][0], N_CURVES[difficulty][1] + 1))
        return {"labels": category_labels(rng, n, families=("topics", "words", "coined", "places")),
                "curves": [sample_curve(rng, LO, HI) for _ in range(n)]}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        labels, curves = state["labels"], state["curves"]
        # a distinct colour per curve (markers of the question carry only the colour), a dash by style
        looks = [Look(category_color(c, k), "circle", DASHES[(k + c.style.accent) % len(DASHES)])
                 for k in range(len(curves))]
        fs = 14.0
        leg_w = max(c.text_width(s, size=fs) for s in labels) + 60
        x0, x1, y0, y1 = 70, W - leg_w - 40, 50, H - 64
        v = XYView(x0, y0, x1, y1, LO, HI, 0.0, y_top(curves))
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="paper")
        c.text(x0, y0 - 18, "density", size=15, anchor="l", color="muted")
        c.text((x0 + x1) / 2, y1 + 40, "x value", size=15, color="muted")
        band = params.get("interval")
        if band:
            (ax, _), (bx, _) = v.px(band[0], 0), v.px(band[1], 0)
            c.rect(ax, y0, bx - ax, y1 - y0, fill=blend(c.color("accent"), c.color("paper"), 0.14))
            c.text((ax + bx) / 2, y0 + 14, f"range {band[0]}-{band[1]}", size=13)
        step = {"sparse": 50, "normal": 25, "dense": 20}[c.style.density]
        draw_density_axes(c, v, xticks=range(int(LO), int(HI) + 1, step))
        at = params.get("x_ref")
        if at is not None:
            px, _ = v.px(at, 0)
            c.line(px, y0, px, y1, color="muted", lw=1.4)
            c.text(px + 4, y0 + 14, f"x = {at}", size=13, anchor="l")
        for k, comps in enumerate(curves):
            draw_curve(c, v, comps, looks[k], id=f"curve:{k}")
        for k, comps in enumerate(curves):
            self._marks(c, v, params, k, comps, looks[k].color)
        ly = legend_column(c, x1 + 30, y0, list(zip(labels, [lk.color for lk in looks])), size=fs, row_h=26,
                           draw_mark=lambda cv, k, x, y: cv.line(x - 10, y, x + 12, y, color=looks[k].color, lw=2.6,
                                                                 dash=looks[k].dash))
        c.rect(x1 + 22, y0 - 8, leg_w, ly - y0 + 16, stroke="grid", lw=1.0)

    @staticmethod
    def _marks(c, v, params, k, comps, color):
        """The question's marks on curve k: crossing dots, interval points, mean or peak markers."""
        if params.get("x_ref") is not None:
            x = params["x_ref"]
            px, py = v.px(x, float(pdf(comps, [x])[0]))
            c.circle(px, py, 4.5, fill=color, stroke="ink", lw=1.0, id=f"at:{k}")
        if params.get("interval"):
            a, b = params["interval"]
            m = (a + b) / 2
            c.register(f"mass:{k}", point=v.px(m, float(pdf(comps, [m])[0]) / 2))
        if params.get("markers") == "mean":
            mx = mean(comps, LO, HI)
            px, py = v.px(mx, float(pdf(comps, [mx])[0]))
            _, base = v.px(mx, 0)
            c.line(px, base, px, py, color=color, lw=1.2)
            c.polygon([(px, base - 9), (px + 6, base), (px - 6, base)], fill=color, stroke="ink", lw=0.8)
            c.register(f"mean:{k}", point=(px, base - 3), fill=color, shape="triangle")
        if params.get("markers") == "mode":
            mx, my = modes(comps, LO, HI)[0]
            px, py = v.px(mx, my)
            c.circle(px, py, 5.0, fill=color, stroke="ink", lw=1.0, id=f"peak:{k}")


SCENE = DensityCurve()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
INTRO = ("The image shows several smooth labelled density curves (named in the legend by colour and line style) over "
         "x values from 0 to 100; the density axis is marked only low / mid / high.")


def _answer(q, s, k, wit, question):
    return q.answer(s["labels"][k], witnesses=wit, examples=s["labels"], question=f"{INTRO} {question}")


def _marked_extreme(q, marker, key, largest):
    """Curves with a ``marker`` ("mean" or "mode") at the x location ``key(comps)``: plant a clear
    extreme -- move one curve's bumps so its location lies beyond every other by the difficulty's
    margin plus a little -- and return (state, index of the extreme curve)."""
    q.param("markers", lambda r: marker)
    w = q.param("winner", lambda r: int(r.integers(len(q.state["curves"]))))
    g = X_MARGIN[q.difficulty]

    def fn(s, r):
        others = [key(cm) for j, cm in enumerate(s["curves"]) if j != w]
        goal = (max(others) + g + float(r.uniform(0.5, 6))) if largest else (min(others) - g - float(r.uniform(0.5, 6)))
        d = goal - key(s["curves"][w])
        if all(12 <= mu + d <= 88 for _, mu, _ in s["curves"][w]):
            s["curves"][w] = [[wt, round(mu + d, 2), sd] for wt, mu, sd in s["curves"][w]]
        return s

    s = q.edit(fn)
    where = {k: key(cm) for k, cm in enumerate(s["curves"])}
    q.reads(*[round(v, 3) for v in where.values()])
    k = clear_extreme(q, where, largest=largest, margin=g)
    q.step(f"{marker}_locations", x={s["labels"][j]: round(v, 3) for j, v in where.items()}, chosen=s["labels"][k])
    return s, k


# ---------------------------------------------------------------------- tasks
@task("density_at_x_extremum_label", answer="string", annotation="point", ops="ranking",
      queries=("highest_density_at_x_label", "lowest_density_at_x_label"))
def density_at_x_extremum_label(q):
    s = q.state
    highest = q.query_id.startswith("highest")
    margin = Y_MARGIN[q.difficulty] * y_top(s["curves"])

    def find(r):
        for x in r.permutation(np.arange(8, 93)):
            dens = sorted(float(pdf(cm, [x])[0]) for cm in s["curves"])
            if (dens[-1] - dens[-2] if highest else dens[1] - dens[0]) >= margin:
                return int(x)
        return None

    x = q.param("x_ref", find)
    q.require(x is not None, "no x with a clear extreme")
    dens = {k: float(pdf(cm, [x])[0]) for k, cm in enumerate(s["curves"])}
    q.reads(*[round(d, 6) for d in dens.values()])
    k = clear_extreme(q, dens, largest=highest, margin=margin)
    word = "highest" if highest else "lowest"
    q.step("density_at_x", x=x, chosen=s["labels"][k])
    return _answer(q, s, k, f"at:{k}", f"A vertical reference line marks x = {x}, with a dot where each curve crosses "
                                       f"it. Which curve has the {word} density at x = {x}?")


@task("interval_mass_extremum_label", answer="string", annotation="point", ops="ranking,aggregation",
      queries=("greatest_interval_mass_label", "least_interval_mass_label"))
def interval_mass_extremum_label(q):
    s = q.state
    greatest = q.query_id.startswith("greatest")
    m = MASS_MARGIN[q.difficulty]

    def find(r):
        for _ in range(60):
            a = int(r.integers(5, 76))
            b = a + int(r.integers(15, 31))
            if b > 95:
                continue
            ms = sorted(mass(cm, a, b) for cm in s["curves"])
            top, runner = (ms[-1], ms[-2]) if greatest else (ms[0], ms[1])
            if gap(top, runner, relative=True) >= m and abs(top - runner) >= 0.04:
                return [a, b]
        return None

    band = q.param("interval", find)
    q.require(band is not None, "no interval with a clear extreme")
    masses = {k: mass(cm, *band) for k, cm in enumerate(s["curves"])}
    q.reads(*[round(v, 4) for v in masses.values()])
    k = clear_extreme(q, masses, largest=greatest, margin=m, relative=True)
    word = "largest" if greatest else "smallest"
    q.step("interval_mass", interval=band, masses={s["labels"][j]: round(v, 4) for j, v in masses.items()},
           chosen=s["labels"][k])
    return _answer(q, s, k, f"mass:{k}", f"The shaded band marks the interval {band[0]}-{band[1]} on the x axis. "
                                         f"Which curve has the {word} area under it inside that interval?")


@task("mean_extremum_label", answer="string", annotation="point", ops="ranking,aggregation",
      queries=("highest_mean_label", "lowest_mean_label"))
def mean_extremum_label(q):
    highest = q.query_id.startswith("highest")
    s, k = _marked_extreme(q, "mean", lambda cm: mean(cm, LO, HI), highest)
    for j in range(len(s["curves"])):
        q.claim(f"mean:{j}", shape="triangle", key=f"curve:{j}")
    side = "right" if highest else "left"
    return _answer(q, s, k, f"mean:{k}", "Each curve's mean (centre of mass) is marked by a triangle of its colour on "
                                         f"the x axis. Which curve's mean lies farthest {side}?")


@task("mode_location_extremum_label", answer="string", annotation="point", ops="ranking",
      queries=("leftmost_mode_label", "rightmost_mode_label"))
def mode_location_extremum_label(q):
    right = q.query_id.startswith("rightmost")
    s, k = _marked_extreme(q, "mode", lambda cm: modes(cm, LO, HI)[0][0], right)
    peaks = [modes(cm, LO, HI) for cm in s["curves"]]
    q.require(all(len(p) == 1 or p[1][1] <= 0.9 * p[0][1] for p in peaks), "a curve has two equal peaks")
    return _answer(q, s, k, f"peak:{k}", "Each curve's dominant peak is marked with a dot. Which curve's dominant peak "
                                         f"is the {'rightmost' if right else 'leftmost'}?")
