"""games/cards: face-up playing cards laid out as one hand, as labelled hands, as a hand (or the
cards played to a trick) over lettered candidate cards, or as one trick of players' cards.

The rules (blackjack totals, poker hand ranking, trick winners, ascending runs) live in
``kits.playing_cards``.  The sampler deals one hand; each task builds the layout it asks about
(``q.edit``) and steers its answer to a balanced target.  Candidate and hand labels run A, B, ...
in display order.
"""

from __future__ import annotations

from collections import Counter

from tracegen.core.task import Scene, retrying
from tracegen.kits import playing_cards as pc

W = 1100
SIZES = {"hand": (W, 690), "hands": (W, 800), "pair": (W, 500), "trick": (W, 320)}
HAND_N = {1: (6, 9), 2: (12, 21), 3: (22, 30)}
LETTERS = "ABCDEFGH"


def _letters(n):
    return list(LETTERS[:n])


class Cards(Scene):
    domain, scene_id, size = "games", "cards", SIZES["hand"]
    megapixels = (0.3, 0.34)   # scale 1: the image is the layout's own size (0.42-1.04 MP in the original)
    description = ("Face-up playing cards: one hand in rows, labelled hands, a hand or trick over lettered "
                   "candidate cards, or one trick of players' cards.")

    def canvas_size(self, state):
        return SIZES[state["layout"]]

    def sample(self, rng, difficulty):
        lo, hi = HAND_N[difficulty]
        n = int(rng.integers(lo, hi + 1))
        return {"layout": "hand", "cards": pc.draw_cards(rng, n), "cols": _cols(n), "ref": None}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        w, h = self.canvas_size(state)
        c.rect(12, 12, w - 24, h - 24, fill="panel", stroke="muted", lw=1.5)
        getattr(self, "_draw_" + state["layout"])(c, state, w, h)

    def _draw_hand(self, c, state, w, h):
        cards, cols, ref = state["cards"], state["cols"], state.get("ref")
        cw, ch, gx, gy = 84, 120, 14, 22
        rows = -(-len(cards) // cols)
        y0 = (h - (rows * ch + (rows - 1) * gy)) / 2
        for i, card in enumerate(cards):
            r, k = divmod(i, cols)
            x0 = (w - (cols * cw + (cols - 1) * gx)) / 2
            pc.card_face(c, x0 + k * (cw + gx), y0 + r * (ch + gy), cw, ch, card, id=f"card:{i}",
                         header="REF" if i == ref else None, header_fill="purple")

    def _draw_hands(self, c, state, w, h):
        hands = state["hands"]
        n = max(len(x) for x in hands)
        cw, ch, gx, gy = 76, 106, 12, 16
        total = 110 + n * cw + (n - 1) * gx
        x0 = (w - total) / 2
        y0 = (h - (len(hands) * ch + (len(hands) - 1) * gy)) / 2
        for j, (hand, lab) in enumerate(zip(hands, state["labels"])):
            y = y0 + j * (ch + gy)
            c.text(x0 + 90, y + ch / 2, f"Hand {lab}", size=17, bold=True, anchor="r", kind="option")
            for i, card in enumerate(hand):
                pc.card_face(c, x0 + 110 + i * (cw + gx), y, cw, ch, card, id=f"card:{j}:{i}")

    def _draw_pair(self, c, state, w, h):
        top, cands = state["hand"], state["cands"]
        cw, ch, gx = 84, 122, 16
        n = max(len(top), len(cands))
        x0 = (w - (130 + n * cw + (n - 1) * gx)) / 2
        ys = (h / 2 - ch - 18, h / 2 + 18)
        c.text(x0 + 110, ys[0] + ch / 2, state["title"], size=18, bold=True, anchor="r")
        c.text(x0 + 110, ys[1] + ch / 2, "Candidates", size=18, bold=True, anchor="r")
        led = state.get("led")
        for i, card in enumerate(top):
            pc.card_face(c, x0 + 130 + i * (cw + gx), ys[0], cw, ch, card, id=f"card:{i}",
                         header="LED" if led == i else None, header_fill="purple")
        for i, (card, lab) in enumerate(zip(cands, state["labels"])):
            pc.card_face(c, x0 + 130 + i * (cw + gx), ys[1], cw, ch, card, id=f"cand:{i}", header=lab)

    def _draw_trick(self, c, state, w, h):
        cards = state["cards"]
        cw, ch, gx = 100, 140, 22
        x0 = (w - (len(cards) * cw + (len(cards) - 1) * gx)) / 2
        for i, (card, lab) in enumerate(zip(cards, state["labels"])):
            pc.card_face(c, x0 + i * (cw + gx), (h - ch) / 2, cw, ch, card, id=f"card:{i}", header=f"Player {lab}")


def _cols(n):
    rows = max(1, -(-n // 8))
    return -(-n // rows)


SCENE = Cards()
task = SCENE.task

INTRO = "The image shows face-up playing cards."
ORDER = f"Rank order: {pc.RANK_ORDER_TEXT}."


def _hand_state(rng, cards, ref=None):
    return {"layout": "hand", "cards": cards, "cols": _cols(len(cards)), "ref": ref}


def _offer(q, med, top=7):
    """The target label and how many options show it: about ``med`` options at level 2 (4 or 6, as
    the original), 4 at level 1 (3 for a 4-option task), one more than level 2's most at level 3."""
    if q.difficulty == 1:
        k = 3 if med == 4 else 4
        letter = q.target(_letters(k), stratified=True)
        return letter, k
    if q.difficulty == 3:
        letter = q.target(_letters(top), stratified=True)
        return letter, top
    letter = q.target(_letters(6), stratified=True)
    idx = LETTERS.index(letter)
    if med == 4:
        k = q.param("options", lambda r: 4 if idx < 4 else (6 if idx == 5 else int(r.integers(5, 7))))
    else:
        k = q.param("options", lambda r: 6 if r.random() < 0.75 else int(r.integers(max(4, idx + 1), 7)))
    return letter, k


# ---------------------------------------------------------------------- one hand
@task("exact_triple_count", answer="integer", annotation="bbox_set_map", ops="filtering,counting")
def exact_triple_count(q):
    lo, hi = HAND_N[q.difficulty]
    t = q.target(range(0, 5) if q.difficulty > 1 else range(0, 3), stratified=True)

    def build(rng):
        n = int(rng.integers(max(lo, 3 * t + 2), max(hi, 3 * t + 3) + 1))
        ranks = [int(x) for x in rng.permutation(pc.RANKS)]
        triples, rest = ranks[:t], ranks[t:]
        cards = []
        for r in triples:
            cards += [[r, s] for s in sorted(rng.choice(4, size=3, replace=False).tolist())]
        pool = [[r, s] for r in rest for s in range(4)]
        left = n - len(cards)
        counts = Counter()
        for i in rng.permutation(len(pool)):
            if left == 0:
                break
            r, s = pool[int(i)]
            if counts[r] == 2:   # a third card of this rank would make a triple: skip to a fourth later
                continue
            counts[r] += 1
            cards.append([r, s])
            left -= 1
        if left:
            return None
        cards = [[r, pc.SUITS[s]] for r, s in cards]
        if q.difficulty < 3:
            cards.sort(key=lambda x: (x[0], pc.SUITS.index(x[1])))
        else:
            cards = [cards[int(i)] for i in rng.permutation(len(cards))]
        return _hand_state(rng, cards)

    s = q.edit(retrying(lambda _, r: build(r)))
    by_rank = Counter(r for r, _ in s["cards"])
    trip = sorted(r for r, n in by_rank.items() if n == 3)
    q.require(len(trip) == t, "triple count missed the target")
    # every rank of the hand is a key (so the keys do not give the triples away); only triples list cards
    wit = {pc.rank_label(r): [f"card:{i}" for i, x in enumerate(s["cards"]) if x[0] == r] if r in trip else []
           for r in sorted(by_rank)}
    return q.answer(len(trip), witnesses=wit, examples=[1, 2, 3],
                    question=(f"{INTRO} A triple is a rank that appears on exactly three cards of the hand (suits "
                              "do not matter; four of a rank is not a triple). How many ranks form a triple?"))


def _ref_count(q, same_suit):
    lo, hi = HAND_N[q.difficulty]
    t = q.target(range(0, 6) if q.difficulty > 1 else range(0, 4), stratified=True)

    def build(rng):
        n = int(rng.integers(max(lo, t + 3), hi + 1))
        ref = pc.draw_cards(rng, 1)[0]
        pool = [x for x in pc.deck() if x != ref]
        hit = [x for x in pool if (x[1] == ref[1] if same_suit else x[0] > ref[0])]
        miss = [x for x in pool if x not in hit]
        if len(hit) < t or len(miss) < n - 1 - t:
            return None
        chosen = [hit[int(i)] for i in rng.choice(len(hit), size=t, replace=False)]
        chosen += [miss[int(i)] for i in rng.choice(len(miss), size=n - 1 - t, replace=False)]
        pos = int(rng.integers(n)) if q.difficulty > 1 else 0
        cards = [chosen[int(i)] for i in rng.permutation(len(chosen))]
        cards.insert(pos, ref)
        return _hand_state(rng, cards, ref=pos)

    s = q.edit(retrying(lambda _, r: build(r)))
    ref = s["cards"][s["ref"]]
    hits = [i for i, x in enumerate(s["cards"]) if i != s["ref"]
            and (x[1] == ref[1] if same_suit else x[0] > ref[0])]
    q.require(len(hits) == t, "count missed the target")
    return [f"card:{i}" for i in hits]


@task("higher_than_reference_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,comparison,ranking")
def higher_than_reference_count(q):
    wit = _ref_count(q, same_suit=False)
    return q.answer(len(wit), witnesses=wit, examples=[1, 2, 4],
                    question=(f"{INTRO} {ORDER} One card carries a REF header. How many of the other cards have a "
                              "strictly higher rank than the REF card (suits do not matter)?"))


@task("same_suit_as_reference_count", answer="integer", annotation="bbox_set", ops="filtering,counting")
def same_suit_as_reference_count(q):
    wit = _ref_count(q, same_suit=True)
    return q.answer(len(wit), witnesses=wit, examples=[1, 2, 4],
                    question=(f"{INTRO} One card carries a REF header. How many of the other cards are of the same "
                              "suit as the REF card?"))


@task("longest_run_length", answer="integer", annotation="bbox_set", ops="counting,ranking,topology")
def longest_run_length(q):
    lo, hi = HAND_N[q.difficulty]
    t = q.target(range(2, 7) if q.difficulty > 1 else range(2, 5), stratified=True)

    def build(rng):
        n = int(rng.integers(max(lo, t + 2), hi + 1))
        start = int(rng.integers(2, 15 - t + 1))
        run = [[start + k, pc.SUITS[int(rng.integers(4))]] for k in range(t)]
        at = int(rng.integers(0, n - t + 1))
        used = {tuple(x) for x in run}
        seq = [None] * n
        seq[at:at + t] = run
        for i in range(n):
            if seq[i] is not None:
                continue
            opts = [x for x in pc.deck() if tuple(x) not in used]
            prev = seq[i - 1] if i else None
            nxt = seq[i + 1] if i + 1 < n else None
            ok = []
            for x in opts:
                if nxt is not None and nxt[0] == x[0] + 1:
                    continue   # no card runs into the next (planted) card
                if prev is not None and x[0] == prev[0] + 1:
                    cur = next(ln for st, ln in pc.ascending_runs(seq[:i]) if st + ln == i)
                    if cur + 1 >= t:
                        continue
                ok.append(x)
            if not ok:
                return None
            x = ok[int(rng.integers(len(ok)))]
            seq[i] = x
            used.add(tuple(x))
        return _hand_state(rng, seq)

    s = q.edit(retrying(lambda _, r: build(r)))
    runs = pc.ascending_runs(s["cards"])
    best = max(ln for _, ln in runs)
    tops = [st for st, ln in runs if ln == best]
    q.require(len(tops) == 1 and best == t, "longest run not unique or off target")
    wit = [f"card:{i}" for i in range(tops[0], tops[0] + best)]
    return q.answer(best, witnesses=wit, examples=[2, 3, 5],
                    question=(f"{INTRO} {ORDER} Suits do not matter. Read the cards in display order: each row left "
                              "to right, top row first, the last card of a row followed by the first card of the next "
                              "row. A run is a stretch of consecutive cards in that order where each card's rank is "
                              "exactly one higher than the card before it. How many cards are in the longest run?"))


# ---------------------------------------------------------------------- labelled hands
BJ_CARDS = {1: (2, 3), 2: (3, 4), 3: (4, 5)}
HAND_HINT = "The answer is the hand's letter alone (e.g. B)."


@task("blackjack_best_hand_label", answer="string", annotation="bbox_set", ops="ranking,formula_evaluation")
def blackjack_best_hand_label(q):
    letter, k = _offer(q, 4, top=6)
    idx = LETTERS.index(letter)
    lo, hi = BJ_CARDS[q.difficulty]

    def build(rng):
        n = lo if rng.random() < 0.6 else hi
        dealt = pc.draw_cards(rng, k * n)
        hands = [dealt[j * n:(j + 1) * n] for j in range(k)]
        score = [pc.blackjack_total(x) if pc.blackjack_total(x) <= 21 else -1 for x in hands]
        best = max(score)
        if best < 0 or score.count(best) != 1:
            return None
        b = score.index(best)
        hands[b], hands[idx] = hands[idx], hands[b]
        return {"layout": "hands", "hands": hands, "labels": _letters(k)}

    s = q.edit(retrying(lambda _, r: build(r)))
    score = [pc.blackjack_total(x) if pc.blackjack_total(x) <= 21 else -1 for x in s["hands"]]
    q.require(max(score) >= 0 and score.count(max(score)) == 1, "no unique best blackjack hand")
    b = score.index(max(score))
    q.step("totals", totals=score)
    q.offer(k, "image")
    return q.answer(s["labels"][b], witnesses=[f"card:{b}:{i}" for i in range(len(s["hands"][b]))], hint=HAND_HINT,
                    examples=[x for x in s["labels"] if x != s["labels"][b]][:3],
                    question=(f"{INTRO} Score each labelled hand as in blackjack: number cards count their number, "
                              "J, Q and K count 10, and an Ace counts 11 unless that takes the hand over 21, in "
                              "which case it counts 1 (as many Aces as needed). A hand over 21 even so is bust and "
                              "loses to every hand that is not bust. Which hand is best (highest total without "
                              "going bust)? Answer with its letter."))


POKER = ("Use standard poker hand ranking (straight flush, four of a kind, full house, flush, straight, three of a "
         "kind, two pair, one pair, high card), with the usual tie-breakers by rank, Ace high (A-2-3-4-5 is the "
         "lowest straight).")


@task("poker_best_hand_label", answer="string", annotation="bbox_set", ops="ranking")
def poker_best_hand_label(q):
    letter, k = _offer(q, 6, top=6)
    idx = LETTERS.index(letter)
    n = 7 if q.difficulty == 3 else 5

    def build(rng):
        dealt = pc.draw_cards(rng, k * n)
        hands = [dealt[j * n:(j + 1) * n] for j in range(k)]
        ranks = [pc.poker_rank(x) for x in hands]
        if ranks.count(max(ranks)) != 1:
            return None
        b = ranks.index(max(ranks))
        hands[b], hands[idx] = hands[idx], hands[b]
        return {"layout": "hands", "hands": hands, "labels": _letters(k)}

    s = q.edit(retrying(lambda _, r: build(r)))
    ranks = [pc.poker_rank(x) for x in s["hands"]]
    q.require(ranks.count(max(ranks)) == 1, "tied best poker hands")
    b = ranks.index(max(ranks))
    hand = s["hands"][b]
    five = max((sub for sub in _fives(hand)), key=pc.poker_rank)
    q.step("categories", categories=[pc.CATEGORIES[r[0]] for r in ranks])
    q.offer(k, "image")
    extra = (" Each hand has seven cards: it plays the best five-card hand among them." if n == 7 else "")
    return q.answer(s["labels"][b], witnesses=[f"card:{b}:{hand.index(x)}" for x in five], hint=HAND_HINT,
                    examples=[x for x in s["labels"] if x != s["labels"][b]][:3],
                    question=f"{INTRO} {POKER}{extra} Which labelled hand wins? Answer with its letter.")


def _fives(hand):
    from itertools import combinations

    return [list(x) for x in combinations(hand, 5)]


# ---------------------------------------------------------------------- hand over candidates
@task("poker_draw_card_label", answer="string", annotation="bbox", ops="ranking,matching")
def poker_draw_card_label(q):
    letter, k = _offer(q, 4)
    idx = LETTERS.index(letter)
    n_hand = 6 if q.difficulty == 3 else 4

    def build(rng):
        hand = _draw_hand(rng, n_hand)
        cands = pc.draw_cards(rng, k, exclude=hand)
        ranks = [pc.poker_rank(hand + [x]) for x in cands]
        if ranks.count(max(ranks)) != 1:
            return None
        b = ranks.index(max(ranks))
        cands[b], cands[idx] = cands[idx], cands[b]
        return {"layout": "pair", "title": "Hand", "hand": hand, "cands": cands, "labels": _letters(k)}

    s = q.edit(retrying(lambda _, r: build(r)))
    ranks = [pc.poker_rank(s["hand"] + [x]) for x in s["cands"]]
    q.require(ranks.count(max(ranks)) == 1, "tied best draw")
    b = ranks.index(max(ranks))
    q.offer(k, "image")
    five = ("the best five-card hand among the hand's cards plus the candidate" if n_hand > 4
            else "the five-card hand made by the hand's four cards plus the candidate")
    return q.answer(s["labels"][b], witnesses=f"cand:{b}",
                    examples=[x for x in s["labels"] if x != s["labels"][b]][:3],
                    question=(f"{INTRO} {POKER} Adding one lettered candidate card to the hand, which candidate "
                              f"gives the strongest poker hand ({five})? Answer with its letter."))


def _draw_hand(rng, n):
    """A partial poker hand: half the time a drawing hand (four to a flush or straight, a pair,
    two pair or trips), else random cards."""
    kind = int(rng.integers(0, 10))
    if kind < 5:
        return pc.draw_cards(rng, n)
    if kind == 5:
        s = pc.SUITS[int(rng.integers(4))]
        rs = sorted(rng.choice(pc.RANKS, size=4, replace=False).tolist())
        base = [[int(r), s] for r in rs]
    elif kind == 6:
        lo = int(rng.integers(2, 11))
        base = [[r, pc.SUITS[int(rng.integers(4))]] for r in range(lo, lo + 4)]
    else:
        shape = {7: (2, 1, 1), 8: (2, 2), 9: (3, 1)}[kind]
        ranks = rng.choice(pc.RANKS, size=len(shape), replace=False).tolist()
        base = []
        for r, m in zip(ranks, shape):
            base += [[int(r), pc.SUITS[int(s)]] for s in rng.choice(4, size=m, replace=False)]
    if len({tuple(x) for x in base}) < len(base):
        return pc.draw_cards(rng, n)
    base = base + pc.draw_cards(rng, n - len(base), exclude=base) if n > len(base) else base
    return [base[int(i)] for i in rng.permutation(len(base))]


PATTERNS = {
    "missing_flush_card_label": ("flush", "five cards of one suit"),
    "missing_straight_card_label": ("straight", "five cards of consecutive ranks (a straight; A-2-3-4-5 counts)"),
    "missing_full_house_card_label": ("full_house", "a full house (three cards of one rank and two of another)"),
    "missing_three_of_kind_card_label": ("three", "three cards of the same rank"),
}


def has_pattern(cards, pattern) -> bool:
    """Whether ``cards`` contain the pattern (as five of their cards)."""
    counts = Counter(r for r, _ in cards)
    if pattern == "flush":
        return max(Counter(s for _, s in cards).values()) >= 5
    if pattern == "straight":
        rs = set(counts) | ({1} if 14 in counts else set())
        return any(all(r + d in rs for d in range(5)) for r in range(1, 11))
    if pattern == "full_house":
        big = sorted(counts.values(), reverse=True)
        return len(big) >= 2 and big[0] >= 3 and big[1] >= 2
    return max(counts.values()) >= 3


def _pattern_hand(rng, pattern, n):
    """A hand one card short of ``pattern`` (plus random cards up to ``n``) and the cards completing it."""
    if pattern == "flush":
        s = pc.SUITS[int(rng.integers(4))]
        base = [[int(r), s] for r in rng.choice(pc.RANKS, size=4, replace=False)]
    elif pattern == "straight":
        lo = int(rng.integers(2, 11))
        gap = int(rng.integers(5))
        base = [[lo + d, pc.SUITS[int(rng.integers(4))]] for d in range(5) if d != gap]
    elif pattern == "full_house":
        a, b = (int(x) for x in rng.choice(pc.RANKS, size=2, replace=False))
        sa = rng.choice(4, size=3, replace=False).tolist()
        sb = rng.choice(4, size=2, replace=False).tolist()
        base = [[a, pc.SUITS[s]] for s in sa] + [[b, pc.SUITS[sb[0]]]]
        if rng.random() < 0.5:   # two pair instead of trips and one
            base = [[a, pc.SUITS[s]] for s in sa[:2]] + [[b, pc.SUITS[s]] for s in sb]
    else:
        ranks = [int(x) for x in rng.choice(pc.RANKS, size=3, replace=False)]
        sp = rng.choice(4, size=2, replace=False).tolist()
        base = [[ranks[0], pc.SUITS[s]] for s in sp] + [[r, pc.SUITS[int(rng.integers(4))]] for r in ranks[1:]]
    if n > len(base):
        base += pc.draw_cards(rng, n - len(base), exclude=base)
    base = [base[int(i)] for i in rng.permutation(len(base))]
    answer = [x for x in pc.deck() if x not in base and has_pattern(base + [x], pattern)]
    return base, answer


@task("missing_card_to_complete_hand_label", answer="string", annotation="bbox", ops="matching",
      queries=tuple(PATTERNS))
def missing_card_to_complete_hand_label(q):
    pattern, words = PATTERNS[q.query_id]
    letter, k = _offer(q, 6)
    idx = LETTERS.index(letter)
    n_hand = 5 if q.difficulty == 3 else 4

    def build(rng):
        hand, answers = _pattern_hand(rng, pattern, n_hand)
        if has_pattern(hand, pattern) or not answers:
            return None
        ans = answers[int(rng.integers(len(answers)))]
        pool = [x for x in pc.deck() if x not in hand and x != ans and not has_pattern(hand + [x], pattern)]
        cands = [pool[int(i)] for i in rng.choice(len(pool), size=k - 1, replace=False)]
        cands.insert(idx, ans)
        return {"layout": "pair", "title": "Hand", "hand": hand, "cands": cands, "labels": _letters(k)}

    s = q.edit(retrying(lambda _, r: build(r)))
    hits = [i for i, x in enumerate(s["cands"]) if has_pattern(s["hand"] + [x], pattern)]
    q.require(len(hits) == 1 and not has_pattern(s["hand"], pattern), "not exactly one completing card")
    q.offer(k, "image")
    b = hits[0]
    return q.answer(s["labels"][b], witnesses=f"cand:{b}",
                    examples=[x for x in s["labels"] if x != s["labels"][b]][:3],
                    question=(f"{INTRO} Exactly one lettered candidate card, added to the hand in the top row, "
                              f"gives it {words}. Which candidate? Answer with its letter."))


def _trump_text(trump):
    return f"Trump suit: {pc.SUIT_NAMES[trump]}." if trump else "There is no trump suit."


TRICK = ("The highest card of the trump suit wins the trick if any trump is played; otherwise the highest card of "
         "the led suit wins (cards of other suits never win).")


@task("trick_winning_play_label", answer="string", annotation="bbox", ops="state_update")
def trick_winning_play_label(q):
    letter, k = _offer(q, 4)
    idx = LETTERS.index(letter)
    n_played = {1: (1, 1), 2: (2, 3), 3: (4, 4)}[q.difficulty]

    def build(rng):
        m = int(rng.integers(n_played[0], n_played[1] + 1))
        trump = None if rng.random() < 0.4 else pc.SUITS[int(rng.integers(4))]
        dealt = pc.draw_cards(rng, m + k)
        played, cands = dealt[:m], dealt[m:]
        wins = [i for i, x in enumerate(cands) if pc.trick_winner(played + [x], trump) == m]
        if len(wins) != 1:
            return None
        b = wins[0]
        cands[b], cands[idx] = cands[idx], cands[b]
        return {"layout": "pair", "title": "Played", "hand": played, "led": 0, "cands": cands,
                "labels": _letters(k), "trump": trump}

    s = q.edit(retrying(lambda _, r: build(r)))
    m = len(s["hand"])
    wins = [i for i, x in enumerate(s["cands"]) if pc.trick_winner(s["hand"] + [x], s["trump"]) == m]
    q.require(len(wins) == 1, "not exactly one winning candidate")
    q.offer(k, "image")
    b = wins[0]
    return q.answer(s["labels"][b], witnesses=f"cand:{b}",
                    examples=[x for x in s["labels"] if x != s["labels"][b]][:3],
                    question=(f"{INTRO} {ORDER} The top row shows the cards already played to a trick; the card "
                              f"headed LED was led, so its suit is the led suit. {_trump_text(s['trump'])} {TRICK} "
                              "You play one lettered candidate card next. Which candidate would win the trick? "
                              "Answer with its letter."))


@task("trick_taking_winner_label", answer="string", annotation="bbox", ops="filtering,comparison,ranking")
def trick_taking_winner_label(q):
    letter, k = _offer(q, 6)
    idx = LETTERS.index(letter)

    def build(rng):
        trump = None if rng.random() < 0.35 else pc.SUITS[int(rng.integers(4))]
        for _ in range(60):
            cards = pc.draw_cards(rng, k)
            if pc.trick_winner(cards, trump) == idx:
                return {"layout": "trick", "cards": cards, "labels": _letters(k), "trump": trump}
        return None

    s = q.edit(retrying(lambda _, r: build(r)))
    b = pc.trick_winner(s["cards"], s["trump"])
    q.require(b == idx, "winner off target")
    q.offer(k, "image")
    return q.answer(s["labels"][b], witnesses=f"card:{b}", hint="The answer is the player's letter alone (e.g. B).",
                    examples=[x for x in s["labels"] if x != s["labels"][b]][:3],
                    question=(f"{INTRO} {ORDER} Each player has played one card to a trick; the leftmost card was "
                              f"led, so its suit is the led suit. {_trump_text(s['trump'])} {TRICK} Which player "
                              "takes the trick? Answer with the player's letter."))
