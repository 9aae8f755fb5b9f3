"""symbolic/braille_cell: grade-1 Braille (the standard literary code's 26 letters) read and written.
A word plate of Braille cells above four lettered word cards; a source word above four lettered
Braille plates; or a reference cell beside lettered option cells, one of which has the same raised
dots (the others are its usual confusions: the mirror image, one dot more or fewer, the pattern
shifted by a row).

Raised dots are drawn as filled discs, the other five places of a cell as small rings.  Difficulty
grows the words (3, 4-6, 6-7 letters) and the option cells (4, 6, 8).
"""

from __future__ import annotations

from tracegen.core.options import insert_at
from tracegen.core.task import Scene
from tracegen.kits import codes
from tracegen.kits.cards import card_grid, rounded_rect

W, H = 940, 650
LETTERS = "ABCDEFGH"
WORD_LEN = {1: (3, 3), 2: (4, 6), 3: (6, 7)}
N_CELLS = {1: 4, 2: 6, 3: 8}
CELL_NOTE = ("(in each cell the six dot places are numbered 1-2-3 down the left column and 4-5-6 down the right; "
             "filled dots are raised and rings are flat)")


class BrailleCell(Scene):
    domain, scene_id, size = "symbolic", "braille_cell", (W, H)
    megapixels = (0.58, 0.76)
    description = ("Grade-1 Braille: a word plate of cells above lettered word cards, a word above lettered Braille "
                   "plates, or a reference cell beside lettered option cells.")

    def sample(self, rng, difficulty):
        words = codes.words_of_length(*WORD_LEN[difficulty])
        word = words[int(rng.integers(len(words)))]
        return {"level": difficulty, "word": word, "layout": "", "plate": [], "options": []}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        getattr(self, "_" + state["layout"])(c, state)

    @staticmethod
    def _option_cards(c, n, y0, *, h, w=W - 200):
        """Lettered cards (the letter above each card) in rows of two; returns their boxes."""
        boxes = card_grid((W - w) / 2, y0, w, n, cols=2, h=h, gap=46)
        for letter, (x, y, bw, bh) in zip(LETTERS, boxes):
            c.text(x + bw / 2, y - 18, letter, size=22, bold=True, kind="option")
            rounded_rect(c, x, y, bw, bh, radius=14, fill="paper", stroke="ink", lw=1.5, id=f"option:{letter}")
        return boxes

    def _word_read(self, c, state):
        cells = state["plate"]
        pitch = min(30.0, 640 / (len(cells) * 2.8))
        cw, ch = codes.braille_cell_size(pitch)
        pw = len(cells) * cw + (len(cells) - 1) * 0.6 * pitch + 80
        rounded_rect(c, (W - pw) / 2, 40, pw, ch + 70, radius=14, fill="panel", stroke="grid", lw=1.5, id="plate")
        codes.draw_braille_word(c, W / 2, 40 + (ch + 70) / 2, cells, pitch=pitch)
        for (x, y, bw, bh), word in zip(self._option_cards(c, 4, 330, h=76), state["options"]):
            c.text(x + bw / 2, y + bh / 2, word, size=28, kind="option")

    def _word_match(self, c, state):
        word = state["word"]
        c.text(W / 2, 72, word, size=38, bold=True, id="word_text")
        tw = c.text_width(word, size=38, bold=True) + 90
        rounded_rect(c, (W - tw) / 2, 36, tw, 72, radius=14, stroke="grid", lw=2.0, id="word")
        for (x, y, bw, bh), cells in zip(self._option_cards(c, 4, 190, h=150, w=W - 80), state["options"]):
            pitch = min(19.0, (bw - 50) / (len(cells) * 2.8))
            codes.draw_braille_word(c, x + bw / 2, y + bh / 2, cells, pitch=pitch)

    def _pattern(self, c, state):
        n = len(state["options"])
        cw, ch = codes.braille_cell_size(34)
        x0, y0 = 60, H / 2 - (ch + 40) / 2
        c.text(x0 + (cw + 40) / 2, y0 - 24, "REF", size=22, bold=True)
        rounded_rect(c, x0, y0, cw + 40, ch + 40, radius=12, fill="panel", stroke="grid", lw=1.5, id="reference")
        codes.draw_braille_cell(c, x0 + 20, y0 + 20, state["plate"][0], pitch=34, frame=False)
        cols = (n + 1) // 2
        pitch = 30 if cols <= 3 else 24
        cw, ch = codes.braille_cell_size(pitch)
        gap = 36 if cols <= 3 else 28
        bw, bh = cw + 44, ch + 36
        gx = 300 + (W - 330 - cols * bw - (cols - 1) * gap) / 2
        gy = (H - 2 * bh - 70) / 2 + 12
        for i, dots in enumerate(state["options"]):
            r, k = divmod(i, cols)
            x, y = gx + k * (bw + gap), gy + r * (bh + 70)
            c.text(x + bw / 2, y - 20, LETTERS[i], size=22, bold=True, kind="option")
            rounded_rect(c, x, y, bw, bh, radius=12, fill="paper", stroke="ink", lw=1.5, id=f"option:{LETTERS[i]}")
            codes.draw_braille_cell(c, x + 22, y + 18, dots, pitch=pitch, frame=False)


SCENE = BrailleCell()
task = SCENE.task


def _look_alikes(q, s, r):
    same = codes.look_alikes(r, s["word"], 3, same_length=True)
    q.require(len(same) == 3, "too few look-alike words of the same length")
    return same


# ---------------------------------------------------------------------- tasks
@task("braille_word_read_label", answer="string", annotation="bbox_map", ops="transformation")
def braille_word_read_label(q):
    q.offer(4, "image")
    letter = q.target(LETTERS[:4], stratified=True)

    def edit(s, r):
        s["layout"] = "word_read"
        s["plate"] = codes.braille(s["word"])
        s["options"] = insert_at(letter, s["word"], _look_alikes(q, s, r), LETTERS)
        return s

    s = q.edit(edit)
    k = s["options"].index(s["word"])
    q.step("read_cells", word=s["word"])
    return q.answer(LETTERS[k], witnesses={"source_plate": "plate", "selected_option": f"option:{LETTERS[k]}"},
                    examples=list(LETTERS[:4]),
                    question=("The image shows a word written in grade-1 Braille on a plate, one letter per cell "
                              f"{CELL_NOTE}, above four lettered word cards. Which card shows the word the "
                              "Braille plate spells? Answer with the card's letter."))


def _near_patterns(ref, r):
    """Cells a reader confuses with ``ref``: its mirror image, one dot added or taken away, the
    pattern moved down or up a row, two dots changed; never ``ref`` itself nor an empty cell."""
    ref = set(ref)
    mirror = {d + 3 if d <= 3 else d - 3 for d in ref}
    near = [mirror]
    near += [ref ^ {d} for d in range(1, 7)]
    for shift in (1, -1):
        moved = {d + shift for d in ref}
        if all(d in (1, 2, 3, 4, 5, 6) and (d - 1) // 3 == (d - shift - 1) // 3 for d in moved):
            near.append(moved)
    near += [ref ^ {a, b} for a in range(1, 7) for b in range(a + 1, 7)]
    out = []
    for cand in near:
        cand = sorted(cand)
        if cand and cand != sorted(ref) and cand not in out:
            out.append(cand)
    head, tail = out[:8], out[8:]
    return [head[int(i)] for i in r.permutation(len(head))] + [tail[int(i)] for i in r.permutation(len(tail))]


@task("matching_pattern_label", answer="string", annotation="bbox_map", ops="matching")
def matching_pattern_label(q):
    n = N_CELLS[q.difficulty]
    q.offer(n, "image")
    letter = q.target(LETTERS[:n], stratified=True)

    def edit(s, r):
        ch = s["word"][int(r.integers(len(s["word"])))]
        ref = list(codes.BRAILLE[ch])
        s["layout"] = "pattern"
        s["plate"] = [ref]
        s["options"] = insert_at(letter, ref, _near_patterns(ref, r)[:n - 1], LETTERS)
        return s

    s = q.edit(edit)
    k = s["options"].index(s["plate"][0])
    q.step("compare_cells", reference=s["plate"][0])
    return q.answer(LETTERS[k], witnesses={"reference_cell": "reference", "selected_option": f"option:{LETTERS[k]}"},
                    examples=list(LETTERS[:n]),
                    question=(f"The image shows a Braille reference cell marked REF and {n} lettered option cells "
                              f"{CELL_NOTE}. Which option cell has exactly the same raised dots as the reference "
                              "cell? Answer with the option's letter."))


@task("word_braille_match_label", answer="string", annotation="bbox_map", ops="matching")
def word_braille_match_label(q):
    q.offer(4, "image")
    letter = q.target(LETTERS[:4], stratified=True)

    def edit(s, r):
        s["layout"] = "word_match"
        s["options"] = insert_at(letter, codes.braille(s["word"]), [codes.braille(w) for w in _look_alikes(q, s, r)])
        return s

    s = q.edit(edit)
    k = s["options"].index(codes.braille(s["word"]))
    q.step("write_cells", word=s["word"])
    return q.answer(LETTERS[k], witnesses={"source_word": "word", "selected_option": f"option:{LETTERS[k]}"},
                    examples=list(LETTERS[:4]),
                    question=("The image shows a word above four lettered cards, each holding a word written in "
                              f"grade-1 Braille, one letter per cell {CELL_NOTE}. Which card writes the word shown "
                              "above? Answer with the card's letter."))
