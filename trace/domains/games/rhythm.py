"""games/rhythm: a falling-note rhythm-game chart frozen mid-song.

Numbered vertical lanes are divided into beat rows; notes fall one row per beat towards the hit line
under the bottom row.  A note is a tap (one row) or a hold (a tall bar over 2-3 rows); either way it is
one note object.  A side POINTS panel gives each note colour a score.  The original's charts: 8 lanes
of 12 rows, 1-6 notes a lane, three scored colours.
"""

from __future__ import annotations

from tracegen.core.task import Scene

COLOURS = ("yellow", "cyan", "pink", "green", "orange", "purple")
# lanes, rows, scored colours, per-lane notes (lo, hi)
LEVELS = {1: (5, 8, 2, (0, 3)), 2: (8, 12, 3, (0, 5)), 3: (10, 14, 4, (1, 6))}
COUNT_SUPPORT = {1: range(1, 5), 2: range(1, 7), 3: range(2, 9)}
SCORE_SUPPORT = {1: range(1, 8), 2: range(2, 12), 3: range(3, 16)}
WINDOW = {1: 3, 2: 5, 3: 6}
W, H = 640, 640
GRID = (70.0, 34.0, 400.0, 530.0)   # x, y, w, h of the lane grid
SKY = (0.05, 0.05, 0.10)
LINE_RGB = (0.30, 0.28, 0.55)
HIT_RGB = (0.98, 0.85, 0.25)
TRIES = 200


def lane_notes(state, lane):
    return [n for n in state["notes"] if n[0] == lane]


def place_lane(state, rng, lane, count):
    """Replace lane ``lane``'s notes with ``count`` notes (taps and 2-3 row holds) at random free rows;
    returns False if they do not fit."""
    rows = state["rows"]
    lens = [1 if rng.random() < 0.65 else int(rng.integers(2, 4)) for _ in range(count)]
    if sum(lens) > rows:
        return False
    # spread the free rows over the count+1 gaps
    free = rows - sum(lens)
    cuts = sorted(int(v) for v in rng.integers(0, free + 1, size=count))
    gaps = [b - a for a, b in zip([0] + cuts, cuts + [free])]
    notes, r = [], 0
    for g, ln in zip(gaps, lens):
        r += g
        notes.append([lane, r, ln, state["palette"][int(rng.integers(len(state["palette"])))]])
        r += ln
    state["notes"] = sorted([n for n in state["notes"] if n[0] != lane] + notes)
    return True


def counts(state):
    return [len(lane_notes(state, ln)) for ln in range(state["lanes"])]


def beats_to_hit(state, note):
    """Beats until the note's bottom edge reaches the hit line (0: it is on the line now)."""
    _, top, length, _ = note
    return state["rows"] - (top + length)


class Rhythm(Scene):
    domain, scene_id, size = "games", "rhythm", (W, H)
    megapixels = (0.7, 0.95)   # the original's frames are 900 x 900 (0.81 MP)
    description = ("A rhythm-game chart: numbered lanes with coloured tap and hold notes falling towards a hit line, "
                   "and a side POINTS panel scoring each note colour.")

    def sample(self, rng, difficulty):
        lanes, rows, k, (lo, hi) = LEVELS[difficulty]
        palette = [COLOURS[int(i)] for i in rng.permutation(len(COLOURS))[:k]]
        values = sorted(int(v) for v in rng.choice(range(1, 5 if k <= 3 else 6), size=k, replace=False))
        values = [values[int(i)] for i in rng.permutation(k)]
        st = {"lanes": lanes, "rows": rows, "palette": palette, "points": values, "notes": []}
        for ln in range(lanes):
            place_lane(st, rng, ln, int(rng.integers(lo, hi + 1)))
        return st

    def render(self, c, state, params):
        gx, gy, gw, gh = GRID
        n, rows = state["lanes"], state["rows"]
        lw, rh = gw / n, gh / rows
        c.rect(gx - 46, gy - 16, gw + 62, gh + 82, fill=SKY, stroke=(0.55, 0.45, 0.95), lw=4)
        for i in range(n + 1):
            c.line(gx + i * lw, gy, gx + i * lw, gy + gh, color=LINE_RGB, lw=1.2)
        for r in range(rows + 1):
            c.line(gx, gy + r * rh, gx + gw, gy + r * rh, color=LINE_RGB, lw=1.0)
        c.line(gx - 6, gy + gh + 1, gx + gw + 6, gy + gh + 1, color=HIT_RGB, lw=4)
        c.text(gx - 10, gy + gh - 8, "HIT", size=12, color="white", anchor="r")
        for i, (lane, top, length, col) in enumerate(state["notes"]):
            x0, y0 = gx + lane * lw + 5, gy + top * rh + 3
            w, h = lw - 10, length * rh - 6
            c.rect(x0, y0, w, h, fill=col, stroke="white", lw=1.8, id=f"note:{i}")
            if length > 1:
                c.line(x0 + w / 2, y0 + 8, x0 + w / 2, y0 + h - 8, color="white", lw=1.6)
            else:
                c.circle(x0 + 9, y0 + 9, 4, fill="white")
        for lane in range(n):
            cx = gx + (lane + 0.5) * lw
            c.rect(cx - min(22, lw / 2 - 4), gy + gh + 16, 2 * min(22, lw / 2 - 4), 26, fill=(0.20, 0.18, 0.42),
                   stroke=(0.55, 0.45, 0.95), lw=1.5, id=f"lane:{lane + 1}")
            c.text(cx, gy + gh + 29, str(lane + 1), size=15, color="white", kind="tick")
        # the points panel
        px, py = gx + gw + 44, gy + 20
        k = len(state["palette"])
        c.rect(px, py, 112, 56 + 46 * k, fill=SKY, stroke=(0.55, 0.45, 0.95), lw=3)
        c.text(px + 56, py + 24, "POINTS", size=15, color="white")
        for j, (col, val) in enumerate(zip(state["palette"], state["points"])):
            yy = py + 60 + 46 * j
            c.rect(px + 16, yy - 14, 28, 28, fill=col, stroke="white", lw=1.5, id=f"key:{col}")
            c.text(px + 80, yy, str(val), size=17, color="white", kind="tick")


SCENE = Rhythm()
task = SCENE.task

INTRO = ("The picture shows a rhythm-game chart: numbered lanes with coloured falling notes and a hit line at the "
         "bottom. A tall hold note counts as one note, like a short tap note.")


def _nid(state, note):
    return f"note:{state['notes'].index(note)}"


@task("earliest_hit_lane_label", answer="integer", annotation="bbox", ops="filtering,comparison,ranking")
def earliest_hit_lane_label(q):
    d = q.difficulty
    win = q.param("window", lambda r: WINDOW[d])
    t = q.target(range(1, LEVELS[d][0] + 1), stratified=True)

    def plant(st, rng):
        lane = t - 1
        soon = int(rng.integers(0, win))
        for ln in range(st["lanes"]):
            if ln != lane:   # no other note reaches the line as soon or sooner
                st["notes"] = [n for n in st["notes"] if n[0] != ln or beats_to_hit(st, n) > soon]
        length = 1 if rng.random() < 0.65 else int(rng.integers(2, 4))
        top = st["rows"] - soon - length
        keep = [n for n in lane_notes(st, lane) if n[1] + n[2] < top]
        col = st["palette"][int(rng.integers(len(st["palette"])))]
        st["notes"] = sorted([n for n in st["notes"] if n[0] != lane] + keep + [[lane, top, length, col]])
        return st

    s = q.edit(plant)
    near = [(beats_to_hit(s, n), n) for n in s["notes"] if beats_to_hit(s, n) < win]
    q.require(bool(near), "no note in the window")
    best = min(b for b, _ in near)
    first = [n for b, n in near if b == best]
    q.require(len(first) == 1, "two notes reach the hit line together")
    note = first[0]
    q.step("window", beats=win, notes=[[b, n[0] + 1] for b, n in near])
    return q.answer(note[0] + 1, witnesses=_nid(s, note),
                    question=(f"{INTRO} Notes fall one row per beat. Looking only at the notes that reach the hit line "
                              f"within the next {win} beats, in which lane is the note whose bottom edge reaches the "
                              "line first? Answer with the lane number."))


@task("lane_note_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def lane_note_count(q):
    t = q.target(COUNT_SUPPORT[q.difficulty], stratified=True)
    lane = q.param("lane", lambda r: int(r.integers(1, q.state["lanes"] + 1)))
    s = q.edit(lambda st, rng: st if place_lane(st, rng, lane - 1, t) else st)
    notes = lane_notes(s, lane - 1)
    q.require(len(notes) == t, "lane count off target")
    return q.answer(len(notes), witnesses=[_nid(s, n) for n in notes],
                    question=f"{INTRO} How many notes are in lane {lane}?")


@task("lane_note_score_value", answer="integer", annotation="bbox_set", ops="filtering,aggregation,formula_evaluation")
def lane_note_score_value(q):
    t = q.target(SCORE_SUPPORT[q.difficulty], stratified=True)
    lane = q.param("lane", lambda r: int(r.integers(1, q.state["lanes"] + 1)))

    def score(st):
        pts = dict(zip(st["palette"], st["points"]))
        return sum(pts[n[3]] for n in lane_notes(st, lane - 1))

    def plant(st, rng):
        for _ in range(TRIES):
            if place_lane(st, rng, lane - 1, int(rng.integers(1, 5))) and score(st) == t:
                return st
        return st

    s = q.edit(plant)
    q.require(score(s) == t, "lane score off target")
    notes = lane_notes(s, lane - 1)
    return q.answer(score(s), witnesses=[_nid(s, n) for n in notes],
                    question=(f"{INTRO} The POINTS panel gives the score of each note colour. What is the total score "
                              f"of the notes in lane {lane}?"))


@task("most_notes_lane_label", answer="integer", annotation="bbox_set", ops="filtering,counting,ranking")
def most_notes_lane_label(q):
    d = q.difficulty
    t = q.target(range(1, LEVELS[d][0] + 1), stratified=True)

    def plant(st, rng):
        # the fullest lane holds m notes (the original's: 1-6, median 3-4), every other lane fewer
        lo, hi = LEVELS[d][3]
        m = int(rng.integers(max(2, lo + 1), hi + 1))
        for ln in range(st["lanes"]):
            place_lane(st, rng, ln, m if ln == t - 1 else int(rng.integers(0, m)))
        return st

    s = q.edit(plant)
    cs = counts(s)
    q.require(cs.count(max(cs)) == 1 and cs.index(max(cs)) == t - 1, "no unique fullest lane")
    notes = lane_notes(s, t - 1)
    return q.answer(t, witnesses=[_nid(s, n) for n in notes],
                    question=f"{INTRO} Which lane holds the most notes? Answer with the lane number.")
