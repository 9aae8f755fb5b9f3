"""physics/buoyancy_density: a block floating in a tank of liquid of printed density.

The block is ruled into ``parts`` equal horizontal slices and the liquid surface crosses it exactly
at a slice boundary, ``submerged`` slices from its bottom.  By Archimedes' principle a floating body
displaces its own weight of liquid, so rho_object = rho_liquid * submerged / parts.
Difficulty grows the number of slices to count.
"""

from __future__ import annotations

from fractions import Fraction

from tracegen.core.task import Scene
from tracegen.kits.fluids import solid, tag, tank

PARTS = {1: (2, 4, 5), 2: (4, 5, 8, 10), 3: (10, 12, 15, 16)}
LIQUIDS = (0.8, 1.0, 1.2, 1.5, 1.6, 1.8, 2.0)    # g/cm^3
WIDTHS = {"block": 150, "column": 96, "slab": 220}
W, H = 900, 580
TX, TY, TW, TH = 110, 120, 680, 420
SURFACE = 300


def _density_tenths(rho: float, k: int, n: int):
    v = Fraction(str(rho)) * k / n * 10
    return int(v) if v.denominator == 1 else None


class BuoyancyDensity(Scene):
    domain, scene_id, size = "physics", "buoyancy_density", (W, H)
    description = "A block ruled into equal slices floats in a tank; the liquid density is printed."
    megapixels = (0.7, 0.95)

    def sample(self, rng, difficulty):
        n = int(rng.choice(PARTS[difficulty]))
        return {"parts": n, "submerged": int(rng.integers(1, n)), "liquid": float(rng.choice(LIQUIDS)),
                "shape": str(rng.choice(sorted(WIDTHS))), "offset": int(rng.integers(-150, 151))}

    def variant(self, state):
        return state["shape"]

    def render(self, c, state, params):
        n, k = state["parts"], state["submerged"]
        c.text(W / 2, 30, "Floating object in a liquid", size=20, bold=True)
        tag(c, W / 2, 76, f"liquid density = {state['liquid']:.1f} g/cm³", size=17, id="liquid_label")
        tank(c, TX, TY, TW, TH, SURFACE, surface_id="surface")
        hp = min(44.0, 240.0 / n)
        bw = WIDTHS[state["shape"]]
        cx = W / 2 + state["offset"]
        bottom = SURFACE + k * hp
        top = bottom - n * hp
        body = solid(c, "orange", 0.55)
        c.rect(cx - bw / 2, top, bw, n * hp, fill=body, stroke="ink", lw=2.5, id="object")
        for j in range(1, n):
            y = bottom - j * hp
            c.line(cx - bw / 2, y, cx + bw / 2, y, color="ink", lw=1.0)
        c.line(TX, SURFACE, TX + TW, SURFACE, color="blue", lw=2.5)
        c.text(TX + 14, SURFACE - 14, "liquid surface", size=14, anchor="l", color="muted")
        c.text(cx, top - 16, f"object ({n} equal parts)", size=14, color="muted")


SCENE = BuoyancyDensity()
task = SCENE.task


@task("object_density_value", answer="number", annotation="bbox", ops="formula_evaluation")
def object_density_value(q):
    levels = PARTS[q.difficulty]
    combos = {}
    for n in levels:
        for k in range(1, n):
            for rho in LIQUIDS:
                t = _density_tenths(rho, k, n)
                if t is not None:
                    combos.setdefault(t, []).append((n, k, rho))
    target = q.target(sorted(combos), stratified=True)

    def plant(st, r):
        n, k, rho = combos[target][int(r.integers(len(combos[target])))]
        st.update(parts=n, submerged=k, liquid=rho)
        return st

    s = q.edit(plant)
    tenths = _density_tenths(s["liquid"], s["submerged"], s["parts"])
    q.require(tenths == target, "missed the target")
    q.step("archimedes", liquid=s["liquid"], submerged=s["submerged"], parts=s["parts"], result=tenths / 10)
    return q.answer(tenths / 10, witnesses="object", rounding=1, examples=[0.8, 1.3],
                    question=("A solid object floats at rest in the liquid shown. It is ruled into equal horizontal "
                              "parts, and the liquid surface shows how many of them are under the surface. Using the "
                              "printed liquid density, what is the object's density in g/cm³? Give it to one "
                              "decimal place."))
