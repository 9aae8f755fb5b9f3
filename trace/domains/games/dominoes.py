"""games/dominoes: face-up tiles of a double-six set, laid out in rows, as a short line of play
(ending in a tile marked REF) over loose tiles, or as one line of play with lettered joins.

Rules (``kits.dominoes``): a double has the same pips on both halves; a loose tile can be played
on an open end when either of its halves shows that end's number (it is turned round to fit), and
the line goes on from its other half; at each join of a line the touching halves must match.
"""

from __future__ import annotations

from tracegen.core.task import Scene, retrying
from tracegen.kits import dominoes as dm
from tracegen.kits.boards import badge

SIZE = (1100, 700)
N_TILES = {1: (5, 7), 2: (9, 12), 3: (14, 18)}
N_LOOSE = {1: (4, 5), 2: (7, 9), 3: (10, 11)}
LONGEST = {1: range(1, 5), 2: range(1, 6), 3: range(5, 10)}
LINE = {1: (5, 4), 2: (7, 6), 3: (9, 6)}     # tiles in the line, lettered joins
LETTERS = "ABCDEF"


class Dominoes(Scene):
    domain, scene_id, size = "games", "dominoes", SIZE
    megapixels = (0.3, 0.34)   # scale 1: the image is the layout's size (0.9 MP in the original)
    description = ("Face-up dominoes of a double-six set: tiles in rows, a short line of play ending in a REF "
                   "tile over loose tiles, or one line of play with lettered joins.")

    def sample(self, rng, difficulty):
        lo, hi = N_TILES[difficulty]
        return {"layout": "rows", "tiles": dm.deal(rng, int(rng.integers(lo, hi + 1))), "ref": None}

    def render(self, c, state, params):
        w, h = self.size
        c.rect(12, 12, w - 24, h - 24, fill="panel", stroke="muted", lw=1.5)
        getattr(self, "_draw_" + state["layout"])(c, state, w, h)

    def _rows(self, c, tiles, y_mid, w, half, gap, prefix, ref=None, per_row=6, gy=34):
        rows = [tiles[i:i + per_row] for i in range(0, len(tiles), per_row)]
        y0 = y_mid - (len(rows) * half + (len(rows) - 1) * gy) / 2
        i = 0
        for r, row in enumerate(rows):
            x0 = (w - (len(row) * 2 * half + (len(row) - 1) * gap)) / 2
            for k, t in enumerate(row):
                x, y = x0 + k * (2 * half + gap), y0 + r * (half + gy)
                dm.draw_tile(c, x, y, half, t, id=f"{prefix}:{i}", stroke="red" if i == ref else dm.EDGE,
                             lw=4.0 if i == ref else 2.2)
                if i == ref:
                    badge(c, x + half, y - 4, "REF", size=13, anchor="c", border="red")
                i += 1

    def _draw_rows(self, c, state, w, h):
        per_row = 6 if len(state["tiles"]) > 7 else 7
        self._rows(c, state["tiles"], h / 2, w, 56, 30, "tile", ref=state.get("ref"), per_row=per_row, gy=40)

    def _draw_chain(self, c, state, w, h):
        half = 56
        chain = state["chain"]
        c.text(40, 52, "Line of play", size=17, bold=True, anchor="l")
        x0 = (w - len(chain) * 2 * half) / 2
        for i, t in enumerate(chain):
            last = i == len(chain) - 1
            dm.draw_tile(c, x0 + i * 2 * half, 92, half, t, id=f"chain:{i}",
                         stroke="red" if last else dm.EDGE, lw=4.0 if last else 2.2)
        badge(c, x0 + (len(chain) - 0.5) * 2 * half, 80, "REF", size=13, anchor="c", border="red")
        c.text(40, 222, "Loose dominoes", size=17, bold=True, anchor="l")
        self._rows(c, state["loose"], 240 + (h - 240) / 2, w, 52, 34, "tile", per_row=4 if len(state["loose"]) <= 8
                   else 6, gy=40)

    def _draw_line(self, c, state, w, h):
        tiles = state["tiles"]
        half = 52 if len(tiles) > 7 else 56
        x0 = (w - len(tiles) * 2 * half) / 2
        y = h / 2 - half / 2
        for i, t in enumerate(tiles):
            dm.draw_tile(c, x0 + i * 2 * half, y, half, t, id=f"tile:{i}")
        for j, lab in zip(state["joins"], state["labels"]):
            x = x0 + (j + 1) * 2 * half
            c.register(f"join:{j}", segment=((x, y), (x, y + half)))
            c.line(x, y - 8, x, y - 26, color="ink", lw=2)
            badge(c, x, y - 40, lab, size=15, anchor="c")


SCENE = Dominoes()
task = SCENE.task

INTRO = "The image shows face-up dominoes (double-six set); each tile has two halves showing 0 to 6 pips."
SUM = "A domino's pip sum is the total number of pips on its two halves."


def _split_deal(rng, n, t, hit):
    """``n`` tiles of which exactly ``t`` satisfy ``hit`` (None when the set cannot give them)."""
    full = dm.full_set()
    yes = [x for x in full if hit(x)]
    no = [x for x in full if not hit(x)]
    if len(yes) < t or len(no) < n - t:
        return None
    tiles = [yes[int(i)] for i in rng.choice(len(yes), size=t, replace=False)]
    tiles += [no[int(i)] for i in rng.choice(len(no), size=n - t, replace=False)]
    tiles = [tiles[int(i)] for i in rng.permutation(n)]
    return [t_ if rng.random() < 0.5 else t_[::-1] for t_ in tiles]


@task("double_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def double_count(q):
    lo, hi = N_TILES[q.difficulty]
    t = q.target(range(0, 6) if q.difficulty > 1 else range(0, 4), stratified=True)

    def build(rng):
        tiles = _split_deal(rng, int(rng.integers(lo, hi + 1)), t, dm.is_double)
        return tiles and {"layout": "rows", "tiles": tiles, "ref": None}

    s = q.edit(retrying(lambda _, r: build(r)))
    hits = [i for i, x in enumerate(s["tiles"]) if dm.is_double(x)]
    q.require(len(hits) == t, "double count off target")
    return q.answer(len(hits), witnesses=[f"tile:{i}" for i in hits], examples=[1, 2, 3],
                    question=f"{INTRO} A double shows the same number of pips on both halves. How many doubles are shown?")


@task("higher_sum_than_reference_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,comparison,aggregation")
def higher_sum_than_reference_count(q):
    lo, hi = N_TILES[q.difficulty]
    t = q.target(range(0, 6) if q.difficulty > 1 else range(0, 4), stratified=True)

    def build(rng):
        n = int(rng.integers(lo, hi + 1))
        ref = dm.deal(rng, 1)[0]
        rest = _split_deal(rng, n, t, lambda x: sum(x) > sum(ref) and dm.key(x) != dm.key(ref))
        if rest is None or any(dm.key(x) == dm.key(ref) for x in rest):
            return None
        pos = int(rng.integers(n + 1))
        return {"layout": "rows", "tiles": rest[:pos] + [ref] + rest[pos:], "ref": pos}

    s = q.edit(retrying(lambda _, r: build(r)))
    ref = s["tiles"][s["ref"]]
    hits = [i for i, x in enumerate(s["tiles"]) if i != s["ref"] and sum(x) > sum(ref)]
    q.require(len(hits) == t, "count off target")
    return q.answer(len(hits), witnesses=[f"tile:{i}" for i in hits], examples=[1, 2, 4],
                    question=(f"{INTRO} {SUM} One tile is marked REF. How many of the other tiles have a larger pip "
                              "sum than the REF tile?"))


@task("sum_to_target_count", answer="integer", annotation="bbox_set", ops="filtering,counting,aggregation")
def sum_to_target_count(q):
    lo, hi = N_TILES[q.difficulty]
    t = q.target(range(0, 5) if q.difficulty > 1 else range(0, 3), stratified=True)
    sums = [s for s in range(2, 11) if sum(1 for x in dm.full_set() if sum(x) == s) >= t]
    target = q.param("target_sum", lambda r: sums[int(r.integers(len(sums)))])

    def build(rng):
        tiles = _split_deal(rng, int(rng.integers(lo, hi + 1)), t, lambda x: sum(x) == target)
        return tiles and {"layout": "rows", "tiles": tiles, "ref": None}

    s = q.edit(retrying(lambda _, r: build(r)))
    hits = [i for i, x in enumerate(s["tiles"]) if sum(x) == target]
    q.require(len(hits) == t, "count off target")
    return q.answer(len(hits), witnesses=[f"tile:{i}" for i in hits], examples=[1, 2, 3],
                    question=f"{INTRO} {SUM} How many of the shown dominoes have a pip sum of exactly {target}?")


def _line(rng, n):
    """A valid line of ``n`` distinct tiles, each turned so that touching halves match."""
    for _ in range(200):
        end = int(rng.integers(7))
        out, used = [], set()
        for _ in range(n):
            opts = [x for x in dm.full_set() if end in x and dm.key(x) not in used]
            if not opts:
                break
            a, b = opts[int(rng.integers(len(opts)))]
            t = [a, b] if a == end else [b, a]
            out.append(t)
            used.add(dm.key(t))
            end = t[1]
        if len(out) == n:
            return out
    return None


def _chain_state(rng, n_loose, fill):
    chain = _line(rng, int(rng.integers(2, 4)))
    loose = fill(chain, chain[-1][1])
    return loose and {"layout": "chain", "chain": chain, "loose": loose}


@task("matching_end_count", answer="integer", annotation="bbox_set", ops="filtering,counting,matching")
def matching_end_count(q):
    lo, hi = N_LOOSE[q.difficulty]
    t = q.target(range(0, 6) if q.difficulty > 1 else range(0, 4), stratified=True)

    def build(rng):
        n = int(rng.integers(lo, hi + 1))

        def fill(chain, end):
            used = {dm.key(x) for x in chain}
            pool = [x for x in dm.full_set() if dm.key(x) not in used]
            yes = [x for x in pool if end in x]
            no = [x for x in pool if end not in x]
            if len(yes) < t:
                return None
            tiles = [yes[int(i)] for i in rng.choice(len(yes), size=t, replace=False)]
            tiles += [no[int(i)] for i in rng.choice(len(no), size=n - t, replace=False)]
            tiles = [tiles[int(i)] for i in rng.permutation(n)]
            return [x if rng.random() < 0.5 else x[::-1] for x in tiles]

        return _chain_state(rng, n, fill)

    s = q.edit(retrying(lambda _, r: build(r)))
    q.require(s["layout"] == "chain", "no deal reached the target")
    end = s["chain"][-1][1]
    hits = [i for i, x in enumerate(s["loose"]) if end in x]
    q.require(len(hits) == t, "count off target")
    return q.answer(len(hits), witnesses=[f"tile:{i}" for i in hits], examples=[1, 2, 4],
                    question=(f"{INTRO} The top line of play ends on the right with the tile marked REF; its right "
                              "half is the open end. A loose domino can be played there if either of its halves "
                              "shows the same number of pips as the open end. How many of the loose dominoes "
                              "could be played on that open end?"))


@task("longest_chain_length_value", answer="integer", annotation="bbox_set", ops="ranking,topology")
def longest_chain_length_value(q):
    lo, hi = N_LOOSE[q.difficulty]
    t = q.target(LONGEST[q.difficulty], stratified=True)

    def build(rng):
        n = int(rng.integers(max(lo, t + 1), max(hi, t + 1) + 1))

        def fill(chain, end):
            used = {dm.key(x) for x in chain}
            path = []
            for _ in range(t):
                opts = [x for x in dm.full_set() if end in x and dm.key(x) not in used]
                if not opts:
                    return None
                a, b = opts[int(rng.integers(len(opts)))]
                path.append([a, b])
                used.add((min(a, b), max(a, b)))
                end = b if a == end else a
            pool = [x for x in dm.full_set() if dm.key(x) not in used]
            tiles = path + [pool[int(i)] for i in rng.choice(len(pool), size=n - t, replace=False)]
            tiles = [tiles[int(i)] for i in rng.permutation(n)]
            tiles = [x if rng.random() < 0.5 else x[::-1] for x in tiles]
            return tiles if len(dm.longest_chain(chain[-1][1], tiles)) == t else None

        return _chain_state(rng, n, fill)

    s = q.edit(retrying(lambda _, r: build(r)))
    q.require(s["layout"] == "chain", "no line reached the target")
    best = dm.longest_chain(s["chain"][-1][1], s["loose"])
    q.require(len(best) == t, "longest line off target")
    q.step("longest_line", tiles=best)
    return q.answer(len(best), witnesses=[f"tile:{i}" for i in best], examples=[2, 3, 4],
                    question=(f"{INTRO} The top line of play ends on the right with the tile marked REF; its right "
                              "half is the open end. Extend the line from that end with loose dominoes, one at a "
                              "time: a tile can be played when either of its halves matches the current open end "
                              "(turn it round as needed), and its other half becomes the new open end. Each loose "
                              "domino may be used at most once. At most how many loose dominoes can be added "
                              "(not counting REF)?"))


@task("invalid_join_label", answer="option_letter", annotation="segment", ops="matching")
def invalid_join_label(q):
    n, k = LINE[q.difficulty]
    letter = q.target(LETTERS[:k], stratified=True)
    idx = LETTERS.index(letter)

    def build(rng):
        tiles = _line(rng, n)
        if tiles is None:
            return None
        joins = sorted(rng.choice(n - 1, size=k, replace=False).tolist())
        j = joins[idx]
        # replace the tile after join j: its left half no longer matches, its right half still does
        used = {dm.key(x) for x in tiles}
        right = tiles[j + 1][1] if j + 2 < n else None
        opts = [x for x in dm.full_set() if dm.key(x) not in used]
        good = []
        for a, b in opts:
            for left, rt in ((a, b), (b, a)):
                if left != tiles[j][1] and (right is None or rt == right):
                    good.append([left, rt])
        if not good:
            return None
        tiles[j + 1] = good[int(rng.integers(len(good)))]
        return {"layout": "line", "tiles": tiles, "joins": joins, "labels": list(LETTERS[:k])}

    s = q.edit(retrying(lambda _, r: build(r)))
    tiles = s["tiles"]
    bad = [j for j in range(len(tiles) - 1) if tiles[j][1] != tiles[j + 1][0]]
    q.require(len(bad) == 1 and bad[0] in s["joins"], "not exactly one broken join")
    j = bad[0]
    q.offer(k, "image")
    return q.answer(s["labels"][s["joins"].index(j)], witnesses=f"join:{j}",
                    question=(f"{INTRO} The tiles form one line of play; lettered markers point at joins between "
                              "neighbouring tiles. In a valid line the two halves that touch at every join show the "
                              "same number of pips. Exactly one lettered join breaks this rule. Which letter marks "
                              "it?"))
