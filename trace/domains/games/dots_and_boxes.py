"""games/dots_and_boxes: a Dots and Boxes position reached by legal play between players X and O.

Rules: the players take turns drawing one undrawn edge between two neighbouring dots; a player who
draws the fourth side of a box claims it (the box shows their mark) and must draw another edge.  The
sampled games mix careful play (take an available box, avoid drawing a box's third side) with careless
moves, so positions show claimed boxes, open three-sided boxes and untouched areas.
"""

from __future__ import annotations

from tracegen.core.task import Scene

GRIDS = {1: ((3, 3),), 2: ((3, 4), (4, 4)), 3: ((5, 5), (4, 6))}
STEP = 84.0
MARK_INK = {"X": (0.10, 0.25, 0.60), "O": (0.60, 0.15, 0.10)}
MARK_FILL = {"X": (0.86, 0.91, 0.98), "O": (0.98, 0.89, 0.85)}


def sides(state, r, c) -> int:
    """Drawn sides of box (r, c)."""
    h, v = state["h"], state["v"]
    # edges are "0" or "1": the count of "1"s, compared rather than parsed
    return (h[r][c] == "1") + (h[r + 1][c] == "1") + (v[r][c] == "1") + (v[r][c + 1] == "1")


def boxes_of_edge(rows, cols, kind, r, c):
    """Boxes bordered by an edge: horizontal edge (r, c) lies between boxes (r-1, c) and (r, c); vertical
    edge (r, c) between boxes (r, c-1) and (r, c)."""
    if kind == "h":
        cand = [(r - 1, c), (r, c)]
    else:
        cand = [(r, c - 1), (r, c)]
    return [(a, b) for a, b in cand if 0 <= a < rows and 0 <= b < cols]


def _set(strings, r, c, ch="1"):
    s = strings[r]
    strings[r] = s[:c] + ch + s[c + 1:]


def play_game(rng, rows, cols, greed, care, moves=None):
    """Legal play from the empty grid: the list of states visited (after each edge).  ``greed`` is the
    chance a player takes an available box, ``care`` the chance it avoids drawing a box's third side."""
    st = {"rows": rows, "cols": cols, "h": ["0" * cols for _ in range(rows + 1)],
          "v": ["0" * (cols + 1) for _ in range(rows)], "owner": ["." * cols for _ in range(rows)], "to_move": "X"}
    out = []
    total = (rows + 1) * cols + rows * (cols + 1)
    limit = total if moves is None else min(moves, total)
    # each edge's boxes, and each box's drawn sides kept up to date (``sides`` of the position)
    adj = {("h", r, c): boxes_of_edge(rows, cols, "h", r, c) for r in range(rows + 1) for c in range(cols)}
    adj.update({("v", r, c): boxes_of_edge(rows, cols, "v", r, c) for r in range(rows) for c in range(cols + 1)})
    cnt = [[0] * cols for _ in range(rows)]
    for _ in range(limit):
        edges = [("h", r, c) for r in range(rows + 1) for c in range(cols) if st["h"][r][c] == "0"]
        edges += [("v", r, c) for r in range(rows) for c in range(cols + 1) if st["v"][r][c] == "0"]
        if not edges:
            break

        def gain(e):
            return sum(cnt[a][b] == 3 for a, b in adj[e])

        def gives(e):
            return any(cnt[a][b] == 2 for a, b in adj[e])

        pool = edges
        takes = [e for e in edges if gain(e)]
        if takes and rng.random() < greed:
            pool = takes
        else:
            safe = [e for e in edges if not gives(e) and not gain(e)]
            if safe and rng.random() < care:
                pool = safe
        kind, r, c = pool[int(rng.integers(len(pool)))]
        _set(st[kind], r, c)
        for a, b in adj[(kind, r, c)]:
            cnt[a][b] += 1
        won = [(a, b) for a, b in adj[(kind, r, c)] if cnt[a][b] == 4]
        for a, b in won:
            _set(st["owner"], a, b, st["to_move"])
        if not won:
            st["to_move"] = "O" if st["to_move"] == "X" else "X"
        out.append({k: (list(v) if isinstance(v, list) else v) for k, v in st.items()})
    return out


class DotsAndBoxes(Scene):
    domain, scene_id, size = "games", "dots_and_boxes", (560, 460)
    megapixels = (0.52, 0.82)   # image area (MP); the original's median is 0.665
    description = ("A Dots and Boxes grid: dots, the edges drawn so far, and claimed boxes showing the mark (X or "
                   "O) of the player who completed them; some open boxes may carry letters A-F.")

    def canvas_size(self, state):
        return (int(state["cols"] * STEP + 140), int(state["rows"] * STEP + 120))

    def sample(self, rng, difficulty):
        grids = GRIDS[difficulty]
        rows, cols = grids[int(rng.integers(len(grids)))]
        total = (rows + 1) * cols + rows * (cols + 1)
        line = play_game(rng, rows, cols, float(rng.uniform(0.5, 1.0)), float(rng.uniform(0.5, 1.0)),
                         moves=int(total * rng.uniform(0.35, 0.8)))
        return line[-1]

    def render(self, c, state, params):
        rows, cols = state["rows"], state["cols"]
        w, h = self.canvas_size(state)
        x0, y0 = (w - cols * STEP) / 2, 70.0
        c.text(w / 2, 32, f"Player {state['to_move']} to move", size=17, bold=True)
        opts = {tuple(p): lab for p, lab in zip(state.get("options") or [], state.get("option_labels") or [])}
        for r in range(rows):
            for k in range(cols):
                bx, by = x0 + k * STEP, y0 + r * STEP
                who = state["owner"][r][k]
                box = (bx + 6, by + 6, bx + STEP - 6, by + STEP - 6)
                if who in "XO":
                    c.rect(bx + 8, by + 8, STEP - 16, STEP - 16, fill=MARK_FILL[who])
                    c.text(bx + STEP / 2, by + STEP / 2 + 1, who, size=30, bold=True, color=MARK_INK[who])
                if (r, k) in opts:
                    c.circle(bx + STEP / 2, by + STEP / 2, 15, fill="white", stroke=(0.45, 0.2, 0.2), lw=1.5)
                    c.text(bx + STEP / 2, by + STEP / 2 + 0.5, opts[(r, k)], size=16, bold=True, color="black",
                           kind="option")
                c.register(f"box:{r}:{k}", box=box, point=(bx + STEP / 2, by + STEP / 2))
        ink = (0.15, 0.17, 0.22)
        for r in range(rows + 1):
            for k in range(cols):
                if state["h"][r][k] == "1":
                    c.line(x0 + k * STEP, y0 + r * STEP, x0 + (k + 1) * STEP, y0 + r * STEP, color=ink, lw=5,
                           id=f"edge:h:{r}:{k}")
        for r in range(rows):
            for k in range(cols + 1):
                if state["v"][r][k] == "1":
                    c.line(x0 + k * STEP, y0 + r * STEP, x0 + k * STEP, y0 + (r + 1) * STEP, color=ink, lw=5,
                           id=f"edge:v:{r}:{k}")
        for r in range(rows + 1):
            for k in range(cols + 1):
                c.circle(x0 + k * STEP, y0 + r * STEP, 5.5, fill=(0.1, 0.1, 0.12))


SCENE = DotsAndBoxes()
task = SCENE.task

RULES = ("Players take turns drawing one edge between neighbouring dots; whoever draws the fourth side of a box "
         "claims it (the box shows that player's mark, X or O) and draws again.")


def _scan(q, accept, tries=40):
    """Edit: play fresh games on the sampled grid and keep a random visited position ``accept`` takes
    (``accept(state, rng)`` returns True, a dict of extra keys, or None)."""
    def edit(state, rng):
        rows, cols = state["rows"], state["cols"]
        for _ in range(tries):
            line = play_game(rng, rows, cols, float(rng.uniform(0.3, 1.0)), float(rng.uniform(0.4, 1.0)))
            hits = [(s, x) for s in line for x in [accept(s, rng)] if x is not None]
            if hits:
                s, extra = hits[int(rng.integers(len(hits)))]
                if isinstance(extra, dict):
                    s.update(extra)
                return s
        q.reject("no position reaches the target")

    return q.edit(edit)


def _boxes(state, pred):
    return [(r, c) for r in range(state["rows"]) for c in range(state["cols"]) if pred(state, r, c)]


def _three(state, r, c):
    return sides(state, r, c) == 3


OWN_SUPPORT = {1: range(0, 6), 2: range(0, 9), 3: range(1, 13)}


@task("owned_box_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def owned_box_count(q):
    t = q.target(OWN_SUPPORT[q.difficulty], stratified=True)
    who = q.choice("player", ["X", "O"])

    def mine(st, r, c):
        return st["owner"][r][c] == who

    s = _scan(q, lambda st, rng: True if len(_boxes(st, mine)) == t else None)
    hits = _boxes(s, mine)
    q.step("claimed", player=who, boxes=[list(b) for b in hits])
    return q.answer(len(hits), witnesses=[f"box:{r}:{c}" for r, c in hits],
                    question=(f"This is a Dots and Boxes game between players X and O. {RULES} How many boxes has "
                              f"player {who} claimed?"))


THREE_SUPPORT = {1: range(0, 4), 2: range(0, 5), 3: range(1, 7)}


@task("three_sided_box_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def three_sided_box_count(q):
    t = q.target(THREE_SUPPORT[q.difficulty], stratified=True)
    s = _scan(q, lambda st, rng: True if len(_boxes(st, _three)) == t else None)
    hits = _boxes(s, _three)
    q.step("three_sided", boxes=[list(b) for b in hits])
    return q.answer(len(hits), witnesses=[f"box:{r}:{c}" for r, c in hits],
                    question=(f"This is a Dots and Boxes game between players X and O. {RULES} How many boxes have "
                              f"exactly three of their four sides drawn?"))


LETTERS = "ABCDEF"


@task("completable_box_label", answer="option_letter", annotation="bbox", ops="filtering,counting,state_update")
def completable_box_label(q):
    letter = q.target(list(LETTERS), stratified=True)

    def accept(st, rng):
        three = _boxes(st, _three)
        rest = _boxes(st, lambda s, r, c: sides(s, r, c) < 3)
        if len(three) != 1 or len(rest) < len(LETTERS) - 1:
            return None
        # decoys: open boxes with two sides drawn first, then fewer
        rest.sort(key=lambda b: (-sides(st, *b), float(rng.random())))
        decoys = rest[:len(LETTERS) - 1]
        order = [decoys[int(i)] for i in rng.permutation(len(decoys))]
        order.insert(LETTERS.index(letter), three[0])
        return {"options": [list(b) for b in order], "option_labels": list(LETTERS)}

    s = _scan(q, accept)
    q.offer(len(LETTERS), "prompt")
    hits = [lab for b, lab in zip(s["options"], s["option_labels"]) if sides(s, *b) == 3]
    q.require(hits == [letter], "not exactly one lettered box with three sides")
    r, c = s["options"][LETTERS.index(letter)]
    q.step("sides", boxes={lab: sides(s, *b) for b, lab in zip(s["options"], s["option_labels"])})
    return q.answer(letter, witnesses=f"box:{r}:{c}",
                    question=(f"This is a Dots and Boxes game between players X and O. {RULES} Exactly one of the "
                              f"boxes lettered A-F can be claimed with the next edge (it has three sides drawn). "
                              f"Which one: A, B, C, D, E or F?"))
