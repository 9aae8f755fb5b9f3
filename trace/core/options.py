"""Multiple-choice options shared by option_letter tasks.

``multiple_choice`` places the correct value at a balanced letter (the instance's answer target,
see ``Query.target``) and fills the other slots with distinct distractors drawn from the task's
candidates; the options are a recorded parameter, so replay reads them back from the trace.
"""

from __future__ import annotations

LETTERS = "ABCDEF"


def multiple_choice(q, correct, distractors, *, k: int = 4, name: str = "options", where: str = "prompt",
                    stratified: bool = False):
    """Return (letter, options): ``k`` options, ``correct`` at the instance's target letter.

    ``distractors(rng)`` yields candidate wrong options (duplicates and the correct value are
    skipped); a state with fewer than ``k - 1`` distinct candidates is rejected.  The offer is
    recorded (``q.offer``) as listed in the prompt unless ``where="image"``.  ``stratified``
    spreads the answer letter over consecutive instances (see ``Query.target``).
    """
    q.offer(k, where)
    letters = LETTERS[:k]
    letter = q.target(letters, stratified=stratified)

    def draw(r):
        pool = []
        for d in distractors(r):
            if d != correct and d not in pool:
                pool.append(d)
        q.require(len(pool) >= k - 1, "too few distinct distractors")
        picks = [pool[int(i)] for i in r.choice(len(pool), size=k - 1, replace=False)]
        picks.insert(letters.index(letter), correct)
        return picks

    opts = q.param(name, draw)
    return letters[opts.index(correct)], opts


def option_text(opts, fmt=str) -> str:
    """The options as lines ``A. ...`` for the question text."""
    return "\n".join(f"{letter}. {fmt(o)}" for letter, o in zip(LETTERS, opts))


def fraction_text(p) -> str:
    """A probability option as printed: a ``Fraction`` as ``numerator/denominator``."""
    return f"{p.numerator}/{p.denominator}"


def insert_at(letter: str, right, wrong, letters: str = LETTERS) -> list:
    """The options in order: ``wrong`` with ``right`` put in at option ``letter``'s place (``letters``:
    the option labels in order), for tasks that draw their options and keep them in the state."""
    k = letters.index(letter)
    return list(wrong[:k]) + [right] + list(wrong[k:])


def pick_distinct(q, rng, pool, k: int) -> list:
    """``k`` of the distinct values of ``pool`` drawn at random (the state is rejected when there are
    fewer)."""
    pool = list(dict.fromkeys(pool))
    q.require(len(pool) >= k, "too few distinct distractors")
    return [pool[int(i)] for i in rng.choice(len(pool), size=k, replace=False)]
