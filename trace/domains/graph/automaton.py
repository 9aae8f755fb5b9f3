"""graph/automaton: a state-transition diagram -- labelled states round an ellipse (a double ring on
accepting states, a start arrow), transitions as straight or curved arrows with their input
symbols in small boxes, self-loops outside the diagram; for the accepted-string tasks a panel of
lettered candidate input strings is drawn below the diagram.

Difficulty grows the automaton and the inputs: 3-4 states, candidate strings of 3-4 symbols and
inputs of 4-5 (1); 4-5 states, 4-5 and 5-6 symbols (2); 5-7 states, 5-7 and 6-8 symbols, with
candidates that differ from the accepted string in one symbol (3); four, five or six candidates.
States are letters or q-numbers, the alphabet 0/1 or a/b.
"""

from __future__ import annotations

from tracegen.core.task import Reject, Scene
from tracegen.kits import automata as A
from tracegen.kits.cards import card_row, rounded_rect

W, H, H_CARDS = 864, 640, 790
STATES = {1: (3, 4), 2: (4, 5), 3: (5, 7)}
WORD = {1: (3, 4), 2: (4, 5), 3: (5, 7)}          # candidate strings
INPUT = {1: (4, 5), 2: (5, 6), 3: (6, 8)}         # the input read in state_after_input_label
N_OPTIONS = {1: 4, 2: 5, 3: 6}
LETTERS = "ABCDEF"
TITLES = ("State Transition Diagram", "Finite Automaton", "Transition Diagram", "State Machine")


def _labels(rng, n):
    return list("ABCDEFGH"[:n]) if rng.random() < 0.6 else [f"q{i}" for i in range(n)]


def automaton(rng, difficulty, n=None):
    lo, hi = STATES[difficulty]
    n = n or int(rng.integers(lo, hi + 1))
    alphabet = ["0", "1"] if rng.random() < 0.7 else ["a", "b"]
    delta = A.random_dfa(rng, n, alphabet)
    acc = [False] * n
    for v in rng.choice(n, size=int(rng.integers(1, max(2, n // 2) + 1)), replace=False):
        acc[int(v)] = True
    perm = [int(i) for i in rng.permutation(n)]         # start anywhere, labels in no drawn order
    delta = [[perm[s], a, perm[t]] for s, a, t in delta]
    acc = [acc[perm.index(v)] for v in range(n)]
    return {"n": n, "start": perm[0], "accepting": acc, "delta": sorted(delta), "alphabet": alphabet,
            "pos": A.ring_layout(rng, n), "labels": _labels(rng, n), "cards": 0}


class Automaton(Scene):
    domain, scene_id, size = "graph", "automaton", (W, H)
    megapixels = (0.5, 0.8)   # image area (MP); the original's median is 0.553 and 0.683 (the candidate-card layout)
    fluid = True
    description = ("A state-transition diagram with a start arrow, double-ring accepting states and labelled "
                   "transitions (curved where they run both ways, loops for self-transitions), sometimes with "
                   "lettered candidate input strings below.")

    def canvas_size(self, state):
        return (W, H_CARDS) if state["cards"] else (W, H)

    def sample(self, rng, difficulty):
        return automaton(rng, difficulty)

    def render(self, c, state, params):
        c.text(c.width / 2, 28, TITLES[c.style.accent % len(TITLES)], size=22, bold=c.style.accent % 2 == 1)
        bottom = c.height - (170 if state["cards"] else 16)
        A.draw_automaton(c, state, state["labels"], (20, 50, c.width - 20, bottom))
        if state["cards"]:
            k = state["cards"]
            y = bottom + 12
            rounded_rect(c, 16, y, c.width - 32, c.height - y - 10, radius=10, fill="panel", stroke="grid", lw=1.2)
            c.text(30, y + 16, "Candidate strings", size=14, anchor="l", color="muted")
            cols = 2 if k == 4 else 3
            card_row(c, 28, y + 32, c.width - 56, list(LETTERS[:k]), params["candidates"], cols=cols, h=52, gap=10,
                     size=18)


SCENE = Automaton()
task = SCENE.task


# ------------------------------------------------------------------ helpers
def _st(ids):
    return [f"state:{i}" for i in ids]


def _word(r, alphabet, length):
    return "".join(alphabet[int(i)] for i in r.integers(len(alphabet), size=length))


def _lab(s, v):
    return s["labels"][v]


def _preamble(s, deterministic=True):
    kind = "deterministic " if deterministic else ""
    return (f"The image shows a {kind}finite automaton as a state-transition diagram: an arrow marked start "
            f"points at the start state, accepting states have a double ring, and each arrow carries its input "
            f"symbols ({' and '.join(s['alphabet'])}).")


# ------------------------------------------------------------------ tasks
@task("state_after_input_label", answer="string", annotation="point_sequence", ops="topology,state_update",
      queries=("final_state_label", "transition_step_state_label"))
def state_after_input_label(q):
    s = q.state
    lo, hi = INPUT[q.difficulty]
    word = q.param("input", lambda r: _word(r, s["alphabet"], int(r.integers(lo, hi + 1))))
    run = A.dfa_run(s["delta"], s["start"], word)
    if q.query_id == "final_state_label":
        k, when = len(word), "after reading the whole input"
    else:
        k = q.param("step", lambda r: int(r.integers(max(2, len(word) - 2), len(word))))
        when = f"after reading its first {k} symbols"
    q.step("simulate", input=word, states=[_lab(s, v) for v in run[:k + 1]])
    return q.answer(_lab(s, run[k]), witnesses=_st(run[:k + 1]),
                    examples=[x for x in s["labels"] if x != _lab(s, run[k])],
                    question=(f"{_preamble(s)} Reading the input \"{word}\" from the start state, which state is "
                              f"the automaton in {when}? Answer with the state's label."))


def _with_cards(k):
    def edit(s, r):
        s["cards"] = k                        # the candidate panel (its strings are a parameter)
        return s

    return edit


def _candidates(q, accepts, s, k):
    """``k`` distinct candidate strings, exactly one accepted, the accepted one at the instance's
    (stratified) letter; near misses (one symbol changed) among the distractors at difficulty 3."""
    q.offer(k, "image")
    letter = q.target(LETTERS[:k], stratified=True)
    lo, hi = WORD[q.difficulty]

    def draw(r):
        alpha = s["alphabet"]
        lens = r.integers(lo, hi + 1, size=300)
        syms = r.integers(len(alpha), size=(300, hi))
        words = ["".join(alpha[int(x)] for x in syms[i, :lens[i]]) for i in range(300)]
        win = next((w for w in words if len(w) > (lo + hi) / 2 and accepts(w)), None) or \
            next((w for w in words if accepts(w)), None)
        if win is None:
            raise Reject("no accepted string found")
        pool = []
        if q.difficulty == 3:
            pool = [win[:i] + b + win[i + 1:] for i in range(len(win)) for b in alpha if b != win[i]]
            pool = [pool[int(i)] for i in r.permutation(len(pool))]
        bad = []
        for w in pool + words[::-1]:
            if w != win and w not in bad and not accepts(w):
                bad.append(w)
            if len(bad) == k - 1:
                break
        if len(bad) < k - 1:
            raise Reject("too few rejected strings")
        bad.insert(LETTERS.index(letter), win)
        return bad

    return q.param("candidates", draw)


@task("dfa_accepted_string_label", answer="string", annotation="point_sequence",
      ops="topology,state_update,matching")
def dfa_accepted_string_label(q):
    s = q.edit(_with_cards(N_OPTIONS[q.difficulty]))
    acc = s["accepting"]
    opts = _candidates(q, lambda w: acc[A.dfa_run(s["delta"], s["start"], w)[-1]], s, s["cards"])
    hits = [i for i, w in enumerate(opts) if acc[A.dfa_run(s["delta"], s["start"], w)[-1]]]
    q.require(len(hits) == 1, "not exactly one accepted candidate")
    run = A.dfa_run(s["delta"], s["start"], opts[hits[0]])
    q.step("simulate_candidates", accepted=opts[hits[0]], run=[_lab(s, v) for v in run])
    return q.answer(LETTERS[hits[0]], witnesses=_st(run), examples=list(LETTERS[:len(opts)]),
                    question=(f"{_preamble(s)} Below the diagram are lettered candidate input strings; exactly one "
                              f"of them ends in an accepting state when read from the start state. Which one? "
                              f"Answer with its letter."))


NFA_EXTRA = {1: (1, 2), 2: (2, 3), 3: (3, 4)}


def _nfa(s, r, states, *, drop=0.2):
    """The automaton turned nondeterministic on ``states`` (a few other moves dropped: an NFA
    need not have a move for every symbol)."""
    keep = [d for d in s["delta"] if d[0] in states or r.random() >= drop]
    s["delta"] = A.add_nondeterminism(r, s["n"], keep, states, s["alphabet"])
    return s


@task("nfa_accepted_string_label", answer="string", annotation="point_sequence",
      ops="topology,state_update,matching")
def nfa_accepted_string_label(q):
    def edit(s, r):
        lo, hi = NFA_EXTRA[q.difficulty]
        k = min(s["n"], int(r.integers(lo, hi + 1)))
        s = _nfa(s, r, sorted(int(v) for v in r.choice(s["n"], size=k, replace=False)))
        return _with_cards(N_OPTIONS[q.difficulty])(s, r)

    s = q.edit(edit)

    def accepts(w):
        return A.nfa_accepts(s["delta"], s["start"], s["accepting"], w)

    opts = _candidates(q, accepts, s, s["cards"])
    hits = [i for i, w in enumerate(opts) if accepts(w)]
    q.require(len(hits) == 1, "not exactly one accepted candidate")
    path = A.nfa_accepting_path(s["delta"], s["start"], s["accepting"], opts[hits[0]])
    q.step("simulate_candidates", accepted=opts[hits[0]], path=[_lab(s, v) for v in path])
    return q.answer(LETTERS[hits[0]], witnesses=_st(path), examples=list(LETTERS[:len(opts)]),
                    question=(f"{_preamble(s, deterministic=False)} The automaton is nondeterministic: a state may "
                              f"have several arrows with one symbol, and an arrow marked ε (epsilon) is taken without "
                              f"reading a symbol. Below the diagram are lettered candidate input strings; exactly one "
                              f"can end in an accepting state by some path once all its symbols are read. Which one? "
                              f"Answer with its letter."))


ND_SUPPORT = range(1, 7)


@task("nondeterministic_state_count", answer="integer", annotation="point_set",
      ops="filtering,counting,logical_composition,topology", queries=("nondeterministic_state_count",))
def nondeterministic_state_count(q):
    t = q.target(ND_SUPPORT, stratified=True)

    def edit(s, r):
        lo, hi = STATES[q.difficulty]
        n = max(int(r.integers(lo, hi + 1)), t + q.difficulty - 1)   # bigger automata as difficulty grows
        s = automaton(r, q.difficulty, n)
        return _nfa(s, r, sorted(int(v) for v in r.choice(n, size=t, replace=False)))

    s = q.edit(edit)
    hit = A.nondeterministic_states(s["n"], s["delta"])
    q.require(len(hit) == t, "count differs from the target")
    q.step("nondeterministic_states", states=[_lab(s, v) for v in hit])
    return q.answer(len(hit), witnesses=_st(hit),
                    question=(f"{_preamble(s, deterministic=False)} An arrow marked ε (epsilon) moves without "
                              f"reading a symbol. How many states are nondeterministic, i.e. have an outgoing ε arrow "
                              f"or two or more outgoing arrows that share an input symbol?"))
