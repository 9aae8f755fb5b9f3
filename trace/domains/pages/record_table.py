"""pages/record_table: a sectioned record table in a desktop application window -- section rows
(Inbox, Assets, ...) over record rows with a selection check box, a lettered name, a Type, a
Status pill, a Size in MB and one action button that is ON (enabled) or OFF.

Tasks count the rows of a Type whose named action is enabled, the selected rows with a Status,
and the rows of a section whose Size meets a threshold; each count is planted by editing rows.
Difficulty grows the table (2 sections of 4-5, 2 of 6-8, 3 of 6-7 rows).
"""

from __future__ import annotations

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits import pagekit
from tracegen.kits.cards import rounded_rect

SECTIONS = ("Inbox", "Assets", "Backlog", "Archive", "Shared", "Drafts")
TYPES = ("Dataset", "Document", "Report", "Image")
STATUSES = ("Ready", "Queued", "Warning", "Blocked")
ACTIONS = ("Archive", "Review", "Sync")
STEMS = ("Atlas", "Beacon", "Canvas", "Delta", "Echo", "Flux", "Grid", "Helix", "Ion", "Juno", "Keystone", "Lumen",
         "Matrix", "Nova", "Orbit", "Pixel", "Quartz", "Relay", "Sigma", "Tango", "Umbra", "Vertex", "Wave", "Xenon")
THRESHOLDS = (25, 35, 45, 55)
VARIANTS = tuple(pagekit.APPS)
N_SECTIONS = {1: (2, 2), 2: (2, 2), 3: (3, 3)}
N_ROWS = {1: (4, 5), 2: (6, 8), 3: (6, 7)}
COUNTS = {1: (1, 4), 2: (2, 7), 3: (3, 8)}
IN_SECTION = {1: (1, 4), 2: (2, 7), 3: (3, 7)}         # a section holds 4-5, 6-8, 6-7 rows
ENABLED = {1: (1, 3), 2: (2, 6), 3: (3, 7)}
W, H = 1280, 800
COLS = (("Sel", 0.0), ("Name", 0.06), ("Type", 0.30), ("Status", 0.44), ("Size", 0.63), ("Action", 0.77))


def new_row(rng):
    return {"type": TYPES[int(rng.integers(len(TYPES)))], "status": STATUSES[int(rng.integers(len(STATUSES)))],
            "selected": bool(rng.random() < 0.4), "size": int(rng.integers(10, 96)),
            "action": ACTIONS[int(rng.integers(len(ACTIONS)))], "on": bool(rng.random() < 0.6)}


def make_table(rng, difficulty):
    k = int(rng.integers(N_SECTIONS[difficulty][0], N_SECTIONS[difficulty][1] + 1))
    names = [SECTIONS[int(i)] for i in rng.choice(len(SECTIONS), size=k, replace=False)]
    lo, hi = N_ROWS[difficulty]
    sections = [{"name": nm, "rows": [new_row(rng) for _ in range(int(rng.integers(lo, hi + 1)))]} for nm in names]
    start = int(rng.integers(1, 9)) * 100
    stems = [STEMS[int(i)] for i in sorted(rng.choice(len(STEMS), size=sum(len(s["rows"]) for s in sections),
                                                      replace=False))]
    i = 0
    for s in sections:
        for r in s["rows"]:
            r["name"] = f"{stems[i]}-{start + 17 * i}"
            i += 1
    return {"variant": VARIANTS[int(rng.integers(len(VARIANTS)))], "sections": sections,
            "table": ("Sample Table", "Asset Register", "File Index", "Job Queue")[int(rng.integers(4))]}


def rows(state):
    """(section index, row index, row) in table order."""
    return [(si, ri, r) for si, s in enumerate(state["sections"]) for ri, r in enumerate(s["rows"])]


class RecordTable(Scene):
    domain, scene_id, size = "pages", "record_table", (W, H)
    megapixels = (0.85, 1.2)
    description = ("A sectioned record table in a desktop application: rows with a selection check box, a name, a "
                   "type, a status pill, a size in MB and an action button shown ON or OFF.")

    def sample(self, rng, difficulty):
        return make_table(rng, difficulty)

    def render(self, c, state, params):
        x0, y0, x1, y1 = pagekit.app_chrome(c, (30, 24, W - 30, H - 24), state["variant"])
        total = sum(len(s["rows"]) for s in state["sections"])
        rounded_rect(c, x0 + 40, y0 + 22, x1 - x0 - 80, 40, radius=8, fill="panel", stroke="grid", lw=1.0)
        c.text(x0 + 58, y0 + 42, state["table"], size=18, anchor="l", color=c.text_on("panel"))
        c.text(x1 - 58, y0 + 42, "Sorted by section", size=14, anchor="r", color=c.text_on("panel"))
        tx0, tx1, ty = x0 + 40, x1 - 40, y0 + 78
        n_lines = total + len(state["sections"]) + 1
        rh = min(30.0, (y1 - 16 - ty) / n_lines)
        width = tx1 - tx0
        c.rect(tx0, ty, width, rh, fill="panel")
        for name, f in COLS:
            c.text(tx0 + 12 + f * width, ty + rh / 2, name, size=14, anchor="l", bold=True, color=c.text_on("panel"))
        y = ty + rh
        letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        i = 0
        for si, sec in enumerate(state["sections"]):
            fill = blend(c.style.series(si + 1), c.color("paper"), 0.14)
            c.rect(tx0, y, width, rh, fill=fill)
            c.text(tx0 + 12, y + rh / 2, sec["name"], size=14, anchor="l", bold=True, color=c.text_on(fill),
                   id=f"section:{si}")
            y += rh
            for ri, r in enumerate(sec["rows"]):
                cy = y + rh / 2
                c.register(f"row:{si}:{ri}", box=(tx0, y, tx1, y + rh))
                pagekit.checkbox(c, tx0 + 22, cy, r["selected"], size=min(16.0, rh - 8))
                c.text(tx0 + 12 + COLS[1][1] * width, cy, f"{letters[i % 26]}  {r['name']}", size=14, anchor="l")
                c.text(tx0 + 12 + COLS[2][1] * width, cy, r["type"], size=14, anchor="l")
                sx = tx0 + 12 + COLS[3][1] * width
                tint = blend(c.style.series(STATUSES.index(r["status"]) + 2), c.color("paper"), 0.2)
                pagekit.pill(c, sx + 62, cy, r["status"], fill=tint, w=124, size=13)
                c.text(tx0 + 12 + COLS[4][1] * width, cy, f"{r['size']} MB", size=14, anchor="l")
                ax = tx0 + 12 + COLS[5][1] * width
                pagekit.toggle_button(c, (ax, cy - rh / 2 + 3, tx1 - 12, cy + rh / 2 - 3),
                                      f"{r['action']} {'ON' if r['on'] else 'OFF'}", r["on"])
                c.line(tx0, y + rh, tx1, y + rh, color="grid", lw=0.8)
                y += rh
                i += 1
        c.rect(tx0, ty, width, y - ty, stroke="muted", lw=1.0)


SCENE = RecordTable()
task = SCENE.task
INTRO = "The screen shows a sectioned record table in a desktop application."


def _plant(q, matches, make, unmake, t):
    """Edit rows so exactly ``t`` of them satisfy ``matches``: ``make`` t chosen rows, ``unmake`` the others."""
    def edit(st, r):
        cand = rows(st)
        chosen = {int(i) for i in r.choice(len(cand), size=t, replace=False)}
        for k, (_, _, row) in enumerate(cand):
            if k in chosen:
                make(row, r)
            elif matches(row):
                unmake(row, r)
        return st

    s = q.edit(edit)
    hits = [(si, ri) for si, ri, row in rows(s) if matches(row)]
    return s, hits


# ---------------------------------------------------------------------- tasks
@task("enabled_action_for_type_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def enabled_action_for_type_count(q):
    t = q.target(range(ENABLED[q.difficulty][0], ENABLED[q.difficulty][1] + 1), stratified=True)
    typ, act = q.choice("type", TYPES), q.choice("action", ACTIONS)

    def matches(row):
        return row["type"] == typ and row["action"] == act and row["on"]

    def make(row, r):
        row.update(type=typ, action=act, on=True)

    def unmake(row, r):
        row["on"] = False

    s, hits = _plant(q, matches, make, unmake, t)
    q.step("filter", type=typ, action=act, rows=[s["sections"][si]["rows"][ri]["name"] for si, ri in hits])
    return q.answer(len(hits), witnesses=[f"row:{si}:{ri}" for si, ri in hits],
                    question=f'{INTRO} How many rows have Type "{typ}" and the "{act}" action enabled (ON)?')


@task("selected_rows_with_status_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def selected_rows_with_status_count(q):
    t = q.target(range(COUNTS[q.difficulty][0], COUNTS[q.difficulty][1] + 1), stratified=True)
    status = q.choice("status", STATUSES)

    def matches(row):
        return row["selected"] and row["status"] == status

    def make(row, r):
        row.update(selected=True, status=status)

    def unmake(row, r):
        row["selected"] = False

    s, hits = _plant(q, matches, make, unmake, t)
    q.step("filter", status=status, rows=[s["sections"][si]["rows"][ri]["name"] for si, ri in hits])
    return q.answer(len(hits), witnesses=[f"row:{si}:{ri}" for si, ri in hits],
                    question=f'{INTRO} How many selected (checked) rows have status "{status}"?')


@task("value_threshold_in_group_count", answer="integer", annotation="bbox_set", ops="filtering,counting,comparison")
def value_threshold_in_group_count(q):
    s = q.state
    t = q.target(range(IN_SECTION[q.difficulty][0], IN_SECTION[q.difficulty][1] + 1), stratified=True)
    fits = [si for si, sec in enumerate(s["sections"]) if len(sec["rows"]) >= t]
    q.require(bool(fits), "no section holds the target count")
    si = q.param("section", lambda r: fits[int(r.integers(len(fits)))])
    thr = q.choice("threshold", THRESHOLDS)

    def edit(st, r):
        sec = st["sections"][si]["rows"]
        chosen = {int(i) for i in r.choice(len(sec), size=t, replace=False)}
        for k, row in enumerate(sec):
            row["size"] = int(r.integers(thr + 1, 97)) if k in chosen else int(r.integers(10, thr))
        return st

    s = q.edit(edit)
    sec = s["sections"][si]
    hits = [ri for ri, row in enumerate(sec["rows"]) if row["size"] >= thr]
    q.step("filter", section=sec["name"], threshold_mb=thr, rows=[sec["rows"][ri]["name"] for ri in hits])
    return q.answer(len(hits), witnesses=[f"row:{si}:{ri}" for ri in hits],
                    question=f'{INTRO} In the "{sec["name"]}" section, how many rows have a Size of at least '
                             f"{thr} MB?")
