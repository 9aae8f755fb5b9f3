"""charts/matrix: a labelled matrix with an integer printed in every active cell, shaded by value.

Three kinds: a *confusion matrix* (the same class labels on both axes, actual classes as rows
and predicted classes as columns, large counts on the diagonal), an *annotated heatmap table*
(different row and column labels, values 0-99) and a *triangular pairwise matrix* (the same
labels on both axes, only the cells below the diagonal active).  The printed numbers are the
values; the shading only repeats them.  Tasks read one row or column.  Difficulty grows the
matrix (4-5, 5-8, 8-10 labels a side).
"""

from __future__ import annotations

import math

from tracegen.core.prompt import quoted
from tracegen.core.task import Scene
from tracegen.kits.levels import level_colors, style_ramp, text_color
from tracegen.kits.names import category_labels
from tracegen.kits.panels import note_panel
from tracegen.kits.planting import split_draw

SIDE = {1: (4, 5), 2: (5, 8), 3: (8, 10)}
KINDS = ("confusion", "table", "triangular")
FAMILIES = ("places", "surnames", "codes", "fiscal_years", "months", "topics")
TITLES = {"confusion": "Actual vs Predicted Counts", "table": "Annotated Value Table", "triangular": "Pairwise Scores"}
NOTES = ("Cell colour repeats the printed value; the numbers are the source of truth.",
         "Counts from the evaluation run.", "Blank cells are not part of the matrix.", "Figures as reported.")
INTRO = {"confusion": ("The image shows a labelled confusion matrix: rows are actual classes, columns are predicted "
                       "classes, and every cell prints its integer count."),
         "table": "The image shows a labelled annotated heatmap table with an integer printed in every cell.",
         "triangular": ("The image shows a labelled triangular pairwise matrix: only the cells below the diagonal are "
                        "active, each printing an integer; blank cells do not count.")}


def active(state, r, k) -> bool:
    return state["kind"] != "triangular" or r > k


def fill_values(rng, kind, rows, cols):
    if kind == "confusion":
        return [[int(rng.integers(30, 91)) if r == k else int(rng.integers(0, 16)) for k in range(cols)]
                for r in range(rows)]
    return [[int(rng.integers(0, 100)) for _ in range(cols)] for _ in range(rows)]


class Matrix(Scene):
    domain, scene_id, size = "charts", "matrix", (1100, 740)
    megapixels = (1.05, 1.45)
    fluid = True
    description = ("A labelled matrix printing an integer in every active cell (a confusion matrix, an annotated "
                   "heatmap table or a triangular pairwise matrix), cells shaded by value.")

    def sample(self, rng, difficulty):
        kind = KINDS[int(rng.integers(len(KINDS)))]
        n = int(rng.integers(SIDE[difficulty][0], SIDE[difficulty][1] + 1))
        m = n if kind != "table" else int(rng.integers(SIDE[difficulty][0], SIDE[difficulty][1] + 1))
        fams = list(FAMILIES)
        rows = category_labels(rng, n, families=tuple(fams), max_len=9)
        cols = rows if kind != "table" else category_labels(rng, m, families=tuple(fams), max_len=9)
        return {"kind": kind, "rows": rows, "cols": cols, "values": fill_values(rng, kind, n, m)}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        W, H = c.width, c.height
        st = c.style
        kind = state["kind"]
        note = W / H > 1.75
        right = W - (250 if note else 24)
        c.text((24 + right) / 2, 30, TITLES[kind], size=20, bold=True)
        if note:
            note_panel(c, (right + 16, 60, W - 24, 190), "Note", NOTES[(st.theme + st.accent) % len(NOTES)])
        nr, nc = len(state["rows"]), len(state["cols"])
        fs = 14.0
        lab_w = max(c.text_width(s, size=fs) for s in state["rows"])
        col_w = max(c.text_width(s, size=fs) for s in state["cols"])
        axis = kind == "confusion"
        gx0 = 24 + (26 if axis else 0) + lab_w + 12
        gy0 = 78 + (22 if axis else 0)
        cw = (right - 16 - gx0) / nc
        rotate = col_w > cw * 0.9
        if rotate:
            gy0 += col_w * 0.72
        ch = min((H - 30 - gy0) / nr, cw * 0.9, 70.0)
        cw = min(cw, ch * 2.6)
        gy0 += max(0.0, (H - 30 - gy0 - ch * nr) / 2)        # the grid centred in the height left
        vmax = max(v for r, row in enumerate(state["values"]) for k, v in enumerate(row) if active(state, r, k))
        levels = level_colors(style_ramp(c), 64, lo=0.02, hi=0.85)
        for r, row in enumerate(state["values"]):
            for k, v in enumerate(row):
                x, y = gx0 + k * cw, gy0 + r * ch
                if not active(state, r, k):
                    c.rect(x, y, cw, ch, fill="paper", stroke="grid", lw=0.8)
                    continue
                fill = levels[min(63, int(63 * v / max(1, vmax)))]
                c.rect(x, y, cw, ch, fill=fill, stroke="grid", lw=0.8, id=f"cell:{r}:{k}")
                c.text(x + cw / 2, y + ch / 2, str(v), size=15, bold=True, color=text_color(c, fill))
        for r, s in enumerate(state["rows"]):
            c.text(gx0 - 10, gy0 + (r + 0.5) * ch, s, size=fs, anchor="r", id=f"row:{r}")
        for k, s in enumerate(state["cols"]):
            x = gx0 + (k + 0.5) * cw
            if rotate:
                c.text(x - 4, gy0 - 8, s, size=fs, anchor="l", angle=-math.pi / 4, id=f"col:{k}")
            else:
                c.text(x, gy0 - 14, s, size=fs, id=f"col:{k}")
        if axis:
            c.text(gx0 + nc * cw / 2, gy0 - (col_w * 0.72 if rotate else 0) - 40, "Predicted", size=14, bold=True,
                   color="muted")
            c.text(30, gy0 + nr * ch / 2, "Actual", size=14, bold=True, color="muted", angle=-math.pi / 2)


SCENE = Matrix()
task = SCENE.task


def _kind(q, allowed):
    def fn(s, r):
        if s["kind"] not in allowed:
            s["kind"] = allowed[int(r.integers(len(allowed)))]
            n = len(s["rows"])
            s["cols"] = s["rows"] if s["kind"] != "table" else s["cols"]
            s["values"] = fill_values(r, s["kind"], n, len(s["cols"]))
        return s

    return q.edit(fn)


def line(state, axis, i):
    """[(cell id, value)] of the active cells of row (axis "row") or column i."""
    if axis == "row":
        return [(f"cell:{i}:{k}", v) for k, v in enumerate(state["values"][i]) if active(state, i, k)]
    return [(f"cell:{r}:{i}", row[i]) for r, row in enumerate(state["values"]) if active(state, r, i)]


def _pick_line(q, axis, need):
    s = q.state
    names = s["rows"] if axis == "row" else s["cols"]
    ok = [i for i in range(len(names)) if len(line(s, axis, i)) >= need]
    q.require(bool(ok), "no line long enough")
    return q.param("line", lambda r: ok[int(r.integers(len(ok)))])


@task("axis_extremum_label", answer="string", annotation="bbox_set", ops="ranking",
      queries=("row_highest_axis_extremum_label", "row_lowest_axis_extremum_label",
               "column_highest_axis_extremum_label", "column_lowest_axis_extremum_label"))
def axis_extremum_label(q):
    axis = "row" if q.query_id.startswith("row") else "column"
    high = "highest" in q.query_id
    _kind(q, ("confusion", "table", "triangular"))
    i = _pick_line(q, axis, 3)
    s = q.state
    cells = line(s, axis, i)
    vals = [v for _, v in cells]
    order = sorted(range(len(vals)), key=lambda j: -vals[j] if high else vals[j])
    q.require(len({vals[j] for j in order[:3]}) == 3, "tied values at the top two ranks")
    cell = cells[order[1]][0]
    r, k = (int(x) for x in cell.split(":")[1:])
    answer = s["cols"][k] if axis == "row" else s["rows"][r]
    q.step("rank", line=i, axis=axis, cell=cell)
    name = quoted((s["rows"] if axis == "row" else s["cols"])[i])
    other = "column" if axis == "row" else "row"
    word = "second-highest" if high else "second-lowest"
    return q.answer(answer, witnesses=[cid for cid, _ in cells], examples=s["cols"] if axis == "row" else s["rows"],
                    question=(f"{INTRO[s['kind']]} In {axis} {name}, which {other} label has the {word} printed "
                              f"value?"))


@task("off_diagonal_confusion_label", answer="string", annotation="bbox_set", ops="filtering,ranking")
def off_diagonal_confusion_label(q):
    s = _kind(q, ("confusion",))
    n = len(s["rows"])
    i = q.param("line", lambda r: int(r.integers(n)))
    off = [(k, v) for k, v in enumerate(s["values"][i]) if k != i]
    best = max(v for _, v in off)
    q.require([v for _, v in off].count(best) == 1, "tied off-diagonal counts")
    k = next(k for k, v in off if v == best)
    q.step("off_diagonal", actual=i, predicted=k)
    return q.answer(s["cols"][k], witnesses=[f"cell:{i}:{j}" for j, _ in off], examples=s["cols"],
                    question=(f"{INTRO['confusion']} For actual class {quoted(s['rows'][i])}, ignoring its diagonal "
                              f"(correct) cell, which predicted class has the largest count?"))


@task("threshold_cell_count", answer="integer", annotation="bbox_set", ops="filtering,counting,comparison",
      queries=("row_at_least_threshold_cell_count", "row_at_most_threshold_cell_count",
               "column_at_least_threshold_cell_count", "column_at_most_threshold_cell_count"))
def threshold_cell_count(q):
    axis = "row" if q.query_id.startswith("row") else "column"
    at_least = "at_least" in q.query_id
    t = q.target({1: range(1, 4), 2: range(1, 7), 3: range(2, 9)}[q.difficulty], stratified=True)
    _kind(q, ("table", "triangular"))
    i = _pick_line(q, axis, t + 1)
    thr = q.param("threshold", lambda r: int(r.integers(10, 90)))

    def plant(s, r):
        cells = line(s, axis, i)
        high, low = list(range(thr + 1, 100)), list(range(thr))     # never the threshold itself
        for j, v in split_draw(r, range(len(cells)), t, high if at_least else low, low if at_least else high).items():
            rr, kk = (int(x) for x in cells[j][0].split(":")[1:])
            s["values"][rr][kk] = int(v)
        return s

    s = q.edit(plant)
    cells = line(s, axis, i)
    hits = [cid for cid, v in cells if (v >= thr if at_least else v <= thr)]
    q.step("filter", line=i, axis=axis, threshold=thr, kept=hits)
    name = quoted((s["rows"] if axis == "row" else s["cols"])[i])
    rel = "at least" if at_least else "at most"
    return q.answer(len(hits), witnesses=hits,
                    question=(f"{INTRO[s['kind']]} In {axis} {name}, how many active cells have printed values {rel} "
                              f"{thr}?"))
