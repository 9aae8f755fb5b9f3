"""pages/schema: independent solvers written from the catalog programs (breadth-first search over
the relationship list, the marker pairs read back as labels, field roles from the badges)."""

from collections import deque

from taskcheck import scene_tests

from tracegen.core import engine
from tracegen.domains.pages import schema

MOD = "tracegen.domains.pages.schema"
P = "task_pages__schema__"
MARKS = {("1", "1"): "one_to_one", ("1", "*"): "one_to_many", ("1", "0..*"): "optional_many",
         ("*", "*"): "many_to_many"}


def rel_count(state, params, qid):
    return len({frozenset((r["a"], r["b"])) for r in state["rels"]})


def field_count(state, params, qid):
    fields = state["tables"][params["table"]]["fields"]
    return len(fields) if qid == "all_field_count" else sum(1 for _, _, role in fields if role not in ("PK", "FK"))


def _bfs(state, src):
    adj = {}
    for r in state["rels"]:
        adj.setdefault(r["a"], []).append(r["b"])
        adj.setdefault(r["b"], []).append(r["a"])
    dist, todo = {src: 0}, deque([src])
    while todo:
        u = todo.popleft()
        for v in adj.get(u, []):
            if v not in dist:
                dist[v] = dist[u] + 1
                todo.append(v)
    return dist


def path_length(state, params, qid):
    a, b = params["pair"]
    return _bfs(state, a)[b]


def cardinality(state, params, qid):
    r = state["rels"][params["relationship"]]
    return MARKS[tuple(sorted(schema.CARDS[r["card"]], key=lambda m: (m != "1", m)))]


def endpoint(state, params, qid):
    r = state["rels"][params["relationship"]]
    return state["tables"][r["b"] if params["from_parent"] else r["a"]]["name"]


SOLVERS = {
    P + "relationship_count": rel_count,
    P + "field_role_count": field_count,
    P + "join_path_length_value": path_length,
    P + "relationship_cardinality_label": cardinality,
    P + "relationship_endpoint_label": endpoint,
}


test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS,
                                                       size_metric=lambda s: len(s["tables"]) + len(s["rels"]),
                                                       balance_seeds=120)


def test_line_ends_sit_on_table_sides_and_labels_are_unique():
    spec = schema.SCENE.tasks[P + "relationship_count"]
    for i in range(4):
        inst = engine.generate(spec, seed=4, split="train", index=i, difficulty=3, encode=False)
        s, ents = inst.trace["state"], inst.canvas.entities
        assert len({r["label"] for r in s["rels"]}) == len(s["rels"])
        tables = [ents[f"table:{t}"]["box"] for t in range(len(s["tables"]))]
        for i_rel in range(len(s["rels"])):
            (x0, y0), (x1, y1) = ents[f"rel:{i_rel}"]["segment"]
            # each end sits on a table's left or right side
            for x, y in ((x0, y0), (x1, y1)):
                assert any(min(abs(x - b[0]), abs(x - b[2])) < 1.5 and b[1] < y < b[3] for b in tables)
        texts = inst.canvas.drawn_texts()
        assert sum(t in ("1", "*", "0..*") for t in texts) == 2 * len(s["rels"])
