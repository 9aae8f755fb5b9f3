"""charts/composition_panels: small multiples of pie (or donut) charts over one segment legend;
each panel's title carries its total count and each slice its percentage.

The tasks turn percentages into counts (total x percent / 100) and compare panels: extreme and
nearest-to-target counts, count gaps between two segments, sums over panels chosen by a share
condition or a top-k ranking, and the percentage-point shift between two panels.  Difficulty
grows the panels (4, 6, 8-9) and segments (3-4, 4-5, 5-6); at difficulty 2-3 the panel with
the extreme count is not the one with the extreme percentage.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.panels import category_color, grid_boxes, grid_shape, legend, panel_card, panel_labels, pie
from tracegen.kits.ranking import clear_extreme

N_PANELS = {1: (4, 4), 2: (6, 6), 3: (8, 9)}
N_SEGMENTS = {1: (3, 4), 2: (4, 5), 3: (5, 6)}
TOTALS = tuple(range(100, 1000, 100))
MIN_SHARE = 6
SEGMENT_SETS = (("Delta", "Silver", "Birch", "Cedar", "Amber", "Slate"),
                ("Sports", "Storage", "Software", "Services", "Supplies", "Security"),
                ("Harbor", "Meadow", "Summit", "Canyon", "Prairie", "Lagoon"),
                ("Retail", "Online", "Wholesale", "Export", "Partner", "Direct"),
                ("Housing", "Transport", "Food", "Health", "Leisure", "Savings"))


def _shares(rng, n):
    """``n`` integer percentages (each >= MIN_SHARE) summing to 100."""
    cuts = sorted(int(x) for x in rng.choice(range(1, 100 - n * MIN_SHARE + n), size=n - 1, replace=False))
    parts = [b - a for a, b in zip([0] + cuts, cuts + [100 - n * MIN_SHARE + n])]
    return [p - 1 + MIN_SHARE for p in parts]



class CompositionPanels(Scene):
    domain, scene_id, size = "charts", "composition_panels", (1180, 760)
    fluid = True
    megapixels = (1.05, 1.6)
    description = ("Small multiples of pie or donut charts over one segment legend; panel titles carry total counts "
                   "and slices their percentages.")

    def canvas_size(self, state):
        rows, cols = grid_shape(len(state["panels"]))
        return (cols * 380 + 40, rows * 340 + 80)

    def sample(self, rng, difficulty):
        n_p = int(rng.integers(N_PANELS[difficulty][0], N_PANELS[difficulty][1] + 1))
        n_s = int(rng.integers(N_SEGMENTS[difficulty][0], N_SEGMENTS[difficulty][1] + 1))
        pool = SEGMENT_SETS[int(rng.integers(len(SEGMENT_SETS)))]
        segs = [pool[int(i)] for i in sorted(rng.choice(len(pool), size=n_s, replace=False))]
        panels = [{"title": t, "total": int(rng.choice(TOTALS)), "shares": _shares(rng, n_s)}
                  for t in panel_labels(rng, n_p)]
        return {"segments": segs, "panels": panels}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        segs, panels = state["segments"], state["panels"]
        colors = [category_color(c, k) for k in range(len(segs))]
        key_h = 46
        boxes = grid_boxes((16, 14, W - 16, H - key_h - 10), len(panels), grid_shape(len(panels))[1], gap=16)
        donut = c.style.accent % 3 == 2
        suffix = "%" if c.style.density == "dense" else ""
        for p, (panel, box) in enumerate(zip(panels, boxes)):
            x0, y0, x1, y1 = panel_card(c, box, panel["title"], subtitle=f"Total {panel['total']}", size=17,
                                        id=f"panel:{p}", title_id=f"title:{p}", subtitle_id=f"total:{p}")
            r = max(40.0, min(x1 - x0, y1 - y0) / 2 - 4)
            pie(c, (x0 + x1) / 2, (y0 + y1) / 2, r, panel["shares"], colors, hole=0.45 if donut else 0.0,
                texts=[f"{v}{suffix}" for v in panel["shares"]], text_size=14,
                ids=[f"slice:{p}:{k}" for k in range(len(segs))])
        legend(c, 40, H - key_h, W - 40, list(zip(segs, colors)), size=14, gap=60)


SCENE = CompositionPanels()
task = SCENE.task


# ---------------------------------------------------------------------- shared pieces
def _intro(s) -> str:
    return (f"The image shows {len(s['panels'])} small pie charts. Each panel uses the same segment legend, slice "
            "numbers are percentages, and each panel title includes its total count.")


def _count(panel, k):
    return panel["total"] * panel["shares"][k] // 100


def _seg(q, name="segment"):
    return q.param(name, lambda r: int(r.integers(len(q.state["segments"]))))




def _titles(s):
    return [p["title"] for p in s["panels"]]


def set_share(panel, k, value, r, keep=()):
    """Set segment k's share to ``value`` and take the difference from (or give it to) the other
    segments not in ``keep``, keeping each >= MIN_SHARE; False when that is impossible."""
    diff = value - panel["shares"][k]
    others = [j for j in range(len(panel["shares"])) if j != k and j not in keep]
    room = sum(panel["shares"][j] - MIN_SHARE for j in others)
    if value < MIN_SHARE or diff > room or not others:
        return False
    panel["shares"][k] = value
    for j in r.permutation(others) if diff > 0 else others:
        j = int(j)
        take = min(diff, panel["shares"][j] - MIN_SHARE) if diff > 0 else diff
        panel["shares"][j] -= take
        diff -= take
        if diff == 0:
            break
    return True


# ---------------------------------------------------------------------- tasks
@task("composition_shift_l1_distance", answer="integer", annotation="bbox_set", ops="aggregation,formula_evaluation")
def composition_shift_l1_distance(q):
    s = q.state
    a, b = q.param("panels", lambda r: [int(x) for x in r.choice(len(s["panels"]), size=2, replace=False)])
    sa, sb = s["panels"][a]["shares"], s["panels"][b]["shares"]
    dist = sum(abs(x - y) for x, y in zip(sa, sb))
    q.step("shift", differences=[abs(x - y) for x, y in zip(sa, sb)])
    ta, tb = s["panels"][a]["title"], s["panels"][b]["title"]
    return q.answer(dist, witnesses=[f"panel:{a}", f"panel:{b}"],
                    question=(f"{_intro(s)} Across all segments, what is the total absolute percentage-point shift "
                              f"between \"{ta}\" and \"{tb}\": subtract each segment's two percentages, take absolute "
                              "values, and add them?"))


MATCHED = {1: (1, 2), 2: (1, 2, 3), 3: (2, 3, 4)}


@task("conditioned_panel_sum_from_percent", answer="integer", annotation="bbox_set",
      ops="filtering,counting,comparison,aggregation,formula_evaluation")
def conditioned_panel_sum_from_percent(q):
    s = q.state
    n_p = len(s["panels"])
    cond, target = q.param("segments", lambda r: [int(x) for x in r.choice(len(s["segments"]), size=2, replace=False)])
    t = q.param("matched", lambda r: int(r.choice(MATCHED[q.difficulty])))
    thr = q.param("threshold", lambda r: int(r.choice([20, 25, 30, 35, 40])))
    chosen = q.param("chosen", lambda r: sorted(int(x) for x in r.choice(n_p, size=t, replace=False)))

    def plant(st, r):
        for p, panel in enumerate(st["panels"]):
            v = int(r.integers(thr + 2, thr + 25)) if p in chosen else int(r.integers(MIN_SHARE, thr - 1))
            if not set_share(panel, cond, v, r, keep=(target,)):
                set_share(panel, cond, v, r)
        return st

    s = q.edit(plant)
    hits = [p for p, panel in enumerate(s["panels"]) if panel["shares"][cond] > thr]
    q.require(hits == chosen, "planted shares did not fit")
    total = sum(_count(s["panels"][p], target) for p in hits)
    c, g = s["segments"][cond], s["segments"][target]
    q.step("filtered_counts", panels=[s["panels"][p]["title"] for p in hits], total=total)
    return q.answer(total, witnesses=[f"panel:{p}" for p in hits],
                    question=(f"{_intro(s)} Use only the panels where segment \"{c}\" is over {thr}%. Converting each "
                              f"percentage to a count (total x percent / 100), how many segment \"{g}\" items do "
                              "those panels contain in all?"))


def _not_by_share(q, s, k, best, large):
    """At difficulty 2-3 the extreme count must not sit in the panel with the extreme share."""
    shares = {p: panel["shares"][k] for p, panel in enumerate(s["panels"])}
    top = max(shares, key=shares.get) if large else min(shares, key=shares.get)
    q.require(q.difficulty == 1 or top != best, "the percentages alone decide")


@task("segment_count_extremum_panel_label", answer="string", annotation="point_map",
      ops="filtering,counting,ranking,formula_evaluation", queries=("largest_count", "smallest_count"))
def segment_count_extremum_panel_label(q):
    s = q.state
    k = _seg(q)
    large = q.query_id.startswith("largest")
    counts = {p: _count(panel, k) for p, panel in enumerate(s["panels"])}
    best = clear_extreme(q, counts, largest=large, margin=2)
    _not_by_share(q, s, k, best, large)
    q.step("counts", counts={s["panels"][p]["title"]: v for p, v in counts.items()})
    return q.answer(s["panels"][best]["title"], witnesses={"total": f"total:{best}", "slice": f"slice:{best}:{k}"},
                    examples=_titles(s),
                    question=(f"{_intro(s)} Convert each panel's segment \"{s['segments'][k]}\" percentage to a count "
                              f"using the panel total. Which panel has the {'largest' if large else 'smallest'} "
                              "count?"))


@task("segment_count_nearest_target_panel_label", answer="string", annotation="bbox",
      ops="filtering,counting,ranking,formula_evaluation")
def segment_count_nearest_target_panel_label(q):
    s = q.state
    k = _seg(q)
    counts = {p: _count(panel, k) for p, panel in enumerate(s["panels"])}
    w = q.param("winner", lambda r: int(r.integers(len(s["panels"]))))
    target = q.param("target", lambda r: max(1, counts[w] + int(r.integers(-12, 13))))
    dist = {p: abs(c - target) for p, c in counts.items()}
    best = clear_extreme(q, dist, largest=False, margin=3)
    q.step("distances", distances={s["panels"][p]["title"]: d for p, d in dist.items()})
    return q.answer(s["panels"][best]["title"], witnesses=f"slice:{best}:{k}", examples=_titles(s),
                    question=(f"{_intro(s)} Using counts, not percentages (count = total x percent / 100), which "
                              f"panel's segment \"{s['segments'][k]}\" count is closest to {target}?"))


@task("segment_pair_count_gap_extremum_panel_label", answer="string", annotation="bbox",
      ops="filtering,counting,ranking,formula_evaluation", queries=("largest_count_gap", "smallest_count_gap"))
def segment_pair_count_gap_extremum_panel_label(q):
    s = q.state
    a, b = q.param("segments", lambda r: [int(x) for x in r.choice(len(s["segments"]), size=2, replace=False)])
    large = q.query_id.startswith("largest")
    gaps = {p: abs(_count(panel, a) - _count(panel, b)) for p, panel in enumerate(s["panels"])}
    best = clear_extreme(q, gaps, largest=large, margin=2)
    pct = {p: abs(panel["shares"][a] - panel["shares"][b]) for p, panel in enumerate(s["panels"])}
    top = max(pct, key=pct.get) if large else min(pct, key=pct.get)
    q.require(q.difficulty == 1 or top != best, "the percentages alone decide")
    q.step("count_gaps", gaps={s["panels"][p]["title"]: v for p, v in gaps.items()})
    return q.answer(s["panels"][best]["title"], witnesses=f"panel:{best}", examples=_titles(s),
                    question=(f"{_intro(s)} Which panel gives the {'largest' if large else 'smallest'} absolute "
                              f"count difference between segment \"{s['segments'][a]}\" and segment "
                              f"\"{s['segments'][b]}\"?"))


TOP_K = {1: (2,), 2: (2,), 3: (2, 3)}


@task("top_k_by_segment_then_sum_other_segment_count", answer="integer", annotation="bbox_set",
      ops="counting,ranking,aggregation,formula_evaluation")
def top_k_by_segment_then_sum_other_segment_count(q):
    s = q.state
    rank, other = q.param("segments", lambda r: [int(x) for x in r.choice(len(s["segments"]), size=2, replace=False)])
    k = q.param("k", lambda r: int(r.choice(TOP_K[q.difficulty])))
    shares = sorted(((panel["shares"][rank], p) for p, panel in enumerate(s["panels"])), reverse=True)
    q.require(shares[k - 1][0] - shares[k][0] >= 2, "top panels not clear")
    top = sorted(p for _, p in shares[:k])
    total = sum(_count(s["panels"][p], other) for p in top)
    q.step("top_panels", panels=[s["panels"][p]["title"] for p in top], total=total)
    return q.answer(total, witnesses=[f"panel:{p}" for p in top],
                    question=(f"{_intro(s)} Select the {k} panels whose segment \"{s['segments'][rank]}\" "
                              f"percentages are highest. What is the sum of their segment \"{s['segments'][other]}\" "
                              "counts after converting each percentage to a count (total x percent / 100)?"))
