"""charts/scatter_cluster: a scatter plot of named point clusters (colour and marker shape per
cluster, a boxed "Groups" legend) on 0-100 x and y axes -- round blobs, clusters stretched
along a trend line, or clusters with a shaded elliptical footprint -- and, for the centroid
question, lettered option markers drawn around one cluster.

Nothing is printed but the axis ticks: spreads, trends, areas and mean centres are judged by
eye, so the asked extreme beats the runner-up by a margin (40/30/20 % for trends, 30/20/12 %
for areas and spreads by difficulty) and the closest option is nearer the mean centre by
5, 3.5 or 2.5 axis units than any other.  Difficulty grows the clusters (4-5, 6-7, 8-9).
"""

from __future__ import annotations

import math

from tracegen.core.canvas import blend
from tracegen.core.options import LETTERS
from tracegen.core.prompt import quoted
from tracegen.core.task import Scene
from tracegen.kits.curves import MARKER_SHAPES, XYView, draw_frame, markers
from tracegen.kits.names import category_labels
from tracegen.kits.panels import boxed_legend, category_color
from tracegen.kits.ranking import clear_extreme

N_CLUSTERS = {1: (4, 5), 2: (6, 7), 3: (8, 9)}
SEPARATION = {1: 22.0, 2: 19.0, 3: 16.0}
MARGIN = {1: 0.3, 2: 0.2, 3: 0.12}
TREND_MARGIN = {1: 0.4, 2: 0.3, 3: 0.2}
OPTION_GAP = {1: 5.0, 2: 3.5, 3: 2.5}
N_OPTIONS = (4, 5, 5, 5, 6)


def centres(rng, k, sep):
    """``k`` cluster centres in [14, 86]^2 at least ``sep`` apart (relaxed when crowded)."""
    out = []
    while len(out) < k:
        for _ in range(200):
            p = [float(v) for v in rng.uniform(14, 86, size=2)]
            if all(math.dist(p, o) >= sep for o in out):
                break
        else:
            sep *= 0.9
            continue
        out.append(p)
    return out


def _clip(v):
    return round(min(98.5, max(1.5, v)), 2)


def blob(rng, cx, cy, sx, sy, n):
    return [[_clip(cx + rng.normal(0, sx)), _clip(cy + rng.normal(0, sy))] for _ in range(n)]


def trend(rng, cx, cy, slope, half, n, noise=0.7):
    """``n`` points along a line of ``slope`` through (cx, cy), x within +-half."""
    xs = sorted(float(v) for v in rng.uniform(-half, half, size=n))
    return [[_clip(cx + x), _clip(cy + slope * x + rng.normal(0, noise))] for x in xs]


def in_ellipse(rng, cx, cy, rx, ry, n):
    out = []
    for _ in range(n):
        a, r = rng.uniform(0, 2 * math.pi), math.sqrt(rng.uniform(0, 1)) * 0.85
        out.append([_clip(cx + rx * r * math.cos(a)), _clip(cy + ry * r * math.sin(a))])
    return out


def spread(points, axis):
    """Range along x ("horizontal"), y ("vertical")."""
    vals = [p[0 if axis == "horizontal" else 1] for p in points]
    return max(vals) - min(vals)


def slope(points):
    """Least-squares slope of y on x."""
    n = len(points)
    mx = sum(p[0] for p in points) / n
    my = sum(p[1] for p in points) / n
    sxx = sum((p[0] - mx) ** 2 for p in points)
    return sum((p[0] - mx) * (p[1] - my) for p in points) / sxx


def centroid(points):
    return [sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)]


class ScatterCluster(Scene):
    domain, scene_id, size = "charts", "scatter_cluster", (1280, 820)
    fluid = True
    megapixels = (0.9, 1.45)
    description = ("A scatter plot of named point clusters (colour and marker shape per cluster) with a legend, "
                   "optionally shaded cluster footprints or lettered option markers; nothing but the axes printed.")

    def variant(self, state):
        return state["look"]

    def sample(self, rng, difficulty):
        k = int(rng.integers(N_CLUSTERS[difficulty][0], N_CLUSTERS[difficulty][1] + 1))
        names = category_labels(rng, k, families=("coined", "coined", "places", "surnames"))
        clusters = []
        for name, (cx, cy) in zip(names, centres(rng, k, SEPARATION[difficulty])):
            sx, sy = (float(v) for v in rng.uniform(1.5, 5.5, size=2))
            clusters.append({"name": name, "points": blob(rng, cx, cy, sx, sy, int(rng.integers(8, 13)))})
        return {"look": "blobs", "clusters": clusters}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        cl = state["clusters"]
        colors = [category_color(c, k) for k in range(len(cl))]
        fs = 14.0
        leg_w = max(c.text_width(k["name"], size=fs) for k in cl) + 64
        x0, x1, y0, y1 = 72, W - leg_w - 50, 56, H - 64
        left = c.style.accent % 2 == 0
        c.text(x0 if left else (x0 + x1) / 2, 24, "Scatter Plot", size=19, bold=True, anchor="l" if left else "c")
        v = XYView(x0, y0, x1, y1, 0, 100, 0, 100)
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="paper")
        step = {"sparse": 25, "normal": 20, "dense": 10}[c.style.density]
        draw_frame(c, v, xticks=range(0, 101, step), yticks=range(0, 101, step), font_size=13)
        c.text((x0 + x1) / 2, y1 + 42, "X score", size=14, color="muted")
        c.text(x0 - 46, (y0 + y1) / 2, "Y score", size=14, color="muted", angle=-math.pi / 2)
        for k, cluster in enumerate(cl):
            if "ellipse" in cluster:
                cx, cy, rx, ry = cluster["ellipse"]
                (px, py), (qx, qy) = v.px(cx - rx, cy + ry), v.px(cx + rx, cy - ry)
                fill = blend(c.color(colors[k]), c.color("paper"), 0.22)
                c.ellipse((px + qx) / 2, (py + qy) / 2, (qx - px) / 2, (qy - py) / 2, fill=fill, stroke=colors[k],
                          lw=1.6, id=f"footprint:{k}")
        for k, cluster in enumerate(cl):
            pts = v.pts(*zip(*cluster["points"]))
            markers(c, pts, MARKER_SHAPES[k % 4], 11.0, fill=colors[k], stroke="paper", lw=1.0)
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            c.register(f"cluster:{k}", box=(min(xs) - 6, min(ys) - 6, max(xs) + 6, max(ys) + 6))
        for letter, (ox, oy) in zip(LETTERS, params.get("option_points", [])):
            px, py = v.px(ox, oy)
            c.circle(px, py, 12.0, fill="paper", stroke="ink", lw=1.6, id=f"option:{letter}")
            c.text(px, py, letter, size=14, bold=True, kind="option")
        boxed_legend(c, W - leg_w - 24, y0 - 4, leg_w, "Groups", [k["name"] for k in cl], size=fs,
                     ids=[f"legend:{k}" for k in range(len(cl))],
                     draw_mark=lambda cv, k, x, y: cv.shape(MARKER_SHAPES[k % 4], x, y, 15.0, fill=colors[k],
                                                            stroke="paper", lw=1.0))


SCENE = ScatterCluster()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
INTRO = ("The figure is a scatter plot of several point clusters; each cluster has its own colour and marker shape, "
         "named in the legend.")


def _names(s):
    return [k["name"] for k in s["clusters"]]


def _winner(q):
    return q.param("winner", lambda r: int(r.integers(len(q.state["clusters"]))))


# ---------------------------------------------------------------------- tasks
@task("centroid_option_selection_label", answer="option_letter", annotation="point",
      ops="ranking,aggregation,spatial_relations,formula_evaluation")
def centroid_option_selection_label(q):
    letter = q.target(LETTERS, stratified=True)          # then 4-6 options that include it
    n_opt = q.choice("n_options", [n for n in N_OPTIONS if n > LETTERS.index(letter)])
    q.offer(n_opt, "image")
    s = q.state
    k = _winner(q)
    mx, my = centroid(s["clusters"][k]["points"])
    g = OPTION_GAP[q.difficulty]

    def draw(r):
        near = [mx + r.uniform(-1.0, 1.0), my + r.uniform(-1.0, 1.0)]
        pts = []
        for _ in range(400):
            if len(pts) == n_opt - 1:
                break
            a, d = r.uniform(0, 2 * math.pi), r.uniform(g + 2.0, g + 14.0)
            p = [mx + d * math.cos(a), my + d * math.sin(a)]
            if 3 <= p[0] <= 97 and 3 <= p[1] <= 97 and all(math.dist(p, o) >= 5.0 for o in pts + [near]):
                pts.append(p)
        q.require(len(pts) == n_opt - 1, "no room for the options")
        pts.insert(LETTERS.index(letter), near)
        return [[round(x, 2), round(y, 2)] for x, y in pts]

    opts = q.param("option_points", draw)
    dist = {LETTERS[i]: math.dist(p, (mx, my)) for i, p in enumerate(opts)}
    q.reads(round(mx, 2), round(my, 2))
    best = clear_extreme(q, {L: -d for L, d in dist.items()}, largest=True, margin=g)
    q.step("nearest_option", cluster=s["clusters"][k]["name"], centre=[round(mx, 2), round(my, 2)],
           distances={L: round(d, 2) for L, d in dist.items()}, chosen=best)
    return q.answer(best, witnesses=f"option:{best}",
                    question=f"{INTRO} Lettered option markers ({', '.join(LETTERS[:n_opt])}) are drawn on the plot. "
                             f"Estimate the mean centre of cluster {quoted(s['clusters'][k]['name'])} (the average "
                             "position of its points). Which option marker is closest to it? Answer with its letter.")


@task("cluster_area_rank_label", answer="string", annotation="bbox", ops="ranking,formula_evaluation",
      queries=("largest_cluster_area_label", "smallest_cluster_area_label"))
def cluster_area_rank_label(q):
    largest = q.query_id.startswith("largest")
    w = _winner(q)
    m = MARGIN[q.difficulty]

    def shade(s, r):
        s["look"] = "footprints"
        for j, cl in enumerate(s["clusters"]):
            cx, cy = centroid(cl["points"])
            area = float(r.uniform(70, 200))
            if j == w:
                area = 200 / (1 - m) * 1.05 if largest else 70 * (1 - m) * 0.95
            aspect = float(r.uniform(0.6, 1.6))
            rx, ry = math.sqrt(area / math.pi * aspect), math.sqrt(area / math.pi / aspect)
            cl["ellipse"] = [round(cx, 2), round(cy, 2), round(rx, 3), round(ry, 3)]
            cl["points"] = in_ellipse(r, cx, cy, rx, ry, len(cl["points"]))
        return s

    s = q.edit(shade)
    areas = {j: math.pi * cl["ellipse"][2] * cl["ellipse"][3] for j, cl in enumerate(s["clusters"])}
    q.reads(*[round(a, 1) for a in areas.values()])
    best = clear_extreme(q, areas, largest=largest, margin=m, relative=True)
    word = "largest" if largest else "smallest"
    q.step("footprint_areas", areas={s["clusters"][j]["name"]: round(a, 1) for j, a in areas.items()},
           chosen=s["clusters"][best]["name"])
    return q.answer(s["clusters"][best]["name"], witnesses=f"footprint:{best}", examples=_names(s),
                    question=f"{INTRO} Each cluster also has a shaded footprint (an ellipse around its points). "
                             f"Which cluster's shaded footprint has the {word} area?")


SPREAD_WORDS = {"horizontal": "horizontal spread (the range of its x values)",
                "vertical": "vertical spread (the range of its y values)",
                "overall": "overall spread (it is the widest in both directions)"}


@task("cluster_spread_extremum_label", answer="string", annotation="bbox", ops="ranking,formula_evaluation",
      queries=("largest_horizontal_spread_label", "smallest_horizontal_spread_label", "largest_vertical_spread_label",
               "smallest_vertical_spread_label", "largest_overall_spread_label", "smallest_overall_spread_label"))
def cluster_spread_extremum_label(q):
    largest = q.query_id.startswith("largest")
    axis = q.query_id.split("_")[1]
    w = _winner(q)
    m = MARGIN[q.difficulty]
    axes = ("horizontal", "vertical") if axis == "overall" else (axis,)

    def stretch(s, r):
        for j, cl in enumerate(s["clusters"]):
            cx, cy = centroid(cl["points"])
            sx, sy = (float(v) for v in r.uniform(2.0, 3.6, size=2))
            if j == w:
                f = 6.8 if largest else 0.9
                sx, sy = (f if "horizontal" in axes else sx), (f if "vertical" in axes else sy)
            cl["points"] = blob(r, cx, cy, sx, sy, len(cl["points"]))
        return s

    s = q.edit(stretch)
    scores = {}
    for ax in axes:
        vals = {j: spread(cl["points"], ax) for j, cl in enumerate(s["clusters"])}
        q.reads(*[round(v, 2) for v in vals.values()])
        scores[ax] = clear_extreme(q, vals, largest=largest, margin=m, relative=True)
    q.require(len(set(scores.values())) == 1, "no cluster is extreme in both directions")
    best = scores[axes[0]]
    word = "largest" if largest else "smallest"
    q.step("spreads", axis=axis, chosen=s["clusters"][best]["name"])
    question = f"{INTRO} Which cluster has the {word} {SPREAD_WORDS[axis]}?"
    if axis == "overall":
        question = (f"{INTRO} Which cluster has the {word} overall spread? (That cluster is the "
                    f"{'widest' if largest else 'narrowest'} both horizontally and vertically.)")
    return q.answer(s["clusters"][best]["name"], witnesses=f"cluster:{best}", examples=_names(s), question=question)


@task("cluster_trend_direction_label", answer="string", annotation="bbox", ops="ranking,formula_evaluation",
      queries=("upward_trend_label", "downward_trend_label"))
def cluster_trend_direction_label(q):
    up = q.query_id.startswith("upward")
    sign = 1 if up else -1
    w = _winner(q)
    m = TREND_MARGIN[q.difficulty]

    def lines(s, r):
        s["look"] = "trends"
        top = float(r.uniform(0.9, 1.6))
        for j, cl in enumerate(s["clusters"]):
            cx, cy = centroid(cl["points"])
            sl = sign * top if j == w else float(r.uniform(-top, top)) * (1 - m if r.random() < 0.5 else 0.6)
            half = min(float(r.uniform(7, 11)), (min(cy, 100 - cy) - 3) / max(abs(sl), 0.1))
            cl["points"] = trend(r, cx, cy, sl, half, len(cl["points"]))
        return s

    s = q.edit(lines)
    slopes = {j: slope(cl["points"]) for j, cl in enumerate(s["clusters"])}
    q.reads(*[round(v, 3) for v in slopes.values()])
    best = clear_extreme(q, {j: sign * v for j, v in slopes.items()}, largest=True, margin=m, relative=True)
    q.require(sign * slopes[best] > 0.5, "trend not steep enough")
    word = "upward" if up else "downward"
    q.step("slopes", slopes={s["clusters"][j]["name"]: round(v, 3) for j, v in slopes.items()},
           chosen=s["clusters"][best]["name"])
    return q.answer(s["clusters"][best]["name"], witnesses=f"cluster:{best}", examples=_names(s),
                    question=f"{INTRO} Which cluster shows the strongest {word} trend (its points rise most steeply "
                             f"{'upward' if up else 'downward'} from left to right)?")
