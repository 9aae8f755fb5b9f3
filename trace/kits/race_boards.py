"""Race games on a fixed track: backgammon and Ludo rules (no drawing).

Backgammon
----------
24 numbered points; a player moves either from 24 towards 1 (``direction`` -1) or from 1 towards 24
(``direction`` +1), the opponent the other way.  States are JSON-native: ``points`` is a list of
``[point, side, count]`` (side ``"B"`` black or ``"W"`` white, at most one side per point) and ``bar``
a ``{side: count}`` dict.

* A single-die move from point ``p`` with die ``d`` lands on ``p + direction * d``; a landing past the
  last point is a bear-off, allowed only once all the player's checkers are in the home board (the last
  six points), and it reaches no numbered point.
* A checker on the bar must enter first: it enters on point ``25 - d`` (direction -1) or ``d`` (+1);
  while a player has checkers on the bar no other checker may move.
* A point holding two or more opposing checkers is blocked; a landing on exactly one opposing checker (a
  blot) hits it (the blot goes to the bar).
* Pip count: the sum over the player's checkers of the distance still to travel to bear off (a checker on
  point ``p`` needs ``p`` pips moving towards 1, ``25 - p`` moving towards 24; a checker on the bar 25).

Ludo
----
A 15 x 15 cross board: four 6 x 6 yards in the corners, three-wide arms, a 3 x 3 centre.  The shared
track has 52 squares, walked clockwise; a colour's token starts on its start square, goes once round
(50 steps, to its entry square two squares before its start), turns into its home column (5 squares
of its colour) and finishes on the centre triangle of its colour, 56 steps after its start.  A move
that would overshoot the finish is not allowed (the finish needs an exact roll).  A token landing on an
opponent's token on the track captures it, except on a safe square (the four start squares and the
four star squares, eight steps after each start).  A rolled 6 earns another roll: "6 then k" moves 6
squares (a landing of its own) and then k more.
"""

from __future__ import annotations

# ---------------------------------------------------------------- backgammon

OTHER = {"B": "W", "W": "B"}


def bg_board(points) -> dict:
    """point -> (side, count)."""
    return {int(p): (s, int(n)) for p, s, n in points if n > 0}


def bg_home(point: int, direction: int) -> bool:
    """Whether ``point`` lies in the home board of a player moving in ``direction``."""
    return point <= 6 if direction < 0 else point >= 19


def bg_distance(point: int, direction: int) -> int:
    """Pips a checker on ``point`` still travels to bear off."""
    return point if direction < 0 else 25 - point


def bg_pip_count(points, bar, side: str, direction: int) -> int:
    return sum(n * bg_distance(p, direction) for p, (s, n) in bg_board(points).items() if s == side) \
        + 25 * int(bar.get(side, 0))


def bg_status(board: dict, point: int, side: str) -> str:
    """``empty``, ``own``, ``hit`` (one opposing checker) or ``blocked`` (two or more)."""
    if point not in board:
        return "empty"
    s, n = board[point]
    if s == side:
        return "own"
    return "hit" if n == 1 else "blocked"


def bg_single_moves(points, bar, side: str, direction: int, dice) -> list:
    """Every single-die move of ``side``: ``(from, die, to, status)`` with ``from`` a point or ``"bar"``
    and ``to`` a point or ``"off"``; blocked landings are listed with status ``blocked`` (not legal)."""
    board = bg_board(points)
    out = []
    dice = sorted(set(int(d) for d in dice))
    if bar.get(side, 0):
        for d in dice:
            to = 25 - d if direction < 0 else d
            out.append(("bar", d, to, bg_status(board, to, side)))
        return out
    mine = sorted(p for p, (s, _) in board.items() if s == side)
    all_home = all(bg_home(p, direction) for p in mine)
    for p in mine:
        for d in dice:
            to = p + direction * d
            if 1 <= to <= 24:
                out.append((p, d, to, bg_status(board, to, side)))
            elif all_home:
                out.append((p, d, "off", "off"))
    return out


def bg_destinations(points, bar, side: str, direction: int, dice) -> dict:
    """Distinct numbered destination points of single-die moves -> their status
    (``empty``/``own``/``hit``/``blocked``)."""
    return {to: st for _, _, to, st in bg_single_moves(points, bar, side, direction, dice) if to != "off"}


# ---------------------------------------------------------------- ludo

LUDO_N = 15
LUDO_COLOURS = ("red", "green", "yellow", "blue")     # clockwise from the top-left yard
TRACK_LEN = 52
START = {"red": 1, "green": 14, "yellow": 27, "blue": 40}   # track index of each start square
HOME_STEPS = 5          # coloured home-column squares
LAST_TRACK = 50         # progress of the last track square (the entry to the home column)
FINISH = 56             # progress of the centre (finish)


def _track_cells():
    cells = [(6, c) for c in range(0, 6)]
    cells += [(r, 6) for r in range(5, -1, -1)]
    cells += [(0, 7)]
    cells += [(r, 8) for r in range(0, 6)]
    cells += [(6, c) for c in range(9, 15)]
    cells += [(7, 14)]
    cells += [(8, c) for c in range(14, 8, -1)]
    cells += [(r, 8) for r in range(9, 15)]
    cells += [(14, 7)]
    cells += [(r, 6) for r in range(14, 8, -1)]
    cells += [(8, c) for c in range(5, -1, -1)]
    cells += [(7, 0)]
    return cells


TRACK = _track_cells()
assert len(TRACK) == TRACK_LEN and len(set(TRACK)) == TRACK_LEN
HOME_COLUMN = {
    "red": [(7, c) for c in range(1, 6)],
    "green": [(r, 7) for r in range(1, 6)],
    "yellow": [(7, c) for c in range(13, 8, -1)],
    "blue": [(r, 7) for r in range(13, 8, -1)],
}
SAFE = sorted({START[c] for c in LUDO_COLOURS} | {(START[c] + 8) % TRACK_LEN for c in LUDO_COLOURS})


def track_index(colour: str, progress: int) -> int | None:
    """Track index of a token of ``colour`` ``progress`` steps after its start (None once it is in its
    home column)."""
    if 0 <= progress <= LAST_TRACK:
        return (START[colour] + progress) % TRACK_LEN
    return None


def ludo_cell(colour: str, progress: int):
    """(row, column) of a token of ``colour`` at ``progress`` (0 = start square, 51..55 home column,
    56 = the centre, returned as None)."""
    if progress <= LAST_TRACK:
        return TRACK[track_index(colour, progress)]
    if progress < FINISH:
        return HOME_COLUMN[colour][progress - LAST_TRACK - 1]
    return None


def advance(progress: int, rolls) -> list | None:
    """Progress after each roll of a sequence (the landings), or None if a roll overshoots the finish."""
    out = []
    for r in rolls:
        progress += int(r)
        if progress > FINISH:
            return None
        out.append(progress)
    return out


def progress_of(colour: str, idx: int) -> int:
    """Progress of a token of ``colour`` standing on track index ``idx``."""
    return (idx - START[colour]) % TRACK_LEN


def captures(mover: str, progress: int, rolls, target_idx: int) -> bool:
    """Whether moving a ``mover`` token by the roll sequence lands (after some roll) on track index
    ``target_idx`` off the safe squares -- i.e. captures a token standing there."""
    if target_idx in SAFE:
        return False
    lands = advance(progress, rolls)
    return bool(lands) and any(track_index(mover, p) == target_idx for p in lands)


def finish_roll(progress: int) -> int:
    """The exact roll that takes a token at ``progress`` to the finish."""
    return FINISH - progress
