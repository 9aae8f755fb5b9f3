"""geometry/survey_traverse: a survey field sketch -- a diagram panel beside a field-note panel.
Three sketches, one per task: a traverse turn (legs between stations at their bearings, a north
reference, turn arcs, the outgoing bearing asked), a leveling profile (benchmark, staffs, the
instrument's line of sight, backsight and foresight readings, a station's elevation asked) and
an offset survey (a baseline with chainages, perpendicular offsets to an offset line, the area
between them asked).

Every sketch is drawn from its numbers: legs at their true bearings, staff readings as lengths on
the staffs (one tick a unit), offsets and chainages each at its own scale.  Difficulty: a second turn, a
turning point (two instrument setups), more offset stations.
"""

from __future__ import annotations

import math

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits.constructions import Labels, View, around, beside
from tracegen.kits.geometry import pick, rint

SIZE = (820, 580)
DIAGRAM = (50, 50, 540, 500)
NOTE_X = 565


class SurveyTraverse(Scene):
    domain, scene_id, size = "geometry", "survey_traverse", SIZE
    megapixels = (0.46, 0.62)   # render-only: the original's one 820 x 580 canvas
    aspect_pad = 0.1
    description = "A survey field sketch: a turn, leveling or offset diagram beside a field-note panel."

    def sample(self, rng, difficulty):
        return {"kind": ""}

    def render(self, c, state, params):
        x0, y0, x1, y1 = DIAGRAM
        c.rect(x0, y0, x1 - x0, y1 - y0, fill="panel", stroke="muted", lw=1.4)
        c.register("region:diagram", box=DIAGRAM)
        labels = Labels(c, (x0 + 4, y0 + 4, x1 - 4, y1 - 4))
        {"turn": draw_turn, "level": draw_level, "offset": draw_offset}[state["kind"]](c, state, labels)
        lines = state["note"]
        size = 15.0
        w = max(c.text_width(s, size=size) for s in lines) + 28
        h = size * 1.7 * len(lines) + 20
        nx, ny = NOTE_X, 70.0
        c.rect(nx, ny, w, h, fill="panel", stroke="muted", lw=1.2)
        for i, s in enumerate(lines):
            c.text(nx + 14, ny + 10 + size * 1.7 * (i + 0.5), s, size=size, anchor="l")
        c.register("region:note", box=(nx, ny, nx + w, ny + h))
        if state.get("ask"):
            c.text(nx + 4, ny + h + 28, state["ask"], size=17.0, bold=True, color="accent", anchor="l")


SCENE = SurveyTraverse()
task = SCENE.task


def bearing_vec(b):
    """Unit vector (math axes, y up) of a bearing in degrees clockwise from north."""
    t = math.radians(b)
    return (math.sin(t), math.cos(t))


# ---------------------------------------------------------------------- turn sketch
def draw_turn(c, s, labels):
    pts = s["stations"]                      # [[name, x, y], ...] in math units
    P = {n: (x, y) for n, x, y in pts}
    view = View.fit(list(P.values()), (DIAGRAM[0] + 70, DIAGRAM[1] + 70, DIAGRAM[2] - 70, DIAGRAM[3] - 60))
    px = {n: view.px(p) for n, p in P.items()}
    names = [n for n, _, _ in pts]
    # north reference in the panel's corner
    nx, ny = DIAGRAM[0] + 34, DIAGRAM[1] + 70
    c.arrow(nx, ny, nx, ny - 44, color="ink", lw=2.2, head=10)
    c.text(nx, ny - 56, "N", size=17, bold=True)
    labels.box((nx - 14, ny - 68, nx + 14, ny + 2))
    for a, b in zip(names, names[1:]):
        c.line(*px[a], *px[b], color="ink", lw=2.6)
        labels.seg(px[a], px[b])
        m = ((px[a][0] + px[b][0]) / 2, (px[a][1] + px[b][1]) / 2)
        d = math.atan2(px[b][1] - px[a][1], px[b][0] - px[a][0])
        c.polyline([(m[0] - 11 * math.cos(d - 0.45), m[1] - 11 * math.sin(d - 0.45)), m,
                    (m[0] - 11 * math.cos(d + 0.45), m[1] - 11 * math.sin(d + 0.45))], color="ink", lw=2.2)
    mids = []
    for turn in s["turns"]:
        v = px[turn["at"]]
        # north tick at the station and the dashed extension of the incoming leg
        c.line(v[0], v[1], v[0], v[1] - 40, color="muted", lw=1.4, dash=[4.0, 3.0])
        c.text(v[0], v[1] - 50, "N", size=13)
        labels.seg(v, (v[0], v[1] - 56))
        ux, uy = bearing_vec(turn["in"])
        ext = (v[0] + 60 * ux, v[1] - 60 * uy)
        c.line(*v, *ext, color="muted", lw=1.4, dash=[6.0, 4.0])
        labels.seg(v, ext)
        a0 = -math.radians(90 - turn["in"])                # canvas angles (y down)
        ctx = c.ctx
        ctx.new_sub_path()
        if turn["dir"] == "right":
            ctx.arc(v[0], v[1], 34, a0, a0 + math.radians(turn["angle"]))
        else:
            ctx.arc_negative(v[0], v[1], 34, a0, a0 - math.radians(turn["angle"]))
        c._paint(None, "accent", 2.0)
        mids.append(a0 + math.radians(turn["angle"]) / 2 * (1 if turn["dir"] == "right" else -1))
        labels.disc(v[0], v[1], 38)
    for n in names:
        p = px[n]
        c.circle(*p, 5.0, fill="ink", id=f"pt:{n}")
        labels.disc(*p, 7.0)
    cen = (sum(p[0] for p in px.values()) / len(px), sum(p[1] for p in px.values()) / len(px))
    texts = [{"text": n, "candidates": around(*px[n], 10.0, math.atan2(px[n][1] - cen[1], px[n][0] - cen[0])),
              "size": 18, "bold": True} for n in names]
    texts += [{"text": f"{turn['dir']} {turn['angle']}°", "candidates": around(*px[turn["at"]], 40.0, mid),
               "size": 15, "halo": True, "color": "accent"} for turn, mid in zip(s["turns"], mids)]
    texts += [{"text": leg["text"], "candidates": beside(px[leg["a"]], px[leg["b"]], gap=12.0), "size": 15,
               "halo": True} for leg in s["legs"]]
    labels.place_all(texts)


def leg_points(b_in, turns, rng):
    """Station coordinates for a traverse entering at bearing ``b_in`` and turning as given."""
    names = "STUV"
    pts = [(0.0, 0.0)]
    bearing = b_in
    lengths = [float(rng.uniform(0.8, 1.2)) for _ in range(len(turns) + 1)]
    x, y = 0.0, 0.0
    for k, L in enumerate(lengths):
        ux, uy = bearing_vec(bearing)
        x, y = x + L * ux, y + L * uy
        pts.append((x, y))
        if k < len(turns):
            bearing = (bearing + (turns[k][1] if turns[k][0] == "right" else -turns[k][1])) % 360
    return [[names[i], round(p[0], 6), round(p[1], 6)] for i, p in enumerate(pts)]


N_TURNS = {1: 1, 2: 1, 3: 2}
STEP = {1: 10, 2: 5, 3: 5}


@task("outgoing_bearing_from_turn_value", answer="integer", annotation="bbox_map",
      ops="spatial_relations,formula_evaluation")
def outgoing_bearing_from_turn_value(q):
    d = q.difficulty

    def fn(s, rng):
        step = STEP[d]
        b_in = rint(rng, 0, 359 // step) * step
        turns = [(pick(rng, ("left", "right")), rint(rng, 20 // step, 150 // step) * step) for _ in range(N_TURNS[d])]
        st = leg_points(b_in, turns, rng)
        names = [n for n, _, _ in st]
        s["kind"], s["stations"] = "turn", st
        bearing, out = b_in, []
        for k, (dr, ang) in enumerate(turns):
            nb = (bearing + (ang if dr == "right" else -ang)) % 360
            out.append({"at": names[k + 1], "dir": dr, "angle": ang, "in": bearing, "out": nb})
            bearing = nb
        s["turns"] = out
        last = f"{names[-2]}{names[-1]}"
        s["legs"] = [{"a": "S", "b": "T", "text": f"{b_in}°"}, {"a": names[-2], "b": names[-1], "text": "?"}]
        s["note"] = [f"bearing ST = {b_in}°"] + [f"at {t['at']}: turn {t['dir']} {t['angle']}°" for t in out] \
            + [f"bearing {last} = ?"]
        return s

    s = q.edit(fn)
    st = s["stations"]
    b = s["turns"][0]["in"]
    for t in s["turns"]:
        b = (b + (t["angle"] if t["dir"] == "right" else -t["angle"])) % 360
    last = f"{st[-2][0]}{st[-1][0]}"
    return q.answer(int(b), witnesses={"turn_diagram": "region:diagram", "field_note_region": "region:note"},
                    question="The figure shows a survey field sketch with a diagram and a field-note panel. Bearings "
                             "are measured clockwise from north (0 to 359 degrees); a turn is the change of direction "
                             "at a station. Using the incoming bearing and the turn(s), what is the bearing of leg "
                             f"{last}?")


# ---------------------------------------------------------------------- leveling sketch
def draw_level(c, s, labels):
    x0, y0, x1, y1 = DIAGRAM
    setups = s["setups"]                   # [{"bs": .., "fs": .., "hi": ..}] along the stations
    st = s["stations"]                     # [{"name", "elev"}]
    elevs = [p["elev"] for p in st] + [u["hi"] for u in setups]
    lo, hi = min(elevs), max(elevs)
    k = min(22.0, (y1 - y0 - 190) / max(10.0, hi - lo))
    base = y1 - 80

    def Y(e):
        return base - (e - lo) * k

    n = len(st)
    xs = [x0 + 70 + i * (x1 - x0 - 140) / (n - 1) for i in range(n)]
    ground = [(x0 + 10, Y(st[0]["elev"]) + 4)] + [(xs[i], Y(st[i]["elev"])) for i in range(n)] \
        + [(x1 - 10, Y(st[-1]["elev"]) + 6)]
    c.polyline(ground, color="muted", lw=1.6, dash=[5.0, 4.0])
    for a, b in zip(ground, ground[1:]):
        labels.seg(a, b)
    for j, u in enumerate(setups):
        xa, xb = xs[j], xs[j + 1]
        yi = Y(u["hi"])
        c.line(xa, yi, xb, yi, color="series:0", lw=2.0)
        labels.seg((xa, yi), (xb, yi))
        ix = (xa + xb) / 2
        c.polyline([(ix - 12, Y(min(st[j]["elev"], st[j + 1]["elev"])) + 2), (ix, yi + 8),
                    (ix + 12, Y(min(st[j]["elev"], st[j + 1]["elev"])) + 2)], color="ink", lw=1.6)
        c.rect(ix - 11, yi - 6, 22, 12, fill="ink")
        labels.box((ix - 14, yi - 8, ix + 14, Y(min(st[j]["elev"], st[j + 1]["elev"]))))
        for xs_, reading, word, side in ((xa, u["bs"], "BS", 1), (xb, u["fs"], "FS", -1)):
            labels.place(f"{word} {reading}", lambda w, h, x=xs_, y=yi, sd=side: [
                (x + sd * (w / 2 + 14), y + 18), (x + sd * (w / 2 + 14), y - 16), (x - sd * (w / 2 + 14), y + 18)],
                size=14.0, halo=True)
    for i, p in enumerate(st):
        x, yg = xs[i], Y(p["elev"])
        top = min(Y(u["hi"]) for u in setups[max(0, i - 1):i + 1]) - 14
        c.line(x, yg, x, top, color="ink", lw=3.0)
        for t in range(int((yg - top) // k) + 1):
            c.line(x - 4, yg - t * k, x + 4, yg - t * k, color="ink", lw=1.0)
        labels.seg((x, yg), (x, top))
        c.circle(x, yg, 5.0, fill="ink", id=f"pt:{p['name']}")
        labels.place(p["name"], around(x, yg, 9.0, math.pi * 0.75), size=17, bold=True)
        text = str(p["elev"]) if p.get("shown") else "?" if p.get("asked") else ""
        if text:
            labels.place(text, around(x, yg + 14, 6.0, math.pi / 2), size=16, bold=p.get("asked", False), halo=True,
                         color="accent" if p.get("asked") else "ink")


@task("station_elevation_value", answer="integer", annotation="bbox_map", ops="formula_evaluation")
def station_elevation_value(q):
    d = q.difficulty

    def fn(s, rng):
        names = ["K", "P", "L"] if d == 3 else ["K", "L"]
        e = rint(rng, 80, 160, step=10 if d == 1 else 1)
        top = 9 if d == 1 else 14
        st = [{"name": names[0], "elev": e, "shown": True}]
        setups = []
        for nm in names[1:]:
            bs = rint(rng, 2, top)
            fs = rint(rng, 1, top)
            while fs == bs:
                fs = rint(rng, 1, top)
            hi = e + bs
            e = hi - fs
            setups.append({"bs": bs, "fs": fs, "hi": hi})
            st.append({"name": nm, "elev": e})
        st[-1]["asked"] = True
        s["kind"], s["stations"], s["setups"] = "level", st, setups
        if d == 3:
            s["note"] = [f"benchmark K = {st[0]['elev']}", f"BS on K = {setups[0]['bs']}",
                         f"FS on P = {setups[0]['fs']}", f"BS on P = {setups[1]['bs']}", f"FS on L = {setups[1]['fs']}"]
        else:
            s["note"] = [f"benchmark K = {st[0]['elev']}", f"backsight (BS) = {setups[0]['bs']}",
                         f"foresight (FS) = {setups[0]['fs']}"]
        s["ask"] = "elevation of L = ?"
        return s

    s = q.edit(fn)
    e = s["stations"][0]["elev"] + sum(u["bs"] - u["fs"] for u in s["setups"])
    return q.answer(e, witnesses={"station_profile": "region:diagram", "field_note_region": "region:note"},
                    question="The figure shows a survey field sketch with a leveling diagram and a field-note panel. "
                             "Each instrument setup reads a backsight (BS) on a known point and a foresight (FS) on "
                             "the "
                             "next. Using the benchmark elevation and the staff readings, what is the elevation of "
                             "station L?")


# ---------------------------------------------------------------------- offset sketch
def draw_offset(c, s, labels):
    x0, y0, x1, y1 = DIAGRAM
    st = s["offsets"]                      # [{"name", "ch", "off"}]
    span = st[-1]["ch"] - st[0]["ch"]
    top = max(p["off"] for p in st)
    kx, ky = (x1 - x0 - 110) / span, min(34.0, (y1 - y0 - 170) / top)
    bx, by = x0 + 55, y1 - 80

    def P(p):
        return (bx + (p["ch"] - st[0]["ch"]) * kx, by - p["off"] * ky)

    pts = [P(p) for p in st]
    c.polygon([(pts[0][0], by)] + pts + [(pts[-1][0], by)], fill=blend(c.color("series:5"), c.color("panel"), 0.3))
    c.line(bx - 15, by, pts[-1][0] + 15, by, color="ink", lw=2.6)
    labels.seg((bx - 15, by), (pts[-1][0] + 15, by))
    c.polyline(pts, color="series:0", lw=3.0)
    for a, b in zip(pts, pts[1:]):
        labels.seg(a, b)
    for p, q in zip(st, pts):
        c.line(q[0], by, q[0], q[1], color="series:1", lw=1.8)
        labels.seg((q[0], by), q)
        c.line(q[0], by - 5, q[0], by + 5, color="ink", lw=2.0)
        c.text(q[0], by + 18, str(p["ch"]), size=14, kind="tick")
        labels.box((q[0] - 16, by + 8, q[0] + 16, by + 28))
        c.circle(*q, 5.0, fill="ink", id=f"pt:{p['name']}")
        labels.disc(*q, 7.0)
    c.text((bx + pts[-1][0]) / 2, by + 42, "baseline chainage", size=14)
    labels.box(((bx + pts[-1][0]) / 2 - 70, by + 32, (bx + pts[-1][0]) / 2 + 70, by + 52))
    texts = []
    for p, q in zip(st, pts):
        texts += [{"text": p["name"], "candidates": around(*q, 9.0, -math.pi / 2), "size": 17, "bold": True},
                  {"text": str(p["off"]), "candidates": beside((q[0], by), q, gap=8.0), "size": 14, "halo": True}]
    labels.place_all(texts)


N_OFFSETS = {1: 3, 2: 4, 3: (5, 6)}


@task("traverse_area_value", answer="integer", annotation="bbox_map", ops="formula_evaluation")
def traverse_area_value(q):
    d = q.difficulty

    def fn(s, rng):
        n = N_OFFSETS[d] if d < 3 else pick(rng, N_OFFSETS[3])
        for _ in range(100):
            gaps = [rint(rng, 1, 4) * 10 for _ in range(n - 1)]
            offs = [rint(rng, 2, 9) for _ in range(n)]
            if sum(g * (a + b) for g, a, b in zip(gaps, offs, offs[1:])) % 2 == 0 and len(set(offs)) > 1:
                break
        ch = [0]
        for g in gaps:
            ch.append(ch[-1] + g)
        names = "STUDEF"[:n]
        s["kind"] = "offset"
        s["offsets"] = [{"name": names[i], "ch": ch[i], "off": offs[i]} for i in range(n)]
        s["note"] = [f"{names[i]}: ch {ch[i]}, offset {offs[i]}" for i in range(n)]
        s["ask"] = "shaded area = ?"
        return s

    s = q.edit(fn)
    st = s["offsets"]
    twice = sum((b["ch"] - a["ch"]) * (a["off"] + b["off"]) for a, b in zip(st, st[1:]))
    q.require(twice % 2 == 0, "area is not whole")
    return q.answer(twice // 2, witnesses={"traverse_region": "region:diagram", "field_note_region": "region:note"},
                    question="The figure shows a survey field sketch with an offset diagram and a field-note panel: "
                             "stations at chainages along a straight baseline with perpendicular offsets to the offset "
                             "line. What is the shaded area between the baseline and the offset line (sum of the "
                             "trapezoids over adjacent stations)?")
