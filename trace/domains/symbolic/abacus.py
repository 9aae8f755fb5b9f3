"""symbolic/abacus: soroban-style abacuses.  Each rod is split by the beam into one upper bead worth 5
and four lower beads worth 1; a bead counts when it is pushed against the beam, so a rod shows
the digit 5 x (upper bead down) + (lower beads up).  Place-value labels (1000, 100, 10, 1) stand
under the rods.

One abacus above six lettered number cards (the value shown, or the digit of one column), or six
lettered abacuses (which one shows a given number).  The wrong cards are the usual misreadings:
the upper bead's meaning flipped on a rod, the resting beads counted instead of the pushed ones, a
bead miscounted, the columns read right to left.  Difficulty grows the rods (2, 3, 4 columns).
"""

from __future__ import annotations

from tracegen.core.options import insert_at, pick_distinct
from tracegen.core.task import Scene
from tracegen.kits.cards import card_grid, draw_card, label_badge, rounded_rect

LETTERS = "ABCDEF"
COLUMNS = {1: 2, 2: 3, 3: 4}
SINGLE, BOARDS = (900, 780), (1100, 700)
RULE = ("The beam across the frame splits each rod into one upper bead worth 5 and four lower beads worth 1 "
        "each; a bead counts only when it is pushed against the beam.")


def place_labels(n: int) -> list[str]:
    return [str(10 ** (n - 1 - k)) for k in range(n)]


def value_of(digits) -> int:
    v = 0
    for d in digits:
        v = 10 * v + d
    return v


def digits_of(v: int, n: int) -> list[int]:
    return [int(ch) for ch in f"{v:0{n}d}"]


def misread_digits(d: int) -> list[int]:
    """What a rod showing ``d`` is misread as: the upper bead's meaning flipped, the resting lower
    beads counted, one lower bead too many or too few."""
    upper, lower = divmod(d, 5)
    out = [5 * (1 - upper) + lower, 5 * upper + (4 - lower)]
    out += [5 * upper + x for x in (lower - 1, lower + 1) if 0 <= x <= 4]
    return [x for x in out if x != d]


def misread_values(digits) -> list[int]:
    n = len(digits)
    out = []
    for k, d in enumerate(digits):
        for x in misread_digits(d):
            alt = list(digits)
            alt[k] = x
            out.append(value_of(alt))
    out.append(value_of(digits[::-1]))
    return [v for v in out if v != value_of(digits) and 10 ** (n - 1) <= v < 10 ** n]


def random_digits(rng, n: int) -> list[int]:
    return [int(rng.integers(1, 10))] + [int(rng.integers(0, 10)) for _ in range(n - 1)]


def draw_abacus(c, box, digits, *, prefix: str = "", label_size: float = 18.0) -> None:
    """A soroban in ``box`` (x0, y0, x1, y1) showing ``digits`` (one rod each, the place-value labels
    underneath); registers ``{prefix}rod:k`` for every rod."""
    x0, y0, x1, y1 = box
    n = len(digits)
    label_h = label_size + 12
    fx0, fy0, fx1, fy1 = x0, y0, x1, y1 - label_h
    frame = max(5.0, (fy1 - fy0) * 0.03)
    inner_h = fy1 - fy0 - 2 * frame
    bh = inner_h / 9.6                               # bead height
    pitch = (fx1 - fx0 - 2 * frame) / n
    bw = min(pitch * 0.66, bh * 2.6)
    top = fy0 + frame
    beam_y = top + 2.6 * bh
    beam_h = 0.55 * bh
    bottom = fy1 - frame
    rounded_rect(c, fx0, fy0, fx1 - fx0, fy1 - fy0, radius=frame * 1.5, fill="ink")
    c.rect(fx0 + frame, fy0 + frame, fx1 - fx0 - 2 * frame, fy1 - fy0 - 2 * frame, fill="paper")
    bead = f"series:{c.style.accent % 6}"
    for k, d in enumerate(digits):
        cx = fx0 + frame + (k + 0.5) * pitch
        c.line(cx, top, cx, bottom, color="muted", lw=max(2.0, bh * 0.12))
        upper, lower = divmod(d, 5)
        uy = beam_y - bh / 2 - 1 if upper else top + bh / 2 + 1
        c.ellipse(cx, uy, bw / 2, bh / 2 - 0.5, fill=bead, stroke="ink", lw=1.4, id=f"{prefix}bead:{k}:5")
        below = beam_y + beam_h
        for j in range(4):
            if j < lower:                          # pushed up against the beam
                y = below + (j + 0.5) * bh + 1
            else:                                  # resting at the bottom
                y = bottom - (3 - j + 0.5) * bh - 1
            c.ellipse(cx, y, bw / 2, bh / 2 - 0.5, fill=bead, stroke="ink", lw=1.4, id=f"{prefix}bead:{k}:{j}")
        c.register(f"{prefix}rod:{k}", box=(cx - bw / 2, top, cx + bw / 2, bottom))
        c.text(cx, fy1 + label_h / 2 + 4, place_labels(n)[k], size=label_size, color="ink")
    c.rect(fx0 + frame, beam_y, fx1 - fx0 - 2 * frame, beam_h, fill="ink", id=f"{prefix}beam")


class Abacus(Scene):
    domain, scene_id, size = "symbolic", "abacus", SINGLE
    megapixels = (0.72, 0.98)
    description = ("Soroban-style abacuses with place-value labels: one abacus above six lettered number cards, or "
                   "six lettered abacuses.")

    def canvas_size(self, state):
        return BOARDS if state["layout"] == "boards" else SINGLE

    def sample(self, rng, difficulty):
        n = COLUMNS[difficulty]
        return {"level": difficulty, "layout": "single", "boards": [random_digits(rng, n)], "column": -1,
                "options": [], "target": -1}

    def render(self, c, state, params):
        if state["layout"] == "boards":
            w, h = BOARDS
            for k, (x, y, bw, bh) in enumerate(card_grid(24, 24, w - 48, 6, cols=3, h=(h - 48 - 28) / 2, gap=28)):
                rounded_rect(c, x, y, bw, bh, radius=14, fill="panel", stroke="ink", lw=1.5,
                             id=f"option:{LETTERS[k]}")
                label_badge(c, x + 10, y + 10, LETTERS[k], size=16)
                pad = bw * 0.16
                draw_abacus(c, (x + pad, y + 34, x + bw - pad, y + bh - 10), state["boards"][k],
                            prefix=f"{LETTERS[k]}:", label_size=14)
            return
        w, h = SINGLE
        rounded_rect(c, 90, 16, w - 180, 600, radius=16, fill="panel", stroke="grid", lw=1.5, id="abacus")
        c.text(w / 2, 46, "Abacus", size=24, bold=True)
        digits = state["boards"][0]
        span = 130 * len(digits) + 120
        draw_abacus(c, (w / 2 - span / 2, 76, w / 2 + span / 2, 600), digits)
        for k, ((x, y, bw, bh), value) in enumerate(zip(card_grid(24, 650, w - 48, 6, h=80, gap=14),
                                                         state["options"])):
            draw_card(c, (x, y, bw, bh), LETTERS[k], str(value), size=26, id=f"option:{LETTERS[k]}")


SCENE = Abacus()
task = SCENE.task


# ---------------------------------------------------------------------- tasks
@task("displayed_value_readout", answer="option_letter", annotation="bbox", ops="formula_evaluation")
def displayed_value_readout(q):
    q.offer(6, "image")
    letter = q.target(LETTERS, stratified=True)

    def edit(s, r):
        digits = s["boards"][0]
        v = value_of(digits)
        wrong = misread_values(digits)
        n = len(digits)
        near = [v + d for d in (-10, -1, 1, 10, 5, -5) if 10 ** (n - 1) <= v + d < 10 ** n]
        pool = wrong + ([] if len(set(wrong)) >= 5 else near)
        s["options"] = insert_at(letter, v, pick_distinct(q, r, [x for x in pool if x != v], 5))
        return s

    s = q.edit(edit)
    digits = s["boards"][0]
    labels = place_labels(len(digits))
    k = s["options"].index(value_of(digits))
    q.step("read_rods", digits=digits)
    return q.answer(LETTERS[k], witnesses=f"option:{LETTERS[k]}",
                    question=(f"The image shows a soroban-style abacus with {len(digits)} rods labelled "
                              f"{', '.join(labels[:-1])} and {labels[-1]} by place value, above six lettered number "
                              f"cards. {RULE} Reading the rods from left to right, which card gives the number the "
                              "abacus shows? Answer with the card's letter."))


@task("place_digit_readout", answer="option_letter", annotation="bbox", ops="formula_evaluation")
def place_digit_readout(q):
    q.offer(6, "image")
    letter = q.target(LETTERS, stratified=True)

    def edit(s, r):
        digits = s["boards"][0]
        k = int(r.integers(len(digits)))
        d = digits[k]
        s["column"] = k
        first = misread_digits(d) + [x for x in digits if x != d]
        first = list(dict.fromkeys(x for x in first if x != d))
        rest = [x for x in range(10) if x != d and x not in first]
        wrong = pick_distinct(q, r, first, min(3, len(first)))
        wrong += pick_distinct(q, r, [x for x in first + rest if x not in wrong], 5 - len(wrong))
        s["options"] = insert_at(letter, d, wrong)
        return s

    s = q.edit(edit)
    digits, k = s["boards"][0], s["column"]
    label = place_labels(len(digits))[k]
    i = s["options"].index(digits[k])
    q.step("read_rod", column=label, digit=digits[k])
    return q.answer(LETTERS[i], witnesses=f"option:{LETTERS[i]}",
                    question=(f"The image shows a soroban-style abacus with {len(digits)} rods labelled by place "
                              f"value, above six lettered number cards. {RULE} Which card gives the digit shown on "
                              f"the rod labelled {label}? Answer with the card's letter."))


@task("target_value_match_label", answer="option_letter", annotation="bbox", ops="formula_evaluation,matching")
def target_value_match_label(q):
    q.offer(6, "image")
    letter = q.target(LETTERS, stratified=True)

    def edit(s, r):
        digits = s["boards"][0]
        wrong = pick_distinct(q, r, misread_values(digits), 5)
        s["layout"] = "boards"
        s["boards"] = insert_at(letter, digits, [digits_of(v, len(digits)) for v in wrong])
        s["target"] = value_of(digits)
        return s

    s = q.edit(edit)
    target = s["target"]
    hits = [k for k, b in enumerate(s["boards"]) if value_of(b) == target]
    q.require(len(hits) == 1, "two boards show the target")
    q.step("read_boards", values=[value_of(b) for b in s["boards"]])
    return q.answer(LETTERS[hits[0]], witnesses=f"option:{LETTERS[hits[0]]}",
                    question=("The image shows six lettered soroban-style abacuses, each with its rods labelled by "
                              f"place value. {RULE} Which abacus shows the number {target}? Answer with its letter."))
