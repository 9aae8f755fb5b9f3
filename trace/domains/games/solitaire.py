"""games/solitaire: a FreeCell-style solitaire table: four (empty) free cells, four foundation piles
(one per suit, showing their top card), and eight numbered columns of face-up cards overlapping
downward, each with its exposed card at the bottom.

Rules (``kits.playing_cards``, Aces low): a column's exposed card may move onto another column's
exposed card that is one rank higher and of the opposite colour (hearts and diamonds are red,
clubs and spades black); a card may move to its suit's foundation when it is one rank above the
foundation's top card (an Ace onto an empty foundation).
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene, retrying
from tracegen.kits import playing_cards as pc
from tracegen.kits.cards import rounded_box

W = 1020
SIZES = {"plain": (W, 540), "moves": (W, 600), "options": (W, 680)}
CW, CH, PITCH, STEP = 84, 120, 112, 32
COL_Y = 190
N_COLS = 8
COL_CARDS = {1: (1, 3), 2: (1, 5), 3: (3, 8)}
FOUND_ORDER = ("S", "H", "D", "C")
LETTERS = "ABCDEF"
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(n: int) -> str:
    return ORDINAL.get(n, f"{n}th")


def exposed(state):
    """(column index, card) of each non-empty column's exposed (bottom) card."""
    return [(k, col[-1]) for k, col in enumerate(state["columns"]) if col]


def deal(rng, difficulty, found=None):
    """Foundation tops (0-13 per suit) and eight columns dealt from the cards left."""
    if found is None:
        found = {s: int(rng.choice([0, 0, 1, 2, 3, 4, 5, 6])) for s in FOUND_ORDER}
    pool = [c for c in pc.deck() if pc.solitaire_rank(c) > found[c[1]]]
    lo, hi = COL_CARDS[difficulty]
    sizes = [int(rng.integers(lo, hi + 1)) for _ in range(N_COLS)]
    while sum(sizes) > len(pool):
        sizes[sizes.index(max(sizes))] -= 1
    cards = [pool[int(i)] for i in rng.choice(len(pool), size=sum(sizes), replace=False)]
    cols, i = [], 0
    for n in sizes:
        cols.append(cards[i:i + n])
        i += n
    return {"layout": "plain", "found": found, "columns": cols}


class Solitaire(Scene):
    domain, scene_id, size = "games", "solitaire", SIZES["plain"]
    megapixels = (0.3, 0.34)   # scale 1: the image is the layout's size (0.59-0.74 MP in the original)
    description = ("A FreeCell-style solitaire table: free cells, four suit foundations and eight numbered "
                   "columns of overlapping face-up cards.")

    def canvas_size(self, state):
        return SIZES[state["layout"]]

    def sample(self, rng, difficulty):
        return deal(rng, difficulty)

    def claims(self, state, params):
        """The rules name red and black suits: every visible suit symbol is drawn in its colour."""
        out = [Claim(None, "colour", "red"), Claim(None, "colour", "black")]
        for k, col in enumerate(state["columns"]):
            for i, card in enumerate(col):
                out.append(Claim(f"pip:{k}:{i}:corner", "colour", pc.suit_color(card[1])))
        return out

    def render(self, c, state, params):
        w, h = self.canvas_size(state)
        c.rect(12, 12, w - 24, h - 24, fill="panel", stroke="muted", lw=1.5)
        x0 = (w - (N_COLS - 1) * PITCH - CW) / 2
        for i in range(4):
            x = x0 + i * PITCH
            c.polygon(rounded_box(x, 30, CW, CH, 7), fill=(0.93, 0.92, 0.88), stroke=(0.45, 0.42, 0.38), lw=1.5)
            c.text(x + CW / 2, 30 + CH / 2, f"Free {i + 1}", size=14, bold=True, color=(0.25, 0.23, 0.2))
        for i, s in enumerate(FOUND_ORDER):
            x = x0 + (4 + i) * PITCH
            top = state["found"][s]
            if top:
                rank = 14 if top == 1 else top
                pc.card_face(c, x, 30, CW, CH, [rank, s], id=f"found:{s}")
            else:
                c.polygon(rounded_box(x, 30, CW, CH, 7), fill=(0.90, 0.86, 0.76), stroke=(0.45, 0.42, 0.38), lw=1.5)
                c.register(f"found:{s}", box=(x, 30, x + CW, 30 + CH))
                pc.suit_symbol(c, x + CW / 2, 30 + CH * 0.42, 30, s)
                c.text(x + CW / 2, 30 + CH * 0.8, "empty", size=13, color=(0.25, 0.23, 0.2))
        for k, col in enumerate(state["columns"]):
            x = x0 + k * PITCH
            c.polygon(rounded_box(x + 8, COL_Y - 32, CW - 16, 24, 6), fill=(0.96, 0.88, 0.68),
                      stroke=(0.6, 0.5, 0.3), lw=1)
            c.text(x + CW / 2, COL_Y - 20, f"Col {k + 1}", size=14, bold=True, color=(0.2, 0.18, 0.15))
            for i, card in enumerate(col):
                y = COL_Y + i * STEP
                pc.card_face(c, x, y, CW, CH, card, pip_id=f"pip:{k}:{i}")
                last = i == len(col) - 1
                vis = (x, y, x + CW, y + (CH if last else STEP))
                c.register(f"card:{k}:{i}", box=vis, point=((vis[0] + vis[2]) / 2, (vis[1] + vis[3]) / 2))
        if state["layout"] == "options":
            self._card_options(c, state, w, h)
        elif state["layout"] == "moves":
            self._move_options(c, state, w, h)

    def _card_options(self, c, state, w, h):
        opts = state["options"]
        gap = 26
        x0 = (w - (len(opts) * CW + (len(opts) - 1) * gap)) / 2
        for i, (card, lab) in enumerate(zip(opts, state["labels"])):
            pc.card_face(c, x0 + i * (CW + gap), h - CH - 34, CW, CH + 14, card, id=f"option:{i}", header=lab)

    def _move_options(self, c, state, w, h):
        moves = state["moves"]
        bw, gap = 228, 14
        x0 = (w - (len(moves) * bw + (len(moves) - 1) * gap)) / 2
        for i, (mv, lab) in enumerate(zip(moves, state["labels"])):
            x = x0 + i * (bw + gap)
            c.polygon(rounded_box(x, h - 70, bw, 44, 10), fill=(0.98, 0.93, 0.80), stroke=(0.55, 0.45, 0.3), lw=1.5)
            c.text(x + bw / 2, h - 48, f"{lab}: {move_text(mv)}", size=16, bold=True, color=(0.2, 0.16, 0.12),
                   kind="option")


def move_text(mv) -> str:
    src, dst = mv
    if isinstance(dst, str):
        return f"Col {src + 1} -> {pc.SUIT_NAMES[dst]} pile"
    return f"Col {src + 1} -> Col {dst + 1}"


def legal(state, mv) -> bool:
    src, dst = mv
    col = state["columns"][src]
    if not col:
        return False
    card = col[-1]
    if isinstance(dst, str):
        return card[1] == dst and pc.can_found(card, state["found"][dst])
    target = state["columns"][dst]
    return dst != src and bool(target) and pc.can_stack(card, target[-1])


SCENE = Solitaire()
task = SCENE.task

INTRO = ("The image shows a solitaire table: four free cells, four foundation piles (one per suit, showing its top "
         "card) and eight numbered columns of face-up cards; each column's bottom card (drawn in full) is exposed.")
STACK = ("An exposed card can move onto another column's exposed card only if that card is exactly one rank higher "
         "and of the opposite colour (hearts and diamonds are red, clubs and spades are black); Aces are low "
         "(A, 2, ..., 10, J, Q, K).")
FOUND = ("A card can move to a foundation only if it matches that pile's suit and is exactly one rank above the "
         "pile's top card; an Ace can move to an empty foundation.")


def _stack_count(state):
    ex = exposed(state)
    return [k for k, card in ex if any(j != k and pc.can_stack(card, other) for j, other in ex)]


def _found_count(state):
    return [k for k, card in exposed(state) if pc.can_found(card, state["found"][card[1]])]


@task("foundation_ready_count", answer="integer", annotation="bbox_set", ops="counting,state_update")
def foundation_ready_count(q):
    t = q.target(range(0, 5) if q.difficulty > 1 else range(0, 3), stratified=True)

    def build(st, rng):
        s = deal(rng, q.difficulty)
        ready = _found_count(s)
        if len(ready) > t:
            return None
        # bring the next card of t - len(ready) more suits to the bottom of columns
        cols = s["columns"]
        want = [f for f in FOUND_ORDER if s["found"][f] < 13
                and not any(card[1] == f and pc.can_found(card, s["found"][f]) for _, card in exposed(s))]
        rng.shuffle(want)
        free = [k for k in range(N_COLS) if k not in ready]
        rng.shuffle(free)
        for f, k in zip(want[:t - len(ready)], free):
            rank = s["found"][f] + 1
            card = [14 if rank == 1 else rank, f]
            for col in cols:
                if card in col:
                    col.remove(card)
            cols[k].append(card)
        if len(_found_count(s)) != t or not all(cols):
            return None
        return s

    s = q.edit(retrying(build))
    hits = _found_count(s)
    q.require(len(hits) == t, "count off target")
    return q.answer(len(hits), witnesses=[f"card:{k}:{len(s['columns'][k]) - 1}" for k in hits], examples=[1, 2, 3],
                    question=f"{INTRO} {FOUND} How many exposed column cards can move to a foundation right now?")


@task("tableau_movable_card_count_value", answer="integer", annotation="bbox_set", ops="counting,state_update")
def tableau_movable_card_count_value(q):
    t = q.target(range(0, 5) if q.difficulty > 1 else range(0, 3), stratified=True)

    def build(st, rng):
        s = deal(rng, q.difficulty)
        return s if len(_stack_count(s)) == t else None

    s = q.edit(retrying(build, tries=2000))
    hits = _stack_count(s)
    q.require(len(hits) == t, "count off target")
    q.claim(None, colour="red")
    q.claim(None, colour="black")
    return q.answer(len(hits), witnesses=[f"card:{k}:{len(s['columns'][k]) - 1}" for k in hits], examples=[1, 2, 3],
                    question=(f"{INTRO} {STACK} Ignore the free cells and foundations. How many exposed column cards "
                              "have at least one legal move onto another column?"))


@task("column_card_count_value", answer="integer", annotation="point_set", ops="counting")
def column_card_count_value(q):
    lo, hi = COL_CARDS[q.difficulty]
    t = q.target(range(1, 7) if q.difficulty == 2 else range(lo, hi + 1), stratified=True)
    k = q.param("column", lambda r: int(r.integers(N_COLS)))

    def build(st, rng):
        s = deal(rng, q.difficulty)
        used = {tuple(x) for col in s["columns"] for x in col}
        pool = [x for x in pc.deck() if pc.solitaire_rank(x) > s["found"][x[1]] and tuple(x) not in used]
        col = s["columns"][k][:t]
        while len(col) < t:
            if not pool:   # a full table: take the top card of the longest other column
                j = max((x for x in range(N_COLS) if x != k), key=lambda x: len(s["columns"][x]))
                pool.append(s["columns"][j].pop(0))
            col.append(pool.pop(int(rng.integers(len(pool)))))
        s["columns"][k] = col
        return s

    s = q.edit(build)
    n = len(s["columns"][k])
    q.require(n == t, "count off target")
    return q.answer(n, witnesses=[f"card:{k}:{i}" for i in range(n)], examples=[2, 3, 4],
                    question=f"{INTRO} How many cards can you see in column {k + 1} (Col {k + 1})?")


def _offer(q):
    """Target letter and option count: 4 options mostly (the original's median), sometimes 5 or 6."""
    if q.difficulty == 1:
        return q.target(list("ABC"), stratified=True), 3
    letter = q.target(list(LETTERS), stratified=True)
    idx = LETTERS.index(letter)
    k = q.param("options", lambda r: 4 if idx < 4 else (6 if idx == 5 else int(r.integers(5, 7))))
    return letter, (6 if q.difficulty == 3 else k)


@task("cascade_card_at_depth_label", answer="option_letter", annotation="point", ops="ranking,spatial_relations")
def cascade_card_at_depth_label(q):
    letter, n_opt = _offer(q)
    idx = LETTERS.index(letter)

    def build(st, rng):
        s = deal(rng, q.difficulty)
        cols = [k for k, col in enumerate(s["columns"]) if len(col) >= 2] or [0]
        k = cols[int(rng.integers(len(cols)))]
        d = int(rng.integers(1, len(s["columns"][k]) + 1))
        answer = s["columns"][k][d - 1]
        same = [x for x in s["columns"][k] if x != answer]
        rest = [x for col in s["columns"] for x in col if x != answer and x not in same]
        decoys = [same[int(i)] for i in rng.permutation(len(same))]
        decoys += [rest[int(i)] for i in rng.permutation(len(rest))]
        decoys = decoys[:n_opt - 1]
        if len(decoys) < n_opt - 1:
            return None
        s.update(layout="options", options=decoys[:idx] + [answer] + decoys[idx:], labels=list(LETTERS[:n_opt]),
                 ask=[k, d])
        return s

    s = q.edit(retrying(build))
    q.require(s["layout"] == "options", "no options built")
    k, d = s["ask"]
    card = s["columns"][k][d - 1]
    hits = [i for i, x in enumerate(s["options"]) if x == card]
    q.require(len(hits) == 1, "answer card not offered once")
    q.offer(n_opt, "image")
    return q.answer(s["labels"][hits[0]], witnesses=f"card:{k}:{d - 1}",
                    question=(f"{INTRO} In column {k + 1}, count the visible cards from the top of the column (the "
                              f"top one is the 1st). Which lettered option shows the {ordinal(d)} card?"))


@task("move_legality_label", answer="option_letter", annotation="bbox_map", ops="state_update")
def move_legality_label(q):
    letter = q.target(list("ABCD") if q.difficulty > 1 else list("ABC"), stratified=True)
    n_opt = 4 if q.difficulty > 1 else 3
    idx = LETTERS.index(letter)

    def build(st, rng):
        s = deal(rng, q.difficulty)
        moves = [(k, j) for k in range(N_COLS) for j in range(N_COLS) if k != j and s["columns"][k]
                 and s["columns"][j]]
        moves += [(k, f) for k in range(N_COLS) for f in FOUND_ORDER if s["columns"][k]]
        good = [m for m in moves if legal(s, m)]
        # plausible wrong moves: a card one rank below of the same colour, or onto its own suit's pile out of turn
        bad = []
        for m in moves:
            if legal(s, m):
                continue
            card = s["columns"][m[0]][-1]
            if isinstance(m[1], str):
                if m[1] == card[1]:
                    bad.append(m)
            else:
                onto = s["columns"][m[1]][-1]
                if abs(pc.solitaire_rank(onto) - pc.solitaire_rank(card)) <= 1 or \
                        pc.is_red(onto) != pc.is_red(card):
                    bad.append(m)
        if not good or len(bad) < n_opt - 1:
            return None
        g = good[int(rng.integers(len(good)))]
        wrong = [bad[int(i)] for i in rng.choice(len(bad), size=n_opt - 1, replace=False)]
        opts = wrong[:idx] + [g] + wrong[idx:]
        s.update(layout="moves", moves=[list(m) for m in opts], labels=list(LETTERS[:n_opt]))
        return s

    s = q.edit(retrying(build))
    q.require(s["layout"] == "moves", "no moves built")
    ok = [i for i, m in enumerate(s["moves"]) if legal(s, m)]
    q.require(len(ok) == 1, "not exactly one legal move")
    src, dst = s["moves"][ok[0]]
    target = f"found:{dst}" if isinstance(dst, str) else f"card:{dst}:{len(s['columns'][dst]) - 1}"
    q.offer(n_opt, "image")
    q.claim(None, colour="red")
    q.claim(None, colour="black")
    return q.answer(s["labels"][ok[0]],
                    witnesses={"source": f"card:{src}:{len(s['columns'][src]) - 1}", "target": target},
                    question=(f"{INTRO} Each lettered move at the bottom takes a column's exposed card to another "
                              f"column or to a suit's foundation pile. {STACK} {FOUND} Exactly one of the moves is "
                              "legal. Which letter?"))
