"""games/cards: independent solvers written from the catalog programs, plus hand-checked positions.

The poker evaluator here classifies by sorted rank multiplicities and compares hands by a
(category, ranks by multiplicity) key of its own; blackjack, tricks and runs are re-derived
directly from the state.
"""

from itertools import combinations

from taskcheck import scene_tests

MOD = "tracegen.domains.games.cards"
P = "task_games__cards__"
SUIT_ORDER = "SHDC"


def _cards(state):
    out = list(state.get("cards") or []) + list(state.get("hand") or []) + list(state.get("cands") or [])
    for h in state.get("hands") or []:
        out += h
    return out


def bj(hand):
    hard = sum(1 if r == 14 else (10 if r > 10 else r) for r, _ in hand)
    # one Ace may count 11 when it fits
    return hard + 10 if any(r == 14 for r, _ in hand) and hard + 10 <= 21 else hard


def poker5(cards):
    ranks = [r for r, _ in cards]
    mult = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    shape = tuple(m for m, _ in mult)
    by = tuple(r for _, r in mult)
    flush = len({s for _, s in cards}) == 1
    uniq = sorted(set(ranks))
    straight_high = 0
    if len(uniq) == 5 and uniq[-1] - uniq[0] == 4:
        straight_high = uniq[-1]
    if uniq == [2, 3, 4, 5, 14]:
        straight_high = 5
    if straight_high and flush:
        return (9, (straight_high,))
    table = {(4, 1): 8, (3, 2): 7}
    if shape in table:
        return (table[shape], by)
    if flush:
        return (6, tuple(sorted(ranks, reverse=True)))
    if straight_high:
        return (5, (straight_high,))
    return ({(3, 1, 1): 4, (2, 2, 1): 3, (2, 1, 1, 1): 2}.get(shape, 1), by)


def poker(cards):
    return max(poker5(list(c)) for c in combinations(cards, 5))


def exact_triples(state, params, qid):
    ranks = [r for r, _ in state["cards"]]
    return sum(1 for r in set(ranks) if ranks.count(r) == 3)


def higher(state, params, qid):
    ref = state["cards"][state["ref"]]
    return sum(1 for i, c in enumerate(state["cards"]) if i != state["ref"] and c[0] > ref[0])


def same_suit(state, params, qid):
    ref = state["cards"][state["ref"]]
    return sum(1 for i, c in enumerate(state["cards"]) if i != state["ref"] and c[1] == ref[1])


def longest_run(state, params, qid):
    best = cur = 1
    cards = state["cards"]
    for a, b in zip(cards, cards[1:]):
        cur = cur + 1 if b[0] == a[0] + 1 else 1
        best = max(best, cur)
    return best


def blackjack(state, params, qid):
    totals = [bj(h) for h in state["hands"]]
    ok = [t for t in totals if t <= 21]
    best = max(ok)
    assert totals.count(best) == 1
    return state["labels"][totals.index(best)]


def poker_best(state, params, qid):
    keys = [poker(h) for h in state["hands"]]
    assert keys.count(max(keys)) == 1
    return state["labels"][keys.index(max(keys))]


def poker_draw(state, params, qid):
    keys = [poker(state["hand"] + [c]) for c in state["cands"]]
    assert keys.count(max(keys)) == 1
    return state["labels"][keys.index(max(keys))]


def _complete(cards, qid):
    ranks = [r for r, _ in cards]
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    if qid == "missing_flush_card_label":
        return any(sum(1 for _, s in cards if s == x) >= 5 for x in SUIT_ORDER)
    if qid == "missing_straight_card_label":
        have = set(ranks)
        return any({lo + d for d in range(5)} <= (have | ({1} if 14 in have else set())) for lo in range(1, 11))
    if qid == "missing_full_house_card_label":
        return len(counts) > 1 and counts[0] >= 3 and counts[1] >= 2
    return counts[0] >= 3


def missing(state, params, qid):
    assert not _complete(state["hand"], qid)
    hits = [lab for c, lab in zip(state["cands"], state["labels"]) if _complete(state["hand"] + [c], qid)]
    assert len(hits) == 1
    return hits[0]


def _winner(cards, trump):
    def key(c):
        if trump and c[1] == trump:
            return (2, c[0])
        return (1, c[0]) if c[1] == cards[0][1] else (0, 0)
    return max(range(len(cards)), key=lambda i: key(cards[i]))


def trick_taker(state, params, qid):
    return state["labels"][_winner(state["cards"], state["trump"])]


def winning_play(state, params, qid):
    n = len(state["hand"])
    hits = [lab for c, lab in zip(state["cands"], state["labels"])
            if _winner(state["hand"] + [c], state["trump"]) == n]
    assert len(hits) == 1
    return hits[0]


SOLVERS = {
    P + "exact_triple_count": exact_triples,
    P + "higher_than_reference_count": higher,
    P + "same_suit_as_reference_count": same_suit,
    P + "longest_run_length": longest_run,
    P + "blackjack_best_hand_label": blackjack,
    P + "poker_best_hand_label": poker_best,
    P + "poker_draw_card_label": poker_draw,
    P + "missing_card_to_complete_hand_label": missing,
    P + "trick_taking_winner_label": trick_taker,
    P + "trick_winning_play_label": winning_play,
}

test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=lambda s: len(_cards(s)))


def test_known_rules():
    """Hand-checked positions for the kit's rules."""
    from tracegen.kits import playing_cards as pc

    # blackjack: A+A+9 = 21 (one Ace 11), A+K+Q = 21 (Ace 1), 10+9+5 = 24 bust
    assert pc.blackjack_total([[14, "S"], [14, "H"], [9, "D"]]) == 21
    assert pc.blackjack_total([[14, "S"], [13, "H"], [12, "D"]]) == 21
    assert pc.blackjack_total([[10, "S"], [9, "H"], [5, "D"]]) == 24
    # poker: wheel straight loses to 6-high straight; flush beats straight; full house beats flush
    wheel = [[14, "S"], [2, "H"], [3, "D"], [4, "C"], [5, "S"]]
    six = [[2, "S"], [3, "H"], [4, "D"], [5, "C"], [6, "S"]]
    flush = [[2, "H"], [7, "H"], [9, "H"], [11, "H"], [13, "H"]]
    boat = [[3, "H"], [3, "D"], [3, "S"], [9, "C"], [9, "H"]]
    assert pc.poker_rank(wheel)[0] == 4 and pc.poker_rank(wheel) < pc.poker_rank(six) < pc.poker_rank(flush)
    assert pc.poker_rank(flush) < pc.poker_rank(boat)
    # two pair kickers: KK77A beats KK775
    assert pc.poker_rank([[13, "S"], [13, "H"], [7, "D"], [7, "C"], [14, "S"]]) > \
        pc.poker_rank([[13, "D"], [13, "C"], [7, "S"], [7, "H"], [5, "S"]])
    for hand in (wheel, six, flush, boat):
        assert (pc.poker_rank(hand) > pc.poker_rank(six)) == (poker(hand) > poker(six))
    # tricks: 6S led, 4S, 2C played; no trump: KS wins, with clubs trump the 2C wins
    trick = [[6, "S"], [4, "S"], [2, "C"], [13, "S"]]
    assert pc.trick_winner(trick, None) == 3 and pc.trick_winner(trick, "C") == 2
    assert pc.trick_winner([[8, "C"], [12, "S"], [6, "D"], [7, "H"]], "H") == 3
    # runs: 3 2 4 Q | 2 3 4 5 6 7 10 -> longest ascending run 6
    seq = [[r, "S"] for r in (3, 2, 4, 12, 2, 3, 4, 5, 6, 7, 10)]
    assert max(n for _, n in pc.ascending_runs(seq)) == 6 == longest_run({"cards": seq}, {}, "single")
