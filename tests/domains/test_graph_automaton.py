"""graph/automaton: independent solvers (subset simulation over networkx multigraphs of the
transitions), written from the catalog programs, and the candidate cards drawn in the image."""

import networkx as nx
from taskcheck import scene_tests

from tracegen import registry
from tracegen.core import engine

MOD = "tracegen.domains.graph.automaton"
P = "task_graph__automaton__"
EPS = "eps"


def _graph(state):
    g = nx.MultiDiGraph()
    g.add_nodes_from(range(state["n"]))
    for s, a, t in state["delta"]:
        g.add_edge(s, t, symbol=a)
    return g


def _moves(g, v, symbol):
    return {t for _, t, a in g.out_edges(v, data="symbol") if a == symbol}


def _closure(g, states):
    eps = nx.DiGraph([(u, v) for u, v, a in g.edges(data="symbol") if a == EPS])
    out = set(states)
    for v in states:
        if v in eps:
            out |= nx.descendants(eps, v)
    return out


def _accepts(state, word):
    g = _graph(state)
    cur = _closure(g, {state["start"]})
    for a in word:
        cur = _closure(g, set().union(*(_moves(g, v, a) for v in cur)) if cur else set())
    return any(state["accepting"][v] for v in cur)


def after_input(state, params, qid):
    g = _graph(state)
    word = params["input"]
    steps = len(word) if qid == "final_state_label" else params["step"]
    v = state["start"]
    for a in word[:steps]:
        (v,) = _moves(g, v, a)          # deterministic: exactly one move
    return state["labels"][v]


def accepted_candidate(state, params, qid):
    hits = [i for i, w in enumerate(params["candidates"]) if _accepts(state, w)]
    assert len(hits) == 1 and len(params["candidates"]) == state["cards"]
    return "ABCDEF"[hits[0]]


def nondeterministic(state, params, qid):
    g = _graph(state)
    n = 0
    for v in g:
        syms = [a for _, _, a in g.out_edges(v, data="symbol")]
        n += EPS in syms or len(syms) != len(set(syms))
    return n


SOLVERS = {
    P + "state_after_input_label": after_input,
    P + "dfa_accepted_string_label": accepted_candidate,
    P + "nfa_accepted_string_label": accepted_candidate,
    P + "nondeterministic_state_count": nondeterministic,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS,
                                                       size_metric=lambda s: s["n"] + len(s["delta"]) / 10,
                                                       seeds_per_combo=2)


def test_candidate_strings_are_cards_in_the_image():
    """The candidate strings are drawn as lettered cards below the diagram (4, 5 or 6 by difficulty,
    as the reference draws 4-6), and each is listed once."""
    for obj in ("dfa_accepted_string_label", "nfa_accepted_string_label"):
        spec = registry.get(P + obj)
        for d, k in ((1, 4), (2, 5), (3, 6)):
            inst = engine.generate(spec, seed=d, split="cards", index=0, difficulty=d, encode=False)
            opts = inst.trace["params"]["candidates"]
            cards = [t["text"] for t in inst.canvas.texts if t["kind"] == "option"]
            assert len(opts) == k == len(set(opts))
            assert all(cards.count(w) == 1 for w in opts) and all(cards.count(x) == 1 for x in "ABCDEF"[:k])
            assert inst.record["answer_gt"]["value"] in "ABCDEF"[:k]
            assert all(f"option:{x}" in inst.canvas.entities for x in "ABCDEF"[:k])
