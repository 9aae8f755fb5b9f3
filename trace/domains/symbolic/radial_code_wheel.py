"""symbolic/radial_code_wheel: a three-ring code wheel.  The inner ring is split into lettered sectors;
each inner sector is split into lettered sectors of the middle ring, and each of those into
lettered sectors of the outer ring; an output label stands just outside every outer sector.  A
three-symbol code is read from the centre outwards (inner, middle, outer ring) and ends at one
output label.  Within a parent sector the letters are shuffled, so every path has to be followed.

Beside the wheel: a code card and six lettered output cards, a target output with six lettered
code cards, or a target output with a code missing one symbol.  Difficulty grows the wheel (3, 4
and 4 sectors per parent in the inner and middle rings; 3, 4, 5 in the outer ring: 27, 64, 80
outputs).
"""

from __future__ import annotations

import math

from tracegen.core.options import insert_at, pick_distinct
from tracegen.core.task import Scene
from tracegen.kits.cards import card_grid, draw_card, rounded_rect

W, H = 1000, 800
CX, CY = 356, 400
RADII = (58, 132, 204, 276)          # START disc, then the outer edge of the inner, middle and outer ring
LABEL_R = 306
BRANCH = {1: (3, 3, 3), 2: (4, 4, 4), 3: (4, 4, 5)}
SYMBOLS = "ABCDE"
OUT_LETTERS, OUT_DIGITS = "HKLMNPRST", "123456789"
LETTERS = "ABCDEF"
RING_NAMES = ("inner", "middle", "outer")
RULE = ("A code is read from the centre outwards: its first symbol picks a sector of the inner ring, the second "
        "a sector of the middle ring inside that sector, the third a sector of the outer ring inside that one, and "
        "the label just outside that outer sector is the code's output.")


def leaves(state):
    """Every path of the wheel as (code, output label), in angular order."""
    b1, b2, b3 = state["branch"]
    out = []
    for i in range(b1):
        for j in range(b2):
            for k in range(b3):
                code = state["inner"][i] + state["middle"][i][j] + state["outer"][i * b2 + j][k]
                out.append((code, state["outputs"][(i * b2 + j) * b3 + k]))
    return out


def path_of(state, code):
    """(i, j, k) sector indices of ``code``."""
    b1, b2, b3 = state["branch"]
    i = state["inner"].index(code[0])
    j = state["middle"][i].index(code[1])
    k = state["outer"][i * b2 + j].index(code[2])
    return i, j, k


def output_of(state, code) -> str:
    b1, b2, b3 = state["branch"]
    i, j, k = path_of(state, code)
    return state["outputs"][(i * b2 + j) * b3 + k]


def _perm(rng, n):
    return "".join(SYMBOLS[int(v)] for v in rng.permutation(n))


class RadialCodeWheel(Scene):
    domain, scene_id, size = "symbolic", "radial_code_wheel", (W, H)
    megapixels = (0.82, 1.06)
    description = ("A three-ring code wheel with lettered sectors and output labels round its rim, beside a code or "
                   "target card and lettered option cards.")

    def sample(self, rng, difficulty):
        b1, b2, b3 = BRANCH[difficulty]
        pool = [a + d for a in OUT_LETTERS for d in OUT_DIGITS]
        outputs = [pool[int(v)] for v in rng.choice(len(pool), size=b1 * b2 * b3, replace=False)]
        return {"level": difficulty, "branch": [b1, b2, b3], "offset": round(float(rng.uniform(-20, 20)), 2),
                "inner": _perm(rng, b1), "middle": [_perm(rng, b2) for _ in range(b1)],
                "outer": [_perm(rng, b3) for _ in range(b1 * b2)], "outputs": outputs,
                "layout": "", "code": "", "target": "", "options": []}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        self._wheel(c, state)
        x0, w = 712, W - 712 - 20
        if state["layout"] == "code":
            self._card(c, x0, 40, w, "Code", " ".join(state["code"]), "code_card")
        else:
            self._card(c, x0, 40, w, "Output", state["target"], "target_card")
        if state["layout"] == "missing":
            self._card(c, x0, 200, w, "Code", " ".join(state["code"]), "code_card")
            return
        for k, (x, y, bw, bh) in enumerate(card_grid(x0, 230, w, 6, cols=2, h=130, gap=22)):
            text = state["options"][k] if state["layout"] == "code" else " ".join(state["options"][k])
            draw_card(c, (x, y, bw, bh), LETTERS[k], text, size=28, id=f"option:{LETTERS[k]}")

    @staticmethod
    def _card(c, x, y, w, title, text, eid):
        rounded_rect(c, x, y, w, 130, radius=14, fill="paper", stroke="ink", lw=1.6, id=eid)
        c.text(x + w / 2, y + 30, title, size=20, bold=True, color=c.text_on("paper"))
        c.text(x + w / 2, y + 84, text, size=38, bold=True, color=c.text_on("paper"))

    @staticmethod
    def _angle(state, t):
        return math.radians(state["offset"] + 360.0 * t)

    def _point(self, state, r, t):
        a = self._angle(state, t)
        return CX + r * math.sin(a), CY - r * math.cos(a)

    def _sector(self, c, state, r0, r1, t0, t1, fill):
        steps = max(2, int(64 * (t1 - t0)) + 1)
        ts = [t0 + (t1 - t0) * s / steps for s in range(steps + 1)]
        pts = [self._point(state, r1, t) for t in ts] + [self._point(state, r0, t) for t in ts[::-1]]
        c.polygon(pts, fill=fill, stroke="ink", lw=1.0)

    def _wheel(self, c, state):
        b1, b2, b3 = state["branch"]
        shades = [c.color("paper"), c.color("panel"), c.color(f"series:{c.style.accent % 6}")]
        shades[2] = tuple(0.55 * p + 0.45 * s for p, s in zip(shades[0], shades[2]))
        n_out = b1 * b2 * b3
        span = [1.0 / b1, 1.0 / (b1 * b2), 1.0 / n_out]
        for ring in range(3):
            r0, r1 = RADII[ring], RADII[ring + 1]
            count = (b1, b1 * b2, n_out)[ring]
            size = (30, 22, 15 if n_out <= 64 else 13)[ring]
            for s in range(count):
                t0 = s * span[ring]
                fill = shades[(s + ring) % 3]
                self._sector(c, state, r0, r1, t0, t0 + span[ring], fill)
                if ring == 0:
                    label, eid = state["inner"][s], f"ring:0:{s}"
                elif ring == 1:
                    label, eid = state["middle"][s // b2][s % b2], f"ring:1:{s}"
                else:
                    label, eid = state["outer"][s // b3][s % b3], f"ring:2:{s}"
                x, y = self._point(state, (r0 + r1) / 2, t0 + span[ring] / 2)
                c.text(x, y, label, size=size, bold=True, color=c.text_on(fill))
                c.register(eid, point=(x, y), box=(x - size / 2, y - size / 2, x + size / 2, y + size / 2))
        for s, label in enumerate(state["outputs"]):
            x, y = self._point(state, LABEL_R, (s + 0.5) / n_out)
            c.text(x, y, label, size=14 if n_out <= 64 else 13, bold=True, id=f"output:{s}")
        c.circle(CX, CY, RADII[0], fill="paper", stroke="ink", lw=1.5, id="start")
        c.text(CX, CY, "START", size=14, bold=True, color=c.text_on("paper"))
        c.circle(CX, CY, RADII[3], stroke="ink", lw=2.0)


SCENE = RadialCodeWheel()
task = SCENE.task


def _witnesses(state, code):
    b1, b2, b3 = state["branch"]
    i, j, k = path_of(state, code)
    return {"inner_ring_symbol": f"ring:0:{i}", "middle_ring_symbol": f"ring:1:{i * b2 + j}",
            "outer_ring_symbol": f"ring:2:{(i * b2 + j) * b3 + k}"}


def _neighbours(state, code):
    """Codes that differ from ``code`` in one symbol."""
    out = []
    for pos in (2, 1, 0):
        for sym in SYMBOLS[:state["branch"][pos]]:
            if sym != code[pos]:
                out.append(code[:pos] + sym + code[pos + 1:])
    return out


def _pick_code(s, r):
    paths = leaves(s)
    return paths[int(r.integers(len(paths)))][0]


def _six(q, r, right, pool, letter):
    return insert_at(letter, right, pick_distinct(q, r, [p for p in pool if p != right], 5))


# ---------------------------------------------------------------------- tasks
@task("code_output_label", answer="string", annotation="point_map", ops="transformation")
def code_output_label(q):
    q.offer(6, "image")
    letter = q.target(LETTERS, stratified=True)

    def edit(s, r):
        code = _pick_code(s, r)
        near = [output_of(s, x) for x in _neighbours(s, code)]
        s.update(layout="code", code=code, options=_six(q, r, output_of(s, code), near, letter))
        return s

    s = q.edit(edit)
    out = output_of(s, s["code"])
    k = s["options"].index(out)
    q.step("follow_code", code=s["code"], path=list(path_of(s, s["code"])), output=out)
    return q.answer(LETTERS[k], witnesses=_witnesses(s, s["code"]), examples=list(LETTERS),
                    question=(f"The image shows a three-ring code wheel, a code card and six lettered output cards. "
                              f"{RULE} Which card shows the output of the code on the code card? Answer with the "
                              "card's letter."))


@task("missing_code_symbol_label", answer="string", annotation="point", ops="transformation,matching")
def missing_code_symbol_label(q):
    pos = q.param("missing", lambda r: int(r.integers(3)))
    alphabet = SYMBOLS[:BRANCH[q.difficulty][pos]]
    q.offer(len(alphabet), "prompt")
    want = q.target(alphabet, stratified=True)

    def edit(s, r):
        paths = [p for p in leaves(s) if p[0][pos] == want]
        code, out = paths[int(r.integers(len(paths)))]
        s.update(layout="missing", code=code[:pos] + "?" + code[pos + 1:], target=out)
        return s

    s = q.edit(edit)
    fits = [sym for sym in alphabet if output_of(s, s["code"].replace("?", sym)) == s["target"]]
    q.require(len(fits) == 1, "not exactly one symbol reaches the target")
    full = s["code"].replace("?", fits[0])
    choices = ", ".join(alphabet[:-1]) + f" or {alphabet[-1]}"
    q.step("complete_code", code=full, output=s["target"])
    return q.answer(fits[0], witnesses=_witnesses(s, full)[f"{RING_NAMES[pos]}_ring_symbol"], examples=list(alphabet),
                    hint=f"The answer is one symbol: {choices}.",
                    question=(f"The image shows a three-ring code wheel, a target output card and a code card whose "
                              f"{RING_NAMES[pos]}-ring symbol is replaced by a question mark. {RULE} Which symbol must "
                              f"replace the question mark for the code to reach the target output? Answer with one of "
                              f"{choices}."))


@task("output_code_match_label", answer="string", annotation="point_map", ops="transformation,matching")
def output_code_match_label(q):
    q.offer(6, "image")
    letter = q.target(LETTERS, stratified=True)

    def edit(s, r):
        code = _pick_code(s, r)
        s.update(layout="match", target=output_of(s, code), options=_six(q, r, code, _neighbours(s, code), letter))
        return s

    s = q.edit(edit)
    hits = [k for k, code in enumerate(s["options"]) if output_of(s, code) == s["target"]]
    q.require(len(hits) == 1, "not exactly one code reaches the target")
    code = s["options"][hits[0]]
    q.step("follow_codes", outputs=[output_of(s, x) for x in s["options"]])
    return q.answer(LETTERS[hits[0]], witnesses=_witnesses(s, code), examples=list(LETTERS),
                    question=(f"The image shows a three-ring code wheel, a target output card and six lettered code "
                              f"cards. {RULE} Which card's code reaches the target output? Answer with the card's "
                              "letter."))
