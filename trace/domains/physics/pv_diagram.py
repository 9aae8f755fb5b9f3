"""physics/pv_diagram: pressure-volume diagrams of gas processes.

Two views of one scene: a grid of small labelled P-V panels, each with one process arrow (the sign of
the work done by the gas is the sign of the volume change: rightward = expansion, positive; leftward =
compression, negative; vertical = isochoric, zero), and one large P-V plot with a highlighted
isobaric path from A to B on a gridded axis, whose work is W = P (V_B - V_A) (1 kPa x 1 L = 1 J).
Difficulty grows the number of panels (and adds slanted processes) or the axis ranges.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.cards import label_badge
from tracegen.kits.fluids import tint

LETTERS = "ABCDEFGH"
N_PANELS = {1: 6, 2: 8, 3: 8}
PMAX = {1: 6, 2: 10, 3: 12}          # kPa axis
VMAX = {1: 8, 2: 12, 3: 16}          # L axis
W, H = 960, 620
SIGNS = {"positive": 1, "negative": -1, "zero": 0}
# level 2's work values (J): 30, so every 30 consecutive instances take each once (stratified target)
LEVEL2_WORK = [-18, -15, -12, -10, -8, -6, -4, -3, -2, 1, 2, 3, 4, 5, 6, 6, 7, 8, 8, 9, 9, 10, 12, 14, 15, 16, 18,
               20, 21, 24]


def _panel(rng, sign: int, slanted: bool) -> dict:
    dx = sign
    dy = int(rng.choice([-1, 1])) if sign == 0 else (int(rng.choice([-1, 0, 1])) if slanted else 0)
    ln = int(rng.integers(50, 86))
    return {"dx": dx, "dy": dy, "len": ln, "x": int(rng.integers(ln // 2 + 2, 99 - ln // 2)),
            "y": int(rng.integers(ln // 2 + 2, 99 - ln // 2))}


class PVDiagram(Scene):
    domain, scene_id, size = "physics", "pv_diagram", (W, H)
    description = "Pressure-volume diagrams: small panels with process arrows, or one plot with an isobaric path."
    megapixels = (0.78, 1.02)

    def sample(self, rng, difficulty):
        n = N_PANELS[difficulty]
        panels = [_panel(rng, int(rng.choice([-1, 0, 1])), difficulty == 3) for _ in range(n)]
        vmax = VMAX[difficulty]
        v1, v2 = (int(v) for v in rng.choice(range(1, vmax), size=2, replace=False))
        return {"view": "panels", "panels": panels, "pmax": PMAX[difficulty], "vmax": vmax,
                "path": {"p": int(rng.integers(1, PMAX[difficulty])), "v1": v1, "v2": v2}}

    def variant(self, state):
        return state["view"]

    def render(self, c, state, params):
        if state["view"] == "panels":
            self._panels(c, state)
        else:
            self._plot(c, state)

    def _panels(self, c, state):
        n = len(state["panels"])
        cols = 4 if n == 8 else 3
        pw, ph = (200, 210) if cols == 4 else (260, 210)
        gap = (W - 40 - cols * pw) / (cols - 1)
        c.text(W / 2, 26, "Gas processes on P–V axes", size=19, bold=True)
        for k, pn in enumerate(state["panels"]):
            r, j = divmod(k, cols)
            x, y = 20 + j * (pw + gap), 92 + r * (ph + 56)
            c.rect(x, y, pw, ph, fill="paper", stroke="grid", lw=1.2, id=f"panel:{LETTERS[k]}")
            label_badge(c, x, y - 30, LETTERS[k], size=15)
            ox, oy, top, right = x + 26, y + ph - 24, y + 14, x + pw - 14
            c.arrow(ox, oy, ox, top, color="ink", lw=1.6, head=7)
            c.arrow(ox, oy, right, oy, color="ink", lw=1.6, head=7)
            c.text(ox - 12, top + 8, "P", size=13, bold=True)
            c.text(right - 4, oy + 14, "V", size=13, bold=True)
            sx = (right - ox - 20) / 100
            sy = (oy - top - 20) / 100
            cx, cy = ox + 10 + pn["x"] * sx, oy - 10 - pn["y"] * sy
            ln = pn["len"] / 2
            dx, dy = pn["dx"], pn["dy"]
            norm = (dx * dx + dy * dy) ** 0.5
            ux, uy = dx / norm, dy / norm
            x0, y0 = cx - ux * ln * sx, cy + uy * ln * sy
            x1, y1 = cx + ux * ln * sx, cy - uy * ln * sy
            c.arrow(x0, y0, x1, y1, color="accent", lw=4.0, head=13)

    def _plot(self, c, state):
        pmax, vmax = state["pmax"], state["vmax"]
        x0, x1, y0, y1 = 110, 900, 70, 520
        path = state["path"]

        def px(v, p):
            return x0 + (x1 - x0) * v / vmax, y1 - (y1 - y0) * p / pmax

        for v in range(vmax + 1):
            c.gridline(px(v, 0)[0], y0, px(v, 0)[0], y1)
            c.text(px(v, 0)[0], y1 + 18, str(v), size=14, kind="tick")
        for p in range(pmax + 1):
            c.gridline(x0, px(0, p)[1], x1, px(0, p)[1])
            c.text(x0 - 12, px(0, p)[1], str(p), size=14, anchor="r", kind="tick")
        c.arrow(x0, y1, x0, y0 - 26, color="ink", lw=2.2, head=11)
        c.arrow(x0, y1, x1 + 26, y1, color="ink", lw=2.2, head=11)
        c.text(x0, y0 - 42, "P (kPa)", size=16, bold=True)
        c.text((x0 + x1) / 2, y1 + 48, "V (L)", size=16, bold=True)
        (ax, ay), (bx, by) = px(path["v1"], path["p"]), px(path["v2"], path["p"])
        lo, hi = min(ax, bx), max(ax, bx)
        c.rect(lo, ay, hi - lo, y1 - ay, fill=tint(c, "orange", 0.25), stroke="muted", lw=1.0)
        c.arrow(ax, ay, bx, by, color="accent", lw=4.5, head=16)
        c.register("path", box=(lo, ay - 9, hi, ay + 9))
        for name, (x, y) in (("A", (ax, ay)), ("B", (bx, by))):
            c.circle(x, y, 5, fill="ink")
            c.text(x, y - 22, name, size=17, bold=True)
        c.text((ax + bx) / 2, ay - 48, "expansion" if path["v2"] > path["v1"] else "compression", size=14,
               color="muted")


SCENE = PVDiagram()
task = SCENE.task


@task("pv_process_sign_choice", answer="option_letter", annotation="bbox", ops="formula_evaluation")
def pv_process_sign_choice(q):
    want = q.choice("target_sign", sorted(SIGNS))
    q.offer(N_PANELS[q.difficulty], "image")
    letter = q.target(LETTERS[:N_PANELS[q.difficulty]], stratified=True)

    def plant(st, r):
        others = [v for v in SIGNS.values() if v != SIGNS[want]]
        st["view"] = "panels"
        for k in range(len(st["panels"])):
            sign = SIGNS[want] if LETTERS[k] == letter else int(r.choice(others))
            st["panels"][k] = _panel(r, sign, q.difficulty == 3)
        return st

    s = q.edit(plant)
    signs = {LETTERS[k]: pn["dx"] for k, pn in enumerate(s["panels"])}
    hits = [k for k, v in signs.items() if v == SIGNS[want]]
    q.require(len(hits) == 1 and hits[0] == letter, "not exactly one process with the asked sign")
    q.step("work_signs", signs=signs, target=want, result=hits[0])
    phrase = {"positive": "positive work done by the gas", "negative": "negative work done by the gas",
              "zero": "zero work done by the gas"}[want]
    return q.answer(hits[0], witnesses=f"panel:{hits[0]}", examples=["B", "E"],
                    question=(f"Each labelled panel shows one gas process on pressure (P) versus volume (V) axes, "
                              f"with the arrow giving its direction. Which process has {phrase}?"))


@task("pv_work_value", answer="integer", annotation="bbox", ops="formula_evaluation")
def pv_work_value(q):
    pmax, vmax = PMAX[q.difficulty], VMAX[q.difficulty]
    pos = sorted({p * dv for p in range(1, pmax) for dv in range(1, vmax - 1) if p * dv <= 2 * vmax})
    support = LEVEL2_WORK if q.difficulty == 2 else pos + pos + [-v for v in pos]
    target = q.target(support, stratified=True)

    def plant(st, r):
        st["view"] = "plot"
        ps = [p for p in range(1, pmax) if target % p == 0 and abs(target) // p < vmax - 1]
        p = int(r.choice(ps))
        dv = target // p
        v1 = int(r.integers(max(1, 1 - dv), min(vmax - 1, vmax - 1 - dv) + 1))
        st["path"] = {"p": p, "v1": v1, "v2": v1 + dv}
        return st

    s = q.edit(plant)
    path = s["path"]
    q.reads(path["p"], path["v1"], path["v2"])
    work = path["p"] * (path["v2"] - path["v1"])
    q.require(work != 0, "no volume change")
    q.require(work == target, "missed the target")
    q.step("isobaric_work", pressure_kPa=path["p"], v_from=path["v1"], v_to=path["v2"], result_J=work)
    return q.answer(work, witnesses="path", examples=[8, -6],
                    question=("The highlighted arrow is a constant-pressure process of a gas from A to B. Reading the "
                              "pressure and the two volumes from the axes, what is the work done by the gas, "
                              "W = P × (V_B − V_A), in joules (1 kPa × 1 L = 1 J)? Compression gives a negative "
                              "value."))
