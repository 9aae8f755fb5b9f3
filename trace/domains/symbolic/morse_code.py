"""symbolic/morse_code: International Morse code read and written.  A card of Morse code above four
lettered word cards, or a word above four lettered cards of Morse code; the wrong options are
look-alike words (the same length, a shared beginning), so their codes share most marks.

Dots are drawn as discs and dashes as bars three dots long; marks of a letter are one dot apart
and letters three (the standard's spacing).  Difficulty grows the words (3, 3-5, 5-7 letters).
"""

from __future__ import annotations

from tracegen.core.options import insert_at
from tracegen.core.task import Scene
from tracegen.kits import codes
from tracegen.kits.cards import card_grid, rounded_rect

W, H = 940, 650
LETTERS = "ABCD"
WORD_LEN = {1: (3, 3), 2: (3, 5), 3: (5, 7)}
SPACING = ("Dots are drawn as round marks and dashes as long bars; the marks of one letter are close together "
           "and a wider gap separates letters.")


class MorseCode(Scene):
    domain, scene_id, size = "symbolic", "morse_code", (W, H)
    megapixels = (0.58, 0.76)
    description = ("International Morse code: a code card above lettered word cards, or a word above lettered "
                   "code cards.")

    def sample(self, rng, difficulty):
        words = codes.words_of_length(*WORD_LEN[difficulty])
        word = words[int(rng.integers(len(words)))]
        return {"level": difficulty, "word": word, "layout": "", "code": [], "options": []}

    def render(self, c, state, params):
        if state["layout"] == "read":
            code = state["code"]
            unit = min(14.0, 760 / codes.morse_width(code, 1.0))
            pw = codes.morse_width(code, unit) + 110
            rounded_rect(c, (W - pw) / 2, 50, pw, 130, radius=14, fill="panel", stroke="grid", lw=1.5, id="code")
            codes.draw_morse(c, W / 2, 115, code, unit=unit)
            for (x, y, bw, bh), word in zip(self._cards(c, 320, h=80, w=W - 260, cols=2), state["options"]):
                c.text(x + bw / 2, y + bh / 2, word.upper(), size=28, kind="option")
            return
        word = state["word"].upper()
        c.text(W / 2, 76, word, size=40, bold=True)
        tw = c.text_width(word, size=40, bold=True) + 90
        rounded_rect(c, (W - tw) / 2, 38, tw, 76, radius=14, stroke="grid", lw=2.0, id="word")
        widest = max(codes.morse_width(o, 1.0) for o in state["options"])
        cols = 2 if 360 / widest >= 7.0 else 1
        h = 130 if cols == 2 else 76
        boxes = self._cards(c, 196, h=h, w=W - 80, cols=cols, gap=46 if cols == 2 else 38)
        for (x, y, bw, bh), code in zip(boxes, state["options"]):
            unit = min(11.0, (bw - 70) / widest)
            codes.draw_morse(c, x + bw / 2 + (0 if cols == 2 else 10), y + bh / 2, code, unit=unit)

    @staticmethod
    def _cards(c, y0, *, h, w, cols, gap=46):
        """Lettered cards (the letter above each, or at the left of a full-width card); returns their boxes."""
        boxes = card_grid((W - w) / 2, y0, w, 4, cols=cols, h=h, gap=gap)
        for letter, (x, y, bw, bh) in zip(LETTERS, boxes):
            if cols == 1:
                c.text(x - 22, y + bh / 2, letter, size=22, bold=True, kind="option")
            else:
                c.text(x + bw / 2, y - 18, letter, size=22, bold=True, kind="option")
            rounded_rect(c, x, y, bw, bh, radius=14, fill="paper", stroke="ink", lw=1.5, id=f"option:{letter}")
        return boxes


SCENE = MorseCode()
task = SCENE.task


def _options(q, letter, right, words_to_option):
    """Four options: ``right`` at ``letter``, the rest from three look-alike words of the same length."""
    def edit(s, r):
        same = codes.look_alikes(r, s["word"], 3, same_length=True)
        q.require(len(same) == 3, "too few look-alike words of the same length")
        s["options"] = insert_at(letter, right(s), [words_to_option(w) for w in same], LETTERS)
        return s

    return edit


@task("morse_word_read_label", answer="string", annotation="bbox_map", ops="transformation")
def morse_word_read_label(q):
    q.offer(4, "image")
    letter = q.target(LETTERS, stratified=True)

    def edit(s, r):
        s["layout"], s["code"] = "read", codes.morse(s["word"])
        return _options(q, letter, lambda s: s["word"], lambda w: w)(s, r)

    s = q.edit(edit)
    k = s["options"].index(s["word"])
    q.step("decode", code=" ".join(s["code"]), word=s["word"])
    return q.answer(LETTERS[k], witnesses={"source_code": "code", "selected_option": f"option:{LETTERS[k]}"},
                    examples=list(LETTERS),
                    question=("The image shows a word in International Morse code above four lettered word cards. "
                              f"{SPACING} Which card shows the word the Morse code spells? Answer with the card's "
                              "letter."))


@task("word_morse_match_label", answer="string", annotation="bbox_map", ops="matching")
def word_morse_match_label(q):
    q.offer(4, "image")
    letter = q.target(LETTERS, stratified=True)

    def edit(s, r):
        s["layout"] = "match"
        return _options(q, letter, lambda s: codes.morse(s["word"]), codes.morse)(s, r)

    s = q.edit(edit)
    k = s["options"].index(codes.morse(s["word"]))
    q.step("encode", word=s["word"], code=" ".join(codes.morse(s["word"])))
    return q.answer(LETTERS[k], witnesses={"source_word": "word", "selected_option": f"option:{LETTERS[k]}"},
                    examples=list(LETTERS),
                    question=("The image shows a word above four lettered cards of International Morse code. "
                              f"{SPACING} Which card encodes the word shown above? Answer with the card's letter."))
