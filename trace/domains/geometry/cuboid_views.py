"""geometry/cuboid_views: the front, right and top orthographic views of one cuboid (third-angle
layout, drawn to scale), each labelled only with its perimeter: front 2(L + H), right 2(W + H),
top 2(L + W).  Half the three perimeters' sum is L + W + H, each edge follows, and the answer is
the total surface area 2(LW + LH + WH).

Difficulty: the size of the edges (up to 8, 16, 30).
"""

from __future__ import annotations

from tracegen.core.task import Scene

SIZE = (820, 580)
EDGE = {1: (2, 8), 2: (2, 16), 3: (8, 30)}


class CuboidViews(Scene):
    domain, scene_id, size = "geometry", "cuboid_views", SIZE
    megapixels = (0.46, 0.56)   # render-only: the original's one 820 x 580 canvas
    description = "Front, right and top orthographic views of a cuboid, each labelled with its perimeter."

    def sample(self, rng, difficulty):
        lo, hi = EDGE[difficulty]
        while True:
            L, W, H = (int(rng.integers(lo, hi + 1)) for _ in range(3))
            if len({L, W, H}) == 3:
                return {"L": L, "W": W, "H": H}

    def render(self, c, state, params):
        L, W, H = state["L"], state["W"], state["H"]
        k = min(330.0 / (L + W), 420.0 / (W + H))
        lp, wp, hp = (max(v * k, 56.0) for v in (L, W, H))   # thin views widened so the label fits
        gap = 60.0
        x0 = (c.width - (lp + gap + wp)) / 2
        top_y = (c.height - (wp + gap + hp)) / 2 + 10
        front = (x0, top_y + wp + gap, lp, hp)
        right = (x0 + lp + gap, top_y + wp + gap, wp, hp)
        top = (x0, top_y, lp, wp)
        for name, (x, y, w, h), p in (("front", front, 2 * (L + H)), ("right", right, 2 * (W + H)),
                                      ("top", top, 2 * (L + W))):
            c.rect(x, y, w, h, fill="panel", stroke="ink", lw=2.6, id=f"view:{name}")
            c.text(x + w / 2, y + h / 2, f"P = {p}", size=17)
            c.text(x + w / 2, y - 14 if name != "top" else y - 14, f"{name.capitalize()} view", size=16)
        # projection guides between the views
        for yy in (front[1], front[1] + hp):
            c.line(x0 + lp + 6, yy, right[0] - 6, yy, color="muted", lw=1.0)
        for xx in (x0, x0 + lp):
            c.line(xx, top_y + wp + 6, xx, front[1] - 28, color="muted", lw=1.0)
        c.text(min(c.width - 60, right[0] + wp / 2), max(40.0, top_y + wp / 2), "SA = ?", size=20, bold=True)


SCENE = CuboidViews()
task = SCENE.task


@task("cuboid_projection_surface_area_value", answer="integer", annotation="bbox_map",
      ops="transformation,formula_evaluation")
def cuboid_projection_surface_area_value(q):
    s = q.state
    L, W, H = s["L"], s["W"], s["H"]
    sa = 2 * (L * W + L * H + W * H)
    q.require(sa not in (2 * (L + H), 2 * (W + H), 2 * (L + W)), "the answer is printed")
    return q.answer(sa, witnesses={"front": "view:front", "right": "view:right", "top": "view:top"},
                    examples=[sa + 24, 148],
                    question="The diagram shows the front, right and top orthographic views of one cuboid, each "
                             "labelled with its perimeter P. What is the cuboid's total surface area?")
