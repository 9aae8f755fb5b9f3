"""physics/piston_cylinder: a gas in a piston-cylinder shown before and after a constant-pressure process.

The pressure (MPa) and the initial and final volumes (L) are printed; the gas column's length is
drawn proportional to the volume.  Boundary work by the gas W = P (V_final - V_initial), with
1 MPa x 1 L = 1 kJ (expansion positive, compression negative).  Difficulty grows the ranges.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.fluids import cylinder_h, tag

PRESSURE = {1: 3, 2: 6, 3: 9}          # MPa, 1..max
VOLUME = {1: 6, 2: 9, 3: 15}           # L, 1..max
W, H = 940, 560
CYL_W, CYL_H, CYL_Y = 300, 130, 190


class PistonCylinder(Scene):
    domain, scene_id, size = "physics", "piston_cylinder", (W, H)
    description = "A piston-cylinder before and after a constant-pressure process, with pressure and volumes printed."
    megapixels = (0.75, 0.98)

    def sample(self, rng, difficulty):
        vi, vf = (int(v) for v in rng.choice(range(1, VOLUME[difficulty] + 1), size=2, replace=False))
        return {"pressure": int(rng.integers(1, PRESSURE[difficulty] + 1)), "v_initial": vi, "v_final": vf,
                "vmax": VOLUME[difficulty]}

    def render(self, c, state, params):
        p = state["pressure"]
        tag(c, W / 2, 52, f"Constant pressure: P = {p} MPa", size=19, id="pressure_label")
        unit = (CYL_W - 60) / state["vmax"]
        for k, (name, key, x) in enumerate((("Initial", "v_initial", 60), ("Final", "v_final", 520))):
            v = state[key]
            c.text(x + CYL_W / 2, CYL_Y - 28, name, size=18, bold=True)
            cylinder_h(c, x, CYL_Y, CYL_W, CYL_H, x + 4 + v * unit, rod_to=x + CYL_W + 16, id=f"state:{name.lower()}")
            label = "Vi" if k == 0 else "Vf"
            tag(c, x + CYL_W / 2, CYL_Y + CYL_H + 60, f"P = {p} MPa", size=16)
            tag(c, x + CYL_W / 2, CYL_Y + CYL_H + 100, f"{label} = {v} L", size=16, id=f"volume:{name.lower()}")
        c.arrow(396, CYL_Y + CYL_H / 2, 500, CYL_Y + CYL_H / 2, color="ink", lw=3.0, head=14)
        c.text(448, CYL_Y + CYL_H / 2 - 22, "process", size=14, color="muted")


SCENE = PistonCylinder()
task = SCENE.task


LEVEL2_WORK = [-24, -18, -15, -12, -10, -8, -6, -4, -3, -2, 2, 3, 3, 4, 4, 5, 6, 6, 7, 8, 9, 10, 12, 14, 15, 16,
               18, 20, 21, 24]


def _support(d):
    out = set()
    for p in range(1, PRESSURE[d] + 1):
        for dv in range(1, VOLUME[d] - 1):
            out.add(p * dv)
    return sorted(out - {1})                 # W = 1 kJ only as P = 1 MPa, dV = 1 L: printed


@task("boundary_work_value", answer="integer", annotation="bbox_map", ops="formula_evaluation")
def boundary_work_value(q):
    pos = _support(q.difficulty)
    # expansions twice as likely as compressions (the original leans to positive work); level 2 uses a
    # fixed 30-value support (stratified: every 30 consecutive instances take each once)
    support = LEVEL2_WORK if q.difficulty == 2 else pos + pos + [-v for v in pos]
    target = q.target(support, stratified=True)

    def plant(st, r):
        vmax = st["vmax"]
        for _ in range(60):
            ps = [p for p in range(1, PRESSURE[q.difficulty] + 1) if target % p == 0 and abs(target) // p < vmax]
            p = int(r.choice(ps))
            dv = target // p
            vi = int(r.integers(max(1, 1 - dv), min(vmax, vmax - dv) + 1))
            if target not in (p, vi, vi + dv):
                st.update(pressure=p, v_initial=vi, v_final=vi + dv)
                break
        return st

    s = q.edit(plant)
    p, vi, vf = s["pressure"], s["v_initial"], s["v_final"]
    work = p * (vf - vi)
    q.require(work != 0, "no volume change")
    q.require(work == target, "missed the target")
    q.require(work not in (p, vi, vf), "the answer is printed")
    q.step("boundary_work", pressure_MPa=p, delta_V_L=vf - vi, result_kJ=work)
    return q.answer(work, examples=[8, -6],
                    witnesses={"pressure": "pressure_label", "initial": "state:initial", "final": "state:final"},
                    question=("The gas in the piston-cylinder goes from the initial to the final state at the constant "
                              "pressure shown. What is the boundary work done by the gas, in kJ (1 MPa × 1 L = 1 kJ)? "
                              "Work done by the gas in an expansion is positive; a compression gives a negative "
                              "value."))
