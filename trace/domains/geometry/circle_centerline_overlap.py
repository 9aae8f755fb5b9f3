"""geometry/circle_centerline_overlap: two (at difficulty 3 three) overlapping circles whose centres
A, B (, C) lie on one line, drawn to scale.  The points where each circle crosses the shared line
inside its neighbour are labelled (P, Q for circles A and B; R, S for B and C); the radii and one
or two segments along the line are printed and another segment is asked: the centre distance
(AB or AC) or a segment between a centre and a crossing point or between two crossings.

Along the line every length is a sum or difference of the radii and the printed segments (AQ is
circle A's radius, PB is circle B's, PQ is the overlap), so the answer follows exactly.
Difficulty: small radii; the reference's ranges; three circles.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.constructions import build_figure, draw_figure, figure, mark_color, prints
from tracegen.kits.geometry import pick, rint

SIZE = (820, 600)
RADII = {1: (4, 14), 2: (6, 40), 3: (6, 40)}


class CircleCenterlineOverlap(Scene):
    domain, scene_id, size = "geometry", "circle_centerline_overlap", SIZE
    megapixels = (0.5, 0.66)    # render-only: the original's one 820 x 600 canvas
    aspect_pad = 0.1
    description = ("Two or three overlapping circles with centres on one line, the points where they cross the line, "
                   "radius labels and segment labels along the line, and one segment asked.")

    def sample(self, rng, difficulty):
        return {"rot": round(float(rng.uniform(-12, 12)), 3), "mirror": False}

    def render(self, c, state, params):
        draw_figure(c, state["fig"], (50, 60, c.width - 50, c.height - 60),
                    mark_color=mark_color(c.style))


SCENE = CircleCenterlineOverlap()
task = SCENE.task


def positions(rng, n, d):
    """Centres and radii along the line with each pair overlapping and every crossing point
    strictly between the two centres; None when the draw fails."""
    lo, hi = RADII[d]
    radii = [rint(rng, lo, hi) for _ in range(n)]
    xs = [0]
    for k in range(n - 1):
        r1, r2 = radii[k], radii[k + 1]
        gap_lo, gap_hi = max(r1, r2) + 2, r1 + r2 - 2
        if gap_lo > gap_hi:
            return None
        xs.append(xs[-1] + rint(rng, gap_lo, gap_hi))
    return xs, radii


NAMES = ("A", "B", "C")
CROSS = (("P", "Q"), ("R", "S"))


def overlap_figure(rng, d, centre_query):
    n = 3 if d == 3 else 2
    got = positions(rng, n, d)
    if got is None:
        return None, None
    xs, radii = got
    at = {NAMES[k]: xs[k] for k in range(n)}
    for k in range(n - 1):                                  # P, Q between A and B; R, S between B and C
        left, right = CROSS[k]
        at[left] = xs[k + 1] - radii[k + 1]                 # circle k+1 crosses the line inside circle k
        at[right] = xs[k] + radii[k]                        # circle k crosses the line inside circle k+1
    order = sorted(at, key=lambda k: at[k])
    gaps = [at[b] - at[a] for a, b in zip(order, order[1:])]
    if min(gaps) < 3 or len(set(at.values())) < len(at):
        return None, None
    seg = lambda a, b: abs(at[b] - at[a])  # noqa: E731
    if n == 2:
        known = [("PQ", seg("P", "Q")), ("AP", seg("A", "P")), ("QB", seg("Q", "B")), ("AB", seg("A", "B"))]
        if centre_query:
            asked = ("AB", seg("A", "B"))
            given = [pick(rng, known[:3])]
        else:
            asked = pick(rng, known[:3])
            given = [pick(rng, [k for k in known if k[0] != asked[0]])]
    else:
        if centre_query:
            asked = ("AC", seg("A", "C"))
            given = [("PQ", seg("P", "Q")), ("RS", seg("R", "S"))]
        else:
            asked = pick(rng, [("SC", seg("S", "C")), ("AP", seg("A", "P")), ("QR", seg("Q", "R"))])
            given = [("PQ", seg("P", "Q")), ("RS", seg("R", "S"))] if asked[0] == "QR" else \
                [pick(rng, [("PQ", seg("P", "Q")), ("QB", seg("Q", "B"))]), pick(rng, [("RS", seg("R", "S")),
                                                                                      ("BR", seg("B", "R"))])]
    if asked[1] in [v for _, v in given] + radii:
        return None, None
    span = xs[-1] + radii[-1] + radii[0]
    pts = {k: (float(v), 0.0) for k, v in at.items()}
    pts["L0"], pts["L1"] = (-radii[0] - 0.08 * span, 0.0), (xs[-1] + radii[-1] + 0.08 * span, 0.0)
    for k in range(n):
        pts["T" + NAMES[k]] = (float(xs[k]), float(radii[k]))   # the top of each circle, for its radius
    fig = figure(pts, circles=[[float(x), 0.0, float(r)] for x, r in zip(xs, radii)])
    fig["dots"] = [k for k in order]
    fig["segs"] = [["L0", "L1", "thin"]] + [[k, "T" + k, "dash"] for k in NAMES[:n]]
    fig["segs"] += [[name[0], name[1], "hidden"] for name, _ in given + [asked]]
    fig["lens"] = [{"a": k, "b": "T" + k, "text": f"r{k} = {r}"} for k, r in zip(NAMES, radii)]
    fig["lens"] += [{"a": name[0], "b": name[1], "text": f"{name} = {v}"} for name, v in given]
    fig["lens"].append({"a": asked[0][0], "b": asked[0][1], "text": f"{asked[0]} = ?"})
    return fig, {"asked": asked[0], "value": asked[1]}


QUERIES = {"center_distance_from_overlap": True, "boundary_segment_from_overlap": False}


@task("segment_length_value", answer="integer", annotation="segment", ops="formula_evaluation",
      queries=tuple(QUERIES))
def segment_length_value(q):
    fig, facts = build_figure(q, lambda rng: overlap_figure(rng, q.difficulty, QUERIES[q.query_id]))
    value = facts["value"]
    q.require(not prints(fig, value), "the answer is printed")
    a, b = facts["asked"]
    n = len(fig["circles"])
    return q.answer(value, witnesses=f"seg:{a}-{b}",
                    question=f"The figure shows {'two' if n == 2 else 'three'} overlapping circles whose centres "
                             f"{' and '.join(NAMES[:n]) if n == 2 else 'A, B and C'} lie on one line; labelled points "
                             "mark where the circles cross that line, rA, rB"
                             f"{', rC' if n == 3 else ''} are the radii and segment lengths along the line are "
                             f"labelled. What is the length of {a}{b}?")
