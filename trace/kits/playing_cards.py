"""Playing cards: the 52-card deck, the rules card-game tasks share, and a card-face drawing.

A card is ``[rank, suit]`` (JSON-native): rank 2..14 (11 J, 12 Q, 13 K, 14 A, Ace high) and suit
one of ``"S" "H" "D" "C"`` (spades, hearts, diamonds, clubs).  Hearts and diamonds are drawn red,
spades and clubs black, as on a real deck.

Rules (each implemented once here):
- ``blackjack_total``: number cards at face value, J/Q/K 10, Aces 11 reduced to 1 one at a time
  while the total is over 21; a hand over 21 after that is bust.
- ``poker_rank``: the standard five-card categories (straight flush > four of a kind > full house >
  flush > straight > three of a kind > two pair > pair > high card) with the usual tie-breakers;
  A-2-3-4-5 is the lowest straight.  More than five cards: the best five of them.
- ``trick_winner``: the highest trump if any trump is played, else the highest card of the led
  suit (the first card's suit).
- ``ascending_runs``: maximal runs of cards each one rank above the one before, in order.
"""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations

from .cards import rounded_box

RANKS = tuple(range(2, 15))
SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RED_SUITS = ("H", "D")
RANK_LABELS = {11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_ORDER_TEXT = "2 < 3 < 4 < 5 < 6 < 7 < 8 < 9 < 10 < J < Q < K < A (Ace high only)"
CATEGORIES = ("high card", "one pair", "two pair", "three of a kind", "straight", "flush", "full house",
              "four of a kind", "straight flush")
FACE = (0.995, 0.99, 0.975)            # card face: the same light paper on every theme
EDGE = (0.30, 0.32, 0.36)
INK_RED = (0.74, 0.08, 0.10)           # rank text: dark enough to read on the face
INK_BLACK = (0.10, 0.10, 0.12)


def rank_label(rank: int) -> str:
    return RANK_LABELS.get(int(rank), str(int(rank)))


def card_name(card) -> str:
    return f"{rank_label(card[0])}{'♠♥♦♣'[SUITS.index(card[1])]}"


def deck() -> list[list]:
    return [[r, s] for s in SUITS for r in RANKS]


def draw_cards(rng, n: int, exclude=()) -> list[list]:
    """``n`` distinct cards from the deck minus ``exclude``."""
    used = {tuple(x) for x in exclude}
    pool = [c for c in deck() if tuple(c) not in used]
    return [pool[int(i)] for i in rng.choice(len(pool), size=n, replace=False)]


# ---------------------------------------------------------------------- rules
def blackjack_total(cards) -> int:
    total = sum(11 if r == 14 else min(r, 10) for r, _ in cards)
    soft = sum(1 for r, _ in cards if r == 14)
    while total > 21 and soft:
        total -= 10
        soft -= 1
    return total


def _rank5(cards) -> tuple:
    ranks = sorted((r for r, _ in cards), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    flush = len({s for _, s in cards}) == 1
    distinct = sorted(counts, reverse=True)
    high = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            high = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            high = 5
    if high is not None and flush:
        return (8, high)
    shape = [n for _, n in groups]
    order = tuple(r for r, _ in groups)
    if shape[0] == 4:
        return (7,) + order
    if shape[:2] == [3, 2]:
        return (6,) + order
    if flush:
        return (5,) + tuple(ranks)
    if high is not None:
        return (4, high)
    if shape[0] == 3:
        return (3,) + order
    if shape[:2] == [2, 2]:
        return (2,) + order
    if shape[0] == 2:
        return (1,) + order
    return (0,) + tuple(ranks)


def poker_rank(cards) -> tuple:
    """Comparable strength of the best five-card hand among ``cards`` (5 or more); [0] is the category."""
    if len(cards) == 5:
        return _rank5(cards)
    return max(_rank5(list(sub)) for sub in combinations(cards, 5))


def trick_winner(cards, trump: str | None) -> int:
    """Index of the card that takes the trick; the first card leads."""
    led = cards[0][1]
    trumps = [i for i, c in enumerate(cards) if trump and c[1] == trump]
    pool = trumps or [i for i, c in enumerate(cards) if c[1] == led]
    return max(pool, key=lambda i: cards[i][0])


def ascending_runs(cards) -> list[tuple[int, int]]:
    """(start, length) of each maximal run where every card is one rank above the previous one."""
    out, start = [], 0
    for i in range(1, len(cards) + 1):
        if i == len(cards) or cards[i][0] != cards[i - 1][0] + 1:
            out.append((start, i - start))
            start = i
    return out


# solitaire (Klondike / FreeCell): Aces low, build down in alternating colours, foundations up by suit
def solitaire_rank(card) -> int:
    """Rank with the Ace low (1), as solitaire plays it."""
    return 1 if card[0] == 14 else int(card[0])


def is_red(card) -> bool:
    return card[1] in RED_SUITS


def can_stack(card, onto) -> bool:
    """A card may go on a column's exposed card one rank higher of the opposite colour."""
    return solitaire_rank(onto) == solitaire_rank(card) + 1 and is_red(onto) != is_red(card)


def can_found(card, top: int) -> bool:
    """A card may go on its suit's foundation whose top rank is ``top`` (0 = empty: Aces only)."""
    return solitaire_rank(card) == top + 1


# ---------------------------------------------------------------------- drawing
def suit_color(suit: str) -> str:
    return "red" if suit in RED_SUITS else "black"


def _heart(cx, cy, s, flip=False, n=40):
    pts = []
    for k in range(n):
        t = 2 * math.pi * k / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        y = y - 2.5
        pts.append((cx + x * s / 33, cy + (-y if flip else y) * s / 33))
    return pts


def suit_symbol(c, cx: float, cy: float, s: float, suit: str, *, id=None) -> None:
    """A suit symbol about ``s`` tall centred on (cx, cy), filled red or black."""
    col = suit_color(suit)
    if suit == "D":
        c.polygon([(cx, cy - s / 2), (cx + s * 0.37, cy), (cx, cy + s / 2), (cx - s * 0.37, cy)], fill=col)
    elif suit == "H":
        c.polygon(_heart(cx, cy, s), fill=col)
    elif suit == "S":
        c.polygon(_heart(cx, cy - s * 0.08, s * 0.9, flip=True), fill=col)
        c.polygon([(cx, cy + s * 0.05), (cx - s * 0.2, cy + s * 0.5), (cx + s * 0.2, cy + s * 0.5)], fill=col)
    else:
        r = s * 0.22
        for dx, dy in ((0, -0.24), (-0.24, 0.06), (0.24, 0.06)):
            c.circle(cx + dx * s, cy + dy * s, r, fill=col)
        c.polygon([(cx, cy - s * 0.05), (cx - s * 0.2, cy + s * 0.5), (cx + s * 0.2, cy + s * 0.5)], fill=col)
    if id is not None:
        c.register(id, box=(cx - s / 2, cy - s / 2, cx + s / 2, cy + s / 2), fill=col)


def card_face(c, x: float, y: float, w: float, h: float, card, *, id=None, header: str | None = None,
              header_fill="blue", pip_id=None) -> None:
    """A face-up card with its top-left corner at (x, y): rank and suit in the top-left and
    bottom-right corners and large in the centre; an optional coloured header band (an option
    label, "REF", "LED") across the top."""
    rank, suit = card
    c.polygon(rounded_box(x + 3, y + 4, w, h, 7), fill="muted")
    c.polygon(rounded_box(x, y, w, h, 7), fill=FACE, stroke=EDGE, lw=1.6)
    if id is not None:
        c.register(id, box=(x, y, x + w, y + h), fill=FACE, stroke=EDGE, shape="rectangle")
    ink = INK_RED if suit in RED_SUITS else INK_BLACK
    lab = rank_label(rank)
    top = y
    if header:
        hb = max(18.0, h * 0.15)
        c.polygon(rounded_box(x, y, w, hb, 6), fill=header_fill)
        c.text(x + w / 2, y + hb / 2 + 0.5, header, size=max(12.0, min(14.0, hb * 0.7)), bold=True,
               color=c.text_on(header_fill), kind="option")
        top = y + hb
    small = max(13.0, w * 0.17)
    body = y + h - top
    c.text(x + 6, top + small * 0.75, lab, size=small, bold=True, color=ink, anchor="l")
    suit_symbol(c, x + 8 + small * 0.4 + c.text_width(lab, size=small, bold=True), top + small * 0.75, small * 0.8, suit,
                id=None if pip_id is None else pip_id + ":corner")
    c.text(x + w - 6, y + h - small * 0.75, lab, size=small, bold=True, color=ink, anchor="r")
    suit_symbol(c, x + w - 8 - small * 0.4 - c.text_width(lab, size=small, bold=True), y + h - small * 0.75, small * 0.8, suit)
    big = max(16.0, min(w * 0.34, body * 0.3))
    cy = top + body / 2
    bw = c.text_width(lab, size=big, bold=True)
    c.text(x + w / 2 - big * 0.42, cy, lab, size=big, bold=True, color=ink)
    suit_symbol(c, x + w / 2 - big * 0.42 + bw / 2 + big * 0.48, cy, big * 0.8, suit, id=pip_id)
