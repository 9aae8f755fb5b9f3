"""physics/gear_train: chains of meshed spur gears, an input gear and a marked output gear.

Two layouts: four lettered panels, each a gear chain whose input gear carries a rotation arrow
(which panel's output turns a given way: every mesh reverses the sense of rotation), and one
gear train labelled with tooth counts and the input speed (output speed = input rpm x input teeth
/ output teeth; idler gears do not change it).  Adjacent gears' pitch circles touch (centre distance
= sum of pitch radii), other gears keep clear of each other.  Difficulty grows the gear count.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.cards import label_badge
from tracegen.kits.mechanics import gear, rotation_arrow, tag
from tracegen.kits.panels import panel_card

PW, PH = 1000, 720                  # four-panel layout
SW, SH = 900, 580                   # single-train layout
GEARS = {1: (2, 3), 2: (2, 5), 3: (4, 6)}          # gears per panel
SPEED_GEARS = {1: (2, 3), 2: (3, 5), 3: (5, 6)}
PANEL_TEETH = (12, 14, 16, 18, 20, 22, 24, 26, 28, 30)
TEETH = (16, 18, 20, 24, 25, 30, 32, 36, 40, 45, 48, 50, 54, 60)
RPMS = tuple(range(20, 250, 10))
PANEL_MODULE, SPEED_MODULE = 3.6, 5.0
CLEAR = 10.0                        # gap between non-adjacent gears' tips


def panel_boxes():
    """Content boxes (x0, y0, x1, y1) of the four panels A-D (row-major)."""
    out = []
    for k in range(4):
        r, col = divmod(k, 2)
        x0, y0 = 20 + col * 490, 20 + r * 350
        out.append((x0, y0, x0 + 470, y0 + 330))
    return out


def layout_chain(rng, teeth, module, box, *, spread: float = 0.85, tries: int = 200):
    """Centres of a chain of meshed gears inside ``box`` (x0, y0, x1, y1), or None: each gear sits at
    its pitch-radius sum from the previous one in a direction within ``spread`` rad of due right;
    non-adjacent gears keep CLEAR between their tips.  The chain is centred in the box."""
    radii = [module * t / 2 for t in teeth]
    depth = module
    x0, y0, x1, y1 = box
    for _ in range(tries):
        pts = [(0.0, 0.0)]
        for k in range(1, len(teeth)):
            a = float(rng.uniform(-spread, spread))
            d = radii[k - 1] + radii[k]
            pts.append((pts[-1][0] + d * math.cos(a), pts[-1][1] + d * math.sin(a)))
        ok = all(math.dist(pts[i], pts[j]) >= radii[i] + radii[j] + 2 * depth + CLEAR
                 for i in range(len(pts)) for j in range(i + 2, len(pts)))
        if not ok:
            continue
        lo_x = min(p[0] - r - depth for p, r in zip(pts, radii))
        hi_x = max(p[0] + r + depth for p, r in zip(pts, radii))
        lo_y = min(p[1] - r - depth for p, r in zip(pts, radii))
        hi_y = max(p[1] + r + depth for p, r in zip(pts, radii))
        if hi_x - lo_x > x1 - x0 or hi_y - lo_y > y1 - y0:
            continue
        sx = (x0 + x1) / 2 - (lo_x + hi_x) / 2
        sy = (y0 + y1) / 2 - (lo_y + hi_y) / 2
        return [[round(p[0] + sx, 1), round(p[1] + sy, 1)] for p in pts]
    return None


def phases(train) -> list[float]:
    """Tooth phases that interleave each meshing pair's teeth (tooth of one facing a gap of the other)."""
    gs, m = train["gears"], train["module"]
    out = [train["phase"]]
    for k in range(1, len(gs)):
        a, b = gs[k - 1], gs[k]
        theta = math.atan2(b["y"] - a["y"], b["x"] - a["x"])
        pa, pb = 2 * math.pi / a["teeth"], 2 * math.pi / b["teeth"]
        u = ((theta - out[-1]) / pa) % 1.0
        out.append(theta + math.pi - (0.5 - u) * pb)
    return out


def make_train(rng, teeth, module, box, clockwise: bool, rpm: int = 0):
    pts = layout_chain(rng, teeth, module, box)
    if pts is None:
        return None
    return {"gears": [{"teeth": int(t), "x": p[0], "y": p[1]} for t, p in zip(teeth, pts)], "module": module,
            "clockwise": bool(clockwise), "rpm": int(rpm), "phase": round(float(rng.uniform(0, 6.28)), 3)}


class GearTrain(Scene):
    domain, scene_id, size = "physics", "gear_train", (PW, PH)
    description = "Chains of meshed spur gears with an input gear (rotation arrow or speed) and a marked output gear."
    megapixels = (0.8, 1.05)

    def canvas_size(self, state):
        return (PW, PH) if state["layout"] == "panels" else (SW, SH)

    def sample(self, rng, difficulty):
        lo, hi = GEARS[difficulty]
        trains = []
        for box in panel_boxes():
            inner = (box[0] + 30, box[1] + 62, box[2] - 30, box[3] - 50)
            while True:
                n = int(rng.integers(lo, hi + 1))
                teeth = [int(t) for t in rng.choice(PANEL_TEETH, size=n)]
                tr = make_train(rng, teeth, PANEL_MODULE, inner, bool(rng.integers(2)))
                if tr is not None:
                    trains.append(tr)
                    break
        return {"layout": "panels", "trains": trains}

    def render(self, c, state, params):
        if state["layout"] == "panels":
            for k, (box, tr) in enumerate(zip(panel_boxes(), state["trains"])):
                letter = "ABCD"[k]
                panel_card(c, box, f"Panel {letter}", size=16, id=f"panel:{letter}")
                label_badge(c, box[0] + 10, box[1] + 8, letter, size=14)
                self._train(c, tr, f"gear:{k}", panel=True)
        else:
            c.text(SW / 2, 30, "Gear train", size=20, bold=True)
            self._train(c, state["trains"][0], "gear:0", panel=False)

    def _train(self, c, tr, prefix, *, panel):
        gs, m = tr["gears"], tr["module"]
        ph = phases(tr)
        n = len(gs)
        for k, (g, p) in enumerate(zip(gs, ph)):
            r = m * g["teeth"] / 2
            gear(c, g["x"], g["y"], r, g["teeth"], p, depth=m, fill=c.style.series(k % 6), id=f"{prefix}:{k}")
        g0, gl = gs[0], gs[-1]
        r0, rl = m * g0["teeth"] / 2 + m, m * gl["teeth"] / 2 + m
        circles = [(g["x"], g["y"], m * g["teeth"] / 2 + m) for g in gs]
        bounds = bounds_of(tr, panel)
        if panel:
            away = math.atan2(g0["y"] - gs[1]["y"], g0["x"] - gs[1]["x"])
            sweep = 3.2
            start = away - sweep / 2 if tr["clockwise"] else away + sweep / 2
            rotation_arrow(c, g0["x"], g0["y"], r0 + 9, tr["clockwise"], start=start, sweep=sweep, color="accent",
                           lw=3.0)
            circles.append((g0["x"], g0["y"], r0 + 14))
            in_text, out_text, size = "IN", "OUT ?", 14.0
        else:
            in_text, out_text, size = f"input = {tr['rpm']} rpm", "output = ? rpm", 16.0
        w_in = c.text_width(in_text, size=size, bold=not panel) + 14
        x, y = spot(g0, r0, w_in, size + 10, circles, bounds, prefer_up=True)
        tag(c, x, y, in_text, size=size, bold=not panel)
        circles.append((x, y, w_in / 2))
        w_out = c.text_width(out_text, size=size, bold=not panel) + 14
        x, y = spot(gl, rl, w_out, size + 10, circles, bounds, prefer_up=False)
        d = math.hypot(x - gl["x"], y - gl["y"]) or 1.0
        inner = 0.0 if panel else rl - 2 * m
        c.line(gl["x"] + (x - gl["x"]) * inner / d, gl["y"] + (y - gl["y"]) * inner / d, x, y, color="red", lw=2.0)
        if panel:
            c.circle(gl["x"], gl["y"], 3.5, fill="red")
        tag(c, x, y, out_text, size=size, bold=not panel, stroke="red")
        if not panel:
            for g in gs:
                tag(c, g["x"], g["y"], f"T={g['teeth']}", size=14, bold=True, fill="paper")


def bounds_of(tr, panel):
    """The area a train's tags may use: its panel's box below the title row, or the single canvas."""
    if not panel:
        return (12, 50, SW - 12, SH - 12)
    g = tr["gears"][0]
    for box in panel_boxes():
        if box[0] <= g["x"] <= box[2] and box[1] <= g["y"] <= box[3]:
            return (box[0] + 8, box[1] + 36, box[2] - 8, box[3] - 8)
    raise ValueError("gear outside every panel")


def spot(g, r, w, h, circles, bounds, *, prefer_up):
    """Centre of a w x h tag near gear ``g`` (outer radius r) clear of ``circles`` and inside ``bounds``:
    the first free one of above/below/right/left (preferring up or down), else the least crowded."""
    cands = []
    for dist in (20, 44, 72):
        up = (g["x"], g["y"] - r - dist - h / 2)
        down = (g["x"], g["y"] + r + dist + h / 2)
        cands += [up, down] if prefer_up else [down, up]
        cands += [(g["x"] + r + dist + w / 2, g["y"]), (g["x"] - r - dist - w / 2, g["y"])]
    best, best_gap = None, -1e9
    for x, y in cands:
        x0, y0, x1, y1 = x - w / 2, y - h / 2, x + w / 2, y + h / 2
        if x0 < bounds[0] or y0 < bounds[1] or x1 > bounds[2] or y1 > bounds[3]:
            continue
        gap = min(math.hypot(max(x0 - cx, 0, cx - x1), max(y0 - cy, 0, cy - y1)) - cr for cx, cy, cr in circles)
        if gap >= 4:
            return x, y
        if gap > best_gap:
            best, best_gap = (x, y), gap
    return best


SCENE = GearTrain()
task = SCENE.task


def output_clockwise(tr) -> bool:
    """Each mesh reverses the sense: the output turns like the input after an even number of meshes."""
    meshes = len(tr["gears"]) - 1
    return tr["clockwise"] if meshes % 2 == 0 else not tr["clockwise"]


@task("output_direction_label", answer="option_letter", annotation="bbox",
      ops="filtering,counting,topology,formula_evaluation")
def output_direction_label(q):
    want = q.choice("direction", ["clockwise", "counterclockwise"])
    letter = q.target("ABCD")
    q.offer(4, "prompt")

    def plant(st, r):
        for k, tr in enumerate(st["trains"]):
            hit = "ABCD"[k] == letter
            flips = (len(tr["gears"]) - 1) % 2 == 1
            out_cw = (want == "clockwise") == hit
            tr["clockwise"] = out_cw != flips
        return st

    s = q.edit(plant)
    outs = ["clockwise" if output_clockwise(tr) else "counterclockwise" for tr in s["trains"]]
    q.step("propagate", meshes=[len(tr["gears"]) - 1 for tr in s["trains"]], outputs=outs)
    hits = [k for k, o in enumerate(outs) if o == want]
    q.require(len(hits) == 1, "not exactly one panel turns the asked way")
    ans = "ABCD"[hits[0]]
    return q.answer(ans, witnesses=f"panel:{ans}",
                    question=("The figure shows four lettered panels, each with a chain of meshed gears. The arrow on "
                              "the input gear (IN) shows which way it turns; the output gear is marked OUT. Following "
                              f"each train from input to output, in which panel does the output gear turn {want}? "
                              "Choose one of the panel letters A, B, C or D."))


def _speeds():
    table = {}
    for rpm in RPMS:
        for ti in TEETH:
            for to in TEETH:
                if rpm * ti % to == 0 and 20 <= rpm * ti // to <= 160 and ti != to:
                    table.setdefault(rpm * ti // to, []).append((rpm, ti, to))
    return table


SPEEDS = _speeds()


@task("output_speed_value", answer="integer", annotation="bbox_map", ops="topology,formula_evaluation")
def output_speed_value(q):
    target = q.target(sorted(SPEEDS))
    lo, hi = SPEED_GEARS[q.difficulty]

    def plant(st, r):
        combos = [cb for cb in SPEEDS[target] if target not in cb]
        box = (40, 110, SW - 40, SH - 60)
        for _ in range(60):
            rpm, ti, to = combos[int(r.integers(len(combos)))]
            n = int(r.integers(lo, hi + 1))
            pool = [t for t in TEETH if t != target and t <= 40]
            mids = [int(t) for t in r.choice(pool, size=n - 2)]
            tr = make_train(r, [ti] + mids + [to], SPEED_MODULE, box, False, rpm)
            if tr is not None:
                return {"layout": "single", "trains": [tr]}
        return {"layout": "single", "trains": []}

    s = q.edit(plant)
    q.require(bool(s["trains"]), "no gear train fits the canvas")
    tr = s["trains"][0]
    gs = tr["gears"]
    rpm, ti, to = tr["rpm"], gs[0]["teeth"], gs[-1]["teeth"]
    q.require(rpm * ti % to == 0, "output speed is not a whole rpm")
    out = rpm * ti // to
    q.require(out not in [rpm] + [g["teeth"] for g in gs], "the answer is printed as a label")
    q.step("gear_ratio", input_rpm=rpm, input_teeth=ti, output_teeth=to, idlers=len(gs) - 2, result=out)
    n = len(gs) - 1
    return q.answer(out, witnesses={"input": "gear:0:0", "output": f"gear:0:{n}"},
                    question=("The diagram shows a train of meshed gears; T is each gear's tooth count. The input gear "
                              "turns at the speed printed next to it. At what speed, in rpm, does the output gear "
                              "(marked '?') turn?"), examples=[90, 45])
