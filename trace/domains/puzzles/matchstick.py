"""puzzles/matchstick: matchstick puzzles -- seven-segment digits built of sticks (a false equation with
lettered sticks, or a source number above six lettered candidate numbers) and a square lattice with
some of its edges empty.

Digits use the usual seven segments (a top, b upper right, c lower right, d bottom, e lower left,
f upper left, g middle); a 1 is its two right-hand sticks, a 7 adds the top.  Taking one stick off a
digit or adding one turns it into another digit only along the subset relation of these segment sets
(8 -> 0, 6, 9; 9 -> 3, 5; 6 -> 5; 7 -> 1).  Each task draws its own canvas, sized as the original's:
960 x 560 equations, 1200 x 900 number cards, 900 x 620 lattices.

Difficulty: single-digit equations with four lettered sticks (1), four to six (2, the original's),
a two-digit number in the equation and six sticks (3); one-, two- and three-digit source numbers; a
2 x 3 lattice with one stick to add, 3 x 3 with one or two (the original's), 3 x 4 or 4 x 4 with two
or three.
"""

from __future__ import annotations

import functools
import math

from itertools import combinations

from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS, answer_among
from tracegen.kits.cards import draw_card
from tracegen.kits.panels import panel_card

SEGMENTS = {0: "abcdef", 1: "bc", 2: "abdeg", 3: "abcdg", 4: "bcfg", 5: "acdfg", 6: "acdefg", 7: "abc",
            8: "abcdefg", 9: "abcdfg"}
GLYPH = {frozenset(v): d for d, v in SEGMENTS.items()}
SIZES = {"equation": (880, 500), "transform": (1100, 820), "lattice": (820, 560)}
LOOKS = ("wooden", "chalk", "rods")
ROD_COLORS = ("orange", "cyan", "pink", "yellow", "green")
CAP_TOLERANCE = 0.25   # device pixels: the sticks' round caps flattened to within a quarter pixel (cairo's
                       # default is 0.1; the caps are most of a stick's cost, and the difference is invisible)


def digit_of(segs) -> int | None:
    """The digit drawn by ``segs`` (None when it is no digit)."""
    return GLYPH.get(frozenset(segs))


@functools.lru_cache(maxsize=None)
def one_stick(d: int, op: str) -> tuple[int, ...]:
    """Digits reached from ``d`` by adding ("add") or removing ("remove") exactly one stick (ascending;
    worked out once per digit and operation)."""
    s = set(SEGMENTS[d])
    if op == "remove":
        outs = [digit_of(s - {x}) for x in s]
    else:
        outs = [digit_of(s | {x}) for x in "abcdefg" if x not in s]
    return tuple(sorted(v for v in outs if v is not None))


@functools.lru_cache(maxsize=4096)
def number_moves(n: str, op: str) -> frozenset[str]:
    """Numbers reached from the digit string ``n`` by one stick added or removed (same digit count;
    worked out once per number and operation)."""
    out = set()
    for i, ch in enumerate(n):
        for d in one_stick(int(ch), op):
            out.add(n[:i] + str(d) + n[i + 1:])
    return frozenset(m for m in out if len(m) == 1 or m[0] != "0")


def evaluate(a: int, op: str, b: int) -> int:
    return a + b if op == "+" else a - b


# ---------------------------------------------------------------------- lattice
def lattice_edges(rows: int, cols: int) -> list[str]:
    """Edge ids: ``h:r:c`` (top of square r, c; r up to rows) and ``v:r:c`` (left side; c up to cols)."""
    return ([f"h:{r}:{c}" for r in range(rows + 1) for c in range(cols)]
            + [f"v:{r}:{c}" for r in range(rows) for c in range(cols + 1)])


def square_edges(r: int, c: int) -> tuple[str, ...]:
    return (f"h:{r}:{c}", f"h:{r + 1}:{c}", f"v:{r}:{c}", f"v:{r}:{c + 1}")


def best_additions(rows, cols, present, k):
    """(the most complete squares after adding ``k`` sticks on empty edges, the distinct square sets
    reaching it).  Only edges of squares at most ``k`` sticks short can complete anything, and adding a
    stick never undoes a square, so sets of at most ``k`` of those edges decide it."""
    # each square with the sticks it lacks: it is complete after an addition exactly when the addition
    # holds all of them (squares in row-major order)
    lacks = [((r, c), frozenset(e for e in square_edges(r, c) if e not in present))
             for r in range(rows) for c in range(cols)]
    useful = sorted({e for _, miss in lacks if len(miss) <= k for e in miss})
    best, sets = -1, set()
    for m in range(min(k, len(useful)) + 1):
        for add in combinations(useful, m):
            add = frozenset(add)
            sq = tuple(rc for rc, miss in lacks if miss <= add)
            if len(sq) > best:
                best, sets = len(sq), {sq}
            elif len(sq) == best:
                sets.add(sq)
    return best, sets


# ---------------------------------------------------------------------- scene
class Matchstick(Scene):
    domain, scene_id, size = "puzzles", "matchstick", SIZES["transform"]
    megapixels = (0.0, 0.0)     # no render scaling: each task's canvas is the original's size
    aspect_pad = 0.12
    description = ("Matchstick puzzles: seven-segment digits made of sticks (a false equation, or a source number "
                   "and candidate numbers) or a square lattice with empty edges.")

    def sample(self, rng, difficulty):
        return {"level": difficulty, "look": LOOKS[int(rng.integers(len(LOOKS)))],
                "rod": ROD_COLORS[int(rng.integers(len(ROD_COLORS)))]}

    def canvas_size(self, state):
        return SIZES[state.get("kind", "transform")]

    def variant(self, state):
        return state["look"]

    # ------------------------------------------------------------------ drawing
    def stick(self, c, state, x0, y0, x1, y1, width, *, id=None, tint=None, head=True):
        """One matchstick from (x0, y0) to (x1, y1): an ink edge, its body, a red head on wooden ones
        (left to the caller with ``head=False``: see ``heads``)."""
        look = state["look"]
        body = {"wooden": (0.87, 0.7, 0.42), "chalk": (0.93, 0.93, 0.9)}.get(look, tint or state["rod"])
        tol = c.ctx.get_tolerance()
        c.ctx.set_tolerance(CAP_TOLERANCE)
        c.line(x0, y0, x1, y1, color="ink", lw=width + 3)
        c.line(x0, y0, x1, y1, color=body, lw=width, id=id)
        c.ctx.set_tolerance(tol)
        if look == "wooden" and head:
            c.circle(x1, y1, width * 0.62, fill="red", stroke="ink", lw=1.0)

    def heads(self, c, ends, width):
        """The red heads ``stick`` draws at ``ends`` [(x, y)], all at once: one ink fill of the discs grown
        by half the 1.0 outline, then one red fill of the discs shrunk by as much (the outlined circles'
        look).  For the sticks of seven-segment digits, drawn before: a head reaches no other stick's
        body or head, only ink edges, so it may come after them."""
        ctx = c.ctx
        for radius, colour in ((width * 0.62 + 0.5, "ink"), (width * 0.62 - 0.5, "red")):
            for x, y in ends:
                ctx.new_sub_path()
                ctx.arc(x, y, radius, 0, 2 * math.pi)
            c._paint(c.color(colour), None, 1.0)

    def digit(self, c, state, d, x, y, w, h, *, width=9.0, prefix=None, labels=None, heads_at=None):
        """Seven-segment digit ``d`` in the box (x, y, w, h); ``labels`` {segment: letter} letter sticks.
        With ``heads_at`` (a list), the wooden heads' centres are added to it instead of drawn."""
        inset = width * 0.9
        ends = {"a": ((x, y), (x + w, y)), "b": ((x + w, y), (x + w, y + h / 2)),
                "c": ((x + w, y + h / 2), (x + w, y + h)), "d": ((x, y + h), (x + w, y + h)),
                "e": ((x, y + h / 2), (x, y + h)), "f": ((x, y), (x, y + h / 2)),
                "g": ((x, y + h / 2), (x + w, y + h / 2))}
        for seg in SEGMENTS[d]:
            (ax, ay), (bx, by) = ends[seg]
            if ax == bx:
                ay, by = ay + inset, by - inset
            else:
                ax, bx = ax + inset, bx - inset
            sid = f"{prefix}:{seg}" if prefix else None
            self.stick(c, state, ax, ay, bx, by, width, id=sid, head=heads_at is None)
            if heads_at is not None:
                heads_at.append((bx, by))
            if labels and seg in labels:
                lx, ly = (ax + bx) / 2, (ay + by) / 2        # the letter sits on its stick
                c.circle(lx, ly, 13, fill="white", stroke="black", lw=1.5)
                c.text(lx, ly, labels[seg], size=16, bold=True, color="black", kind="option")

    def number(self, c, state, n: str, cx, cy, h, *, width=9.0):
        w, gap = h * 0.5, h * 0.36
        total = len(n) * w + (len(n) - 1) * gap
        x = cx - total / 2
        ends = []
        for ch in n:
            self.digit(c, state, int(ch), x, cy - h / 2, w, h, width=width, heads_at=ends)
            x += w + gap
        if state["look"] == "wooden":
            self.heads(c, ends, width)

    def render(self, c, state, params):
        getattr(self, "render_" + state["kind"])(c, state)

    def render_equation(self, c, state):
        W, H = SIZES["equation"]
        panel_card(c, (14, 14, W - 14, H - 14), "Equation", size=20)
        items = state["tokens"]
        inner, gap = 44, (64 if state["level"] < 3 else 50)     # between digits of a number, between tokens
        digits = sum(len(t) for t in items if t.isdigit())
        fixed = inner * (digits - 3) + 70 * 2 + gap * 4
        h = min(190.0, (W - 80 - fixed) / (0.5 * digits))
        w = h * 0.5
        width_total = digits * w + fixed
        x, y = (W - width_total) / 2, (H - h) / 2 + 24
        k = 0
        for t in items:
            if t.isdigit():
                for ch in t:
                    labels = {seg: letter for (i, seg), letter in
                              zip([tuple(p) for p in state["candidates"]], LETTERS) if i == k}
                    self.digit(c, state, int(ch), x, y, w, h, prefix=f"d{k}", labels=labels)
                    k += 1
                    x += w + inner
                x += gap - inner
                continue
            mid = y + h / 2
            if t in "+-":
                self.stick(c, state, x + 6, mid, x + 64, mid, 9)
                if t == "+":
                    self.stick(c, state, x + 35, mid - 29, x + 35, mid + 29, 9)
            else:
                self.stick(c, state, x + 6, mid - 16, x + 64, mid - 16, 9)
                self.stick(c, state, x + 6, mid + 16, x + 64, mid + 16, 9)
            x += 70 + gap

    def render_transform(self, c, state):
        W, H = SIZES["transform"]
        box = panel_card(c, (20, 14, W - 20, 262), "Source", size=20, id="source_number")
        self.number(c, state, state["source"], W / 2, (box[1] + box[3]) / 2, 150, width=10)
        cw, ch = (W - 40 - 2 * 24) / 3, 250
        for i, n in enumerate(state["options"]):
            r, k = divmod(i, 3)
            bx = (20 + k * (cw + 24), 290 + r * (ch + 16), cw, ch)
            draw_card(c, bx, LETTERS[i], id=f"option:{LETTERS[i]}", badge_size=18)
            fit = (cw - 70) / (0.5 * len(n) + 0.36 * (len(n) - 1))        # digit height that fits the card
            self.number(c, state, n, bx[0] + cw / 2, bx[1] + ch / 2 + 14, min(150.0, fit), width=9)

    def render_lattice(self, c, state):
        W, H = SIZES["lattice"]
        rows, cols = state["rows"], state["cols"]
        unit = min((W - 120) / cols, (H - 100) / rows, 150)
        x0, y0 = (W - cols * unit) / 2, (H - rows * unit) / 2
        present = set(state["present"])
        for r in range(rows):
            for k in range(cols):
                c.register(f"square:{r}:{k}", box=(x0 + k * unit, y0 + r * unit, x0 + (k + 1) * unit,
                                                   y0 + (r + 1) * unit))
        for r in range(rows + 1):
            for k in range(cols + 1):
                c.circle(x0 + k * unit, y0 + r * unit, 4.5, fill="muted")
        tints = ROD_COLORS
        for i, e in enumerate(lattice_edges(rows, cols)):
            if e not in present:
                continue
            kind, r, k = e.split(":")
            r, k = int(r), int(k)
            ax, ay = x0 + k * unit, y0 + r * unit
            bx, by = (ax + unit, ay) if kind == "h" else (ax, ay + unit)
            inset = 9
            if kind == "h":
                ax, bx = ax + inset, bx - inset
            else:
                ay, by = ay + inset, by - inset
            self.stick(c, state, ax, ay, bx, by, 10, tint=tints[(i * 7 + r) % len(tints)])


SCENE = Matchstick()
task = SCENE.task


# ---------------------------------------------------------------------- equation repair
def equation_candidates(r, level):
    """A true equation and the false one shown: one digit of the true one with a stick added."""
    while True:
        op = "+-"[int(r.integers(2))]
        if level < 3:
            a, b = (int(v) for v in r.integers(0, 10, size=2))
        else:
            a, b = int(r.integers(10, 20)), int(r.integers(0, 10))
            if op == "+" and r.random() < 0.5:
                a = int(r.integers(1, 10))
        cval = evaluate(a, op, b)
        if not 0 <= cval <= (9 if level < 3 else 19):
            continue
        true = [str(a), op, str(b), "=", str(cval)]
        digits = "".join(t for t in true if t.isdigit())
        spots = [(i, d) for i, d in enumerate(digits) if one_stick(int(d), "add")]
        if not spots:
            continue
        i, d = spots[int(r.integers(len(spots)))]
        shown = one_stick(int(d), "add")
        x = shown[int(r.integers(len(shown)))]
        return true, i, int(d), x


def equation_holds(tokens) -> bool:
    a, op, b, _, cval = tokens
    return all(t.isdigit() for t in (a, b, cval)) and evaluate(int(a), op, int(b)) == int(cval)


def after_removal(tokens, digit_index, seg):
    """The tokens with stick ``seg`` taken off the ``digit_index``-th digit (None: no longer a digit)."""
    out, k = [], 0
    for t in tokens:
        if not t.isdigit():
            out.append(t)
            continue
        chars = []
        for ch in t:
            if k == digit_index:
                d = digit_of(set(SEGMENTS[int(ch)]) - {seg})
                if d is None:
                    return None
                ch = str(d)
            chars.append(ch)
            k += 1
        out.append("".join(chars))
    return out


def option_count(q, letter):
    """Lettered sticks: 4 (level 1), 4-6 and at least up to the target letter (2), 6 (3)."""
    if q.difficulty == 1:
        return 4
    if q.difficulty == 3:
        return 6
    return max(LETTERS.index(letter) + 1, q.param("option_base", lambda r: int(r.choice([4, 5, 5, 5, 6]))))


@task("equation_repair_stick_label", answer="option_letter", annotation="segment",
      ops="state_update,formula_evaluation,matching")
def equation_repair_stick_label(q):
    support = "ABCD" if q.difficulty == 1 else "ABCDEF"
    letter = q.target(support, stratified=True)
    n_opts = option_count(q, letter)
    q.offer(n_opts, "image")

    def edit(s, r):
        true, i, d, x = equation_candidates(r, s["level"])
        digits = "".join(t for t in true if t.isdigit())
        shown_digits = digits[:i] + str(x) + digits[i + 1:]
        tokens, k = [], 0
        for t in true:
            if t.isdigit():
                tokens.append(shown_digits[k:k + len(t)])
                k += len(t)
            else:
                tokens.append(t)
        q.require(not equation_holds(tokens), "the shown equation already holds")
        (seg,) = set(SEGMENTS[x]) - set(SEGMENTS[d])
        others = [(j, sg) for j, ch in enumerate(shown_digits) for sg in SEGMENTS[int(ch)] if (j, sg) != (i, seg)]
        wrong = [p for p in others if (t := after_removal(tokens, *p)) is None or not equation_holds(t)]
        q.require(len(wrong) >= n_opts - 1, "too few wrong sticks")
        # wrong sticks that leave digits first (the tempting ones), then any
        tempting = [p for p in wrong if after_removal(tokens, *p) is not None]
        rest = [p for p in wrong if p not in tempting]
        order = [tempting[int(v)] for v in r.permutation(len(tempting))] + [rest[int(v)] for v in
                                                                             r.permutation(len(rest))]
        picks = answer_among(r, (i, seg), order[:n_opts - 1], letter)
        s.update(kind="equation", tokens=tokens, candidates=[[j, sg] for j, sg in picks])
        return s

    s = q.edit(edit)
    good = [LETTERS[n] for n, (j, sg) in enumerate(s["candidates"])
            if (t := after_removal(s["tokens"], j, sg)) is not None and equation_holds(t)]
    q.require(len(good) == 1, "not exactly one repairing stick")
    j, sg = s["candidates"][LETTERS.index(good[0])]
    q.step("remove_stick", digit=j, segment=sg, equation=" ".join(after_removal(s["tokens"], j, sg)))
    return q.answer(good[0], witnesses=f"d{j}:{sg}", question=(
        "The image shows a false equation written in matchsticks (seven-segment digits), with some of the digits' "
        "sticks marked by circled letters. Which lettered stick, taken away, leaves a true equation (every digit "
        "still a proper digit)?"))


# ---------------------------------------------------------------------- number transform
@task("matchstick_number_transform_label", answer="option_letter", annotation="bbox_map",
      ops="transformation,state_update", queries=("add_one_stick", "remove_one_stick"))
def matchstick_number_transform_label(q):
    op = "add" if q.query_id == "add_one_stick" else "remove"
    q.offer(6, "image")
    letter = q.target("ABCDEF", stratified=True)

    def edit(s, r):
        n_digits = s["level"]
        while True:
            lead = int(r.integers(1, 10)) if n_digits > 1 else int(r.integers(0, 10))
            src = str(lead) + "".join(str(int(v)) for v in r.integers(0, 10, size=n_digits - 1))
            good = sorted(number_moves(src, op))
            if good:
                break
        answer = good[int(r.integers(len(good)))]
        back = "remove" if op == "add" else "add"
        near = set()
        for i, ch in enumerate(src):          # plausible misses: the other operation, moved sticks, two sticks
            for d in range(10):
                diff = len(set(SEGMENTS[d]) ^ set(SEGMENTS[int(ch)]))
                if d != int(ch) and diff in (1, 2, 3):
                    near.add(src[:i] + str(d) + src[i + 1:])
        near |= number_moves(src, back)
        near = sorted(m for m in near if m != src and m not in good and (len(m) == 1 or m[0] != "0"))
        if len(near) < 5:
            pad = [str(v).zfill(n_digits) for v in range(10 ** (n_digits - 1) if n_digits > 1 else 0, 10 ** n_digits)]
            near += [m for m in pad if m not in near and m != src and m not in good]
        picks = answer_among(r, answer, [near[int(v)] for v in r.permutation(len(near))[:5]], letter)
        s.update(kind="transform", source=src, options=picks)
        return s

    s = q.edit(edit)
    good = [LETTERS[i] for i, m in enumerate(s["options"]) if m in number_moves(s["source"], op)]
    q.require(len(good) == 1, "not exactly one reachable option")
    q.step("one_stick", change=op, source=s["source"], option=good[0])
    verb = "adding exactly one stick to" if op == "add" else "removing exactly one stick from"
    return q.answer(good[0], witnesses={"source_number": "source_number", "selected_option": f"option:{good[0]}"},
                    question=("The image shows a source number written in matchsticks (seven-segment digits) and six "
                              f"lettered candidate numbers. Which candidate can be made by {verb} the source number, "
                              "moving no other stick?"))


# ---------------------------------------------------------------------- square lattice
LATTICES = {1: ((2, 3),), 2: ((3, 3),), 3: ((3, 4), (4, 4))}
ADDS = {1: (1,), 2: (1, 2), 3: (2,)}
TARGETS = {1: (1, 2, 3, 4), 2: (1, 2, 3, 4, 5, 6), 3: (2, 3, 4, 5, 6, 7, 8)}


@task("max_square_count_after_additions_value", answer="integer", annotation="bbox_set",
      ops="counting,ranking,state_update")
def max_square_count_after_additions_value(q):
    want = q.target(TARGETS[q.difficulty], stratified=True)

    def edit(s, r):
        shapes = LATTICES[s["level"]]
        rows, cols = shapes[int(r.integers(len(shapes)))]
        k = int(r.choice(ADDS[s["level"]]))
        edges = lattice_edges(rows, cols)
        density = float(r.uniform(0.15, 0.4))
        for _ in range(300):
            # plant the target: complete ``want`` squares, take k of their sticks off, scatter other sticks
            sq = [divmod(int(v), cols) for v in r.choice(rows * cols, size=want, replace=False)]
            need = {e for a, b in sq for e in square_edges(a, b)}
            present = {e for e in edges if e in need or r.random() < density}
            missing = sorted(need)
            take = [missing[int(v)] for v in r.choice(len(missing), size=k, replace=False)]
            present -= set(take)
            best, sets = best_additions(rows, cols, present, k)
            if best == want and len(sets) == 1:
                s.update(kind="lattice", rows=rows, cols=cols, add=k,
                         present=[e for e in edges if e in present])
                return s
        q.reject("no lattice with the target maximum")

    s = q.edit(edit)
    best, sets = best_additions(s["rows"], s["cols"], set(s["present"]), s["add"])
    q.require(len(sets) == 1, "the best additions complete different squares")
    (squares,) = sets
    q.step("best_additions", add=s["add"], squares=[list(x) for x in squares])
    sticks = ("one more matchstick on an empty edge" if s["add"] == 1
              else f"exactly {s['add']} more matchsticks on empty edges")
    return q.answer(best, witnesses=[f"square:{a}:{b}" for a, b in squares], question=(
        f"The image shows a {s['rows']} x {s['cols']} lattice of unit squares (its corners marked by dots); some "
        f"of its edges hold a matchstick and the others are empty. Place {sticks}. What is the "
        "largest number of complete unit squares (all four sides a matchstick) there can then be?"))
