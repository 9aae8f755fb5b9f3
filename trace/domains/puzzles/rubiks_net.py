"""puzzles/rubiks_net: a 3x3x3 Rubik-style cube drawn as a net (U above F; L F R B in a row; D
below F) with scrambled stickers, turned by a short move sequence in Singmaster notation (U D L R F
B quarter turns, clockwise as seen from outside the turned face; a prime turns counter-clockwise).

Three questions with four option cards drawn in the image: how many stickers of a target colour a
face shows after the moves; which colour a sticker (column, row), counted from the face's bottom
left, shows after the moves; which of four candidate nets is the cube after the moves, or after
undoing them (the inverse sequence: reversed, each turn inverted).  Candidate nets that misread the
sequence (turns inverted, order reversed, a turn dropped or doubled, the opposite face turned) are the
distractors.

Turns act on a 3D sticker model: each sticker has a cubie position in {-1, 0, 1}^3 and a normal;
a turn rotates the layer's stickers a quarter about the face's axis.  Difficulty: the sequence's
length (1, 1-2, 2-3 turns) and, for counts, the face's colour mix.
"""

from __future__ import annotations

from tracegen.core.task import Scene

FACES = "ULFRBD"
# face: (normal, right, up) as seen from outside, x right, y up, z towards the viewer
FRAME = {"F": ((0, 0, 1), (1, 0, 0), (0, 1, 0)), "R": ((1, 0, 0), (0, 0, -1), (0, 1, 0)),
         "B": ((0, 0, -1), (-1, 0, 0), (0, 1, 0)), "L": ((-1, 0, 0), (0, 0, 1), (0, 1, 0)),
         "U": ((0, 1, 0), (1, 0, 0), (0, 0, -1)), "D": ((0, -1, 0), (1, 0, 0), (0, 0, 1))}
NET = {"U": (1, 0), "L": (0, 1), "F": (1, 1), "R": (2, 1), "B": (3, 1), "D": (1, 2)}   # face blocks (col, row)
COLOURS = ["red", "blue", "green", "yellow", "orange", "purple"]
LETTERS = "ABCD"
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L", "F": "B", "B": "F"}
N_MOVES = {1: (1, 1), 2: (1, 2), 3: (2, 3)}


def _dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def _cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _quarter(v, axis, sign):
    """v turned a quarter about ``axis``: sign -1 clockwise seen from the axis' tip."""
    c = _cross(axis, v)
    d = _dot(axis, v)
    return tuple(sign * c[i] + axis[i] * d for i in range(3))


def turn(cube, move):
    """The cube (face -> 3 rows (bottom first) of 3 colours) after one move ('R', "R'")."""
    face = move[0]
    sign = 1 if move.endswith("'") else -1
    axis = FRAME[face][0]
    out = {f: [row[:] for row in cube[f]] for f in cube}
    normal_face = {FRAME[f][0]: f for f in FRAME}
    for f in FACES:
        n, r, u = FRAME[f]
        for row in range(3):
            for col in range(3):
                pos = tuple(n[i] + (col - 1) * r[i] + (row - 1) * u[i] for i in range(3))
                if _dot(pos, axis) != 1:
                    continue
                p2, n2 = _quarter(pos, axis, sign), _quarter(n, axis, sign)
                g = normal_face[n2]
                _, r2, u2 = FRAME[g]
                rel = tuple(p2[i] - n2[i] for i in range(3))
                out[g][_dot(rel, u2) + 1][_dot(rel, r2) + 1] = cube[f][row][col]
    return out


def run(cube, moves):
    for m in moves:
        cube = turn(cube, m)
    return cube


def inverse(moves):
    return [m[0] if m.endswith("'") else m + "'" for m in reversed(moves)]


class RubiksNet(Scene):
    domain, scene_id, size = "puzzles", "rubiks_net", (1480, 780)
    megapixels = (0.95, 1.3)   # render-only: the original's one 1480 x 780 canvas
    description = ("A Rubik-style cube net with scrambled stickers and a move sequence: a face's colour count, a "
                   "sticker's colour, or the candidate net after the moves or after undoing them.")

    def sample(self, rng, difficulty):
        cube = {f: [[COLOURS[int(rng.integers(6))] for _ in range(3)] for _ in range(3)] for f in FACES}
        lo, hi = N_MOVES[difficulty]
        n = int(rng.integers(lo, hi + 1))
        moves = []
        while len(moves) < n:
            m = FACES[int(rng.integers(6))] + ("'" if rng.integers(2) else "")
            if moves and moves[-1][0] == m[0]:
                continue
            moves.append(m)
        return {"cube": cube, "moves": moves}

    # ------------------------------------------------------------------ drawing
    @staticmethod
    def draw_net(c, cube, x0, y0, s, *, labels=True, id=None, mark=None):
        for f in FACES:
            bc, br = NET[f]
            for row in range(3):
                for col in range(3):
                    x = x0 + (bc * 3 + col) * s
                    y = y0 + (br * 3 + (2 - row)) * s
                    c.rect(x, y, s, s, fill=cube[f][row][col], stroke="ink", lw=1.2)
            if labels:
                fx, fy = x0 + bc * 3 * s, y0 + br * 3 * s
                if f in "ULD":
                    c.text(fx - 16, fy + 1.5 * s, f, size=16, bold=True)
                elif f in "RB":
                    c.text(fx + 1.5 * s, fy - 12, f, size=16, bold=True)
                else:                      # F: a tag on its centre sticker (U is above, D below)
                    c.rect(fx + 1.5 * s - 10, fy + 1.5 * s - 11, 20, 22, fill="background", stroke="ink", lw=1.0)
                    c.text(fx + 1.5 * s, fy + 1.5 * s, f, size=15, bold=True)
        if mark is not None:
            f, col, row = mark
            bc, br = NET[f]
            x = x0 + (bc * 3 + col) * s
            y = y0 + (br * 3 + (2 - row)) * s
            c.rect(x + 2, y + 2, s - 4, s - 4, stroke="ink", lw=3.0)
        if id is not None:
            c.register(id, box=(x0, y0, x0 + 12 * s, y0 + 9 * s))

    def render(self, c, state, params):
        c.rect(30, 30, 640, 720, stroke="muted", lw=1.5)
        c.text(350, 62, ("Start net, moves: " if state["kind"] == "nets" else "Moves: ") + " ".join(state["moves"]),
                size=22, bold=True)
        self.draw_net(c, state["cube"], 70, 120, 44)
        kind = state["kind"]
        if kind == "sticker":
            x0, y0, s = 430, 560, 56
            c.text(x0 + 1.5 * s, y0 - 18, "(column, row) on a face", size=15)
            for row in range(3):
                for col in range(3):
                    c.rect(x0 + col * s, y0 + (2 - row) * s, s, s, fill="panel", stroke="ink", lw=1.2)
                    c.text(x0 + col * s + s / 2, y0 + (2 - row) * s + s / 2, f"({col},{row})", size=13)
        if kind == "count":
            c.text(150, 620, "Target colour", size=18, bold=True)
            c.rect(240, 600, 60, 40, fill=state["target"], stroke="ink", lw=1.5, id="swatch")
        if kind == "nets":
            for k, net in enumerate(state["options"]):
                x, y = 700 + (k % 2) * 390, 30 + (k // 2) * 370
                c.rect(x, y, 370, 350, fill="panel", stroke="muted", lw=1.5, id=f"option:{LETTERS[k]}")
                c.text(x + 185, y + 28, LETTERS[k], size=24, bold=True, kind="option")
                self.draw_net(c, net, x + 29, y + 60, 26, labels=False)
            return
        for k, opt in enumerate(state["options"]):
            x, y = 720 + k * 185, 120
            c.rect(x, y, 165, 200, fill="panel", stroke="muted", lw=1.5, id=f"option:{LETTERS[k]}")
            c.text(x + 82, y + 34, LETTERS[k], size=26, bold=True, kind="option")
            if kind == "sticker":
                c.rect(x + 52, y + 90, 60, 60, fill=opt, stroke="ink", lw=1.5)
            else:
                c.text(x + 82, y + 120, str(opt), size=40, bold=True)


SCENE = RubiksNet()
task = SCENE.task
LEAD = ("The cube net shows a Rubik-style cube (U above F; L, F, R, B in a row; D below F). Turns are "
        "quarter turns of a face, clockwise as seen from outside that face; a prime (') means counter-clockwise. ")


def _letter(q):
    q.offer(4, "image")
    return q.target(list(LETTERS), stratified=True)


@task("post_move_face_color_count_label", answer="option_letter", annotation="bbox",
      ops="filtering,counting,state_update")
def post_move_face_color_count_label(q):
    letter = _letter(q)

    def fn(s, rng):
        after = run(s["cube"], s["moves"])
        face = FACES[int(rng.integers(6))]
        colour = COLOURS[int(rng.integers(6))]
        n = sum(row.count(colour) for row in after[face])
        before = sum(row.count(colour) for row in s["cube"][face])
        q.require(1 <= n <= 7, "count out of range")
        pool = sorted({before, n + 1, n - 1, n + 2, n - 2, n + 3} - {n} - {-1, -2, 10, 11})
        picks = [pool[int(i)] for i in rng.choice(len(pool), size=3, replace=False)]
        if before != n and before not in picks:
            picks[0] = before
        picks.insert(LETTERS.index(letter), n)
        s.update(kind="count", face=face, target=colour, options=picks)
        return s

    s = q.edit(fn)
    return q.answer(letter, witnesses=f"option:{letter}", examples=[x for x in LETTERS if x != letter][:2],
                    question=LEAD + f"After the moves {' '.join(s['moves'])}, how many stickers on the {s['face']} "
                                    f"face have the target colour shown in the swatch? Choose the option card.")


@task("post_move_sticker_color_label", answer="option_letter", annotation="bbox", ops="state_update")
def post_move_sticker_color_label(q):
    letter = _letter(q)

    def fn(s, rng):
        after = run(s["cube"], s["moves"])
        face = FACES[int(rng.integers(6))]
        col, row = int(rng.integers(3)), int(rng.integers(3))
        colour = after[face][row][col]
        others = [x for x in COLOURS if x != colour]
        picks = [others[int(i)] for i in rng.choice(len(others), size=3, replace=False)]
        before = s["cube"][face][row][col]
        if before != colour and before not in picks:
            picks[0] = before
        picks.insert(LETTERS.index(letter), colour)
        s.update(kind="sticker", face=face, pos=[col, row], options=picks)
        return s

    s = q.edit(fn)
    col, row = s["pos"]
    return q.answer(letter, witnesses=f"option:{letter}", examples=[x for x in LETTERS if x != letter][:2],
                    question=LEAD + f"After the moves {' '.join(s['moves'])}, which option swatch shows the colour "
                                    f"of the sticker at (column, row) = ({col}, {row}) on the {s['face']} face, "
                                    "counted from the face's bottom-left sticker (0, 0) as the grid shows?")


@task("rubiks_move_result_label", answer="option_letter", annotation="bbox", ops="state_update",
      queries=("direct_sequence_result_label", "inverse_sequence_result_label"))
def rubiks_move_result_label(q):
    letter = _letter(q)
    undo = q.query_id == "inverse_sequence_result_label"

    def fn(s, rng):
        seq = inverse(s["moves"]) if undo else list(s["moves"])
        right = run(s["cube"], seq)
        wrong_seqs = [list(s["moves"]) if undo else inverse(s["moves"]),
                      [m[0] if m.endswith("'") else m + "'" for m in seq], list(reversed(seq)), seq[:-1] or [],
                      seq[1:], [m[0] for m in seq], seq + seq[-1:],
                      [OPPOSITE[seq[0][0]] + seq[0][1:]] + seq[1:]]
        wrongs = []
        for w in wrong_seqs:
            cube = run(s["cube"], w)
            if cube != right and cube not in wrongs:
                wrongs.append(cube)
        q.require(len(wrongs) >= 3, "too few distinct distractors")
        picks = [wrongs[int(i)] for i in sorted(rng.choice(len(wrongs), size=3, replace=False))]
        picks.insert(LETTERS.index(letter), right)
        s.update(kind="nets", options=picks)
        return s

    s = q.edit(fn)
    how = "after undoing the moves" if undo else "after applying the moves"
    return q.answer(letter, witnesses=f"option:{letter}", examples=[x for x in LETTERS if x != letter][:2],
                    question=LEAD + f"Which candidate net A-D shows the start cube {how} {' '.join(s['moves'])}?")
