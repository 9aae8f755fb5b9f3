"""pages/process_flow: a swimlane process diagram -- lane bands, step nodes whose shape gives their
role (ellipse start/end, rounded process box, diamond decision, parallelogram input/output; a
legend says so), status badges on some steps, and arrows, the two leaving each decision labelled
with its choices (drawn by ``kits/flowchart``).

Tasks follow decision labels from a step to the step reached, count steps passing a shape, status
or role filter, and count the arrows crossing lanes from or at a named lane.  Difficulty grows the
flow (1, 2, 3 decisions; 6, 10, 12 steps; 3, 3-4, 4-5 lanes).
"""

from __future__ import annotations

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits import flowchart, pagekit
from tracegen.kits.cards import rounded_rect

FLOWS = {
    "order_fulfillment": ("Order fulfillment path", ("Billing", "Sales", "Carrier", "Packing", "Inventory"),
                          ("Order", "Verify", "Reserve", "Pick", "Pack", "Label", "Dispatch", "Backorder", "Invoice",
                           "Refund", "Restock", "Confirm", "Weigh", "Quote")),
    "incident_response": ("Incident response path", ("Triage", "Security", "Platform", "Support", "Legal"),
                          ("Alert", "Classify", "Contain", "Escalate", "Patch", "Close", "Notify", "Rollback",
                           "Monitor", "Audit", "Isolate", "Restore", "Report", "Review")),
    "support_ticket": ("Support ticket path", ("Frontline", "Specialist", "QA", "Billing", "Product"),
                       ("Request", "Assign", "Reply", "Verify", "Refund", "Resolve", "Survey", "Reopen", "Diagnose",
                        "Credit", "Follow-up", "Handoff", "Archive", "Log")),
    "editorial_review": ("Editorial review path", ("Writer", "Editor", "Design", "Legal", "Publisher"),
                         ("Edit", "Draft", "Review", "Caption", "Archive", "Publish", "Fact-check", "Layout",
                          "Proof", "Revise", "Approve", "Schedule", "Index", "Translate")),
}
CHOICES = (("approve", "revise"), ("yes", "no"), ("auto", "manual"), ("ready", "hold"), ("ship", "return"))
STATUSES = ("Done", "Hold", "Review", "Retry", "Queued", "Ready")
ROLES = {"ellipse": "start/end", "rounded": "process", "diamond": "decision", "parallelogram": "input/output"}
SHAPE_WORDS = {"ellipse": "ellipses", "rounded": "rounded boxes", "diamond": "diamonds",
               "parallelogram": "parallelograms"}
N_DECISIONS = {1: 1, 2: 2, 3: 3}
N_LANES = {1: (3, 3), 2: (3, 4), 3: (4, 5)}
COUNTS = {1: (1, 5), 2: (2, 8), 3: (3, 10)}
STATUS_COUNTS = {1: (1, 3), 2: (1, 6), 3: (2, 8)}       # fewer steps carry a badge
HANDOFFS_OUT = {1: (1, 3), 2: (1, 4), 3: (1, 5)}      # arrows leaving a lane
HANDOFFS_ALL = {1: (2, 4), 2: (2, 7), 3: (3, 8)}      # arrows leaving or entering it
W, H = 1200, 900
LX0, LX1, LY0, LY1 = 30, W - 30, 118, 812
HEAD_W = 108
SIZE = {"diamond": (58.0, 40.0), "ellipse": (48.0, 30.0), "rounded": (48.0, 31.0), "parallelogram": (52.0, 31.0)}


def make_flow(rng, difficulty) -> dict:
    variant = list(FLOWS)[int(rng.integers(len(FLOWS)))]
    title, lane_pool, label_pool = FLOWS[variant]
    n_l = int(rng.integers(N_LANES[difficulty][0], N_LANES[difficulty][1] + 1))
    lanes = [lane_pool[int(i)] for i in sorted(rng.choice(len(lane_pool), size=n_l, replace=False))]
    k = N_DECISIONS[difficulty]
    labels = iter(label_pool[int(i)] for i in rng.permutation(len(label_pool)))

    def lane():
        return int(rng.integers(n_l))

    def body_shape():
        return "rounded" if rng.random() < 0.6 else "parallelogram"

    nodes, edges, decisions = [], [], []

    def add(shape, col, ln):
        nodes.append({"label": next(labels), "shape": shape, "lane": ln, "col": col, "status": None})
        return len(nodes) - 1

    start = add("ellipse", 0, lane())
    first = add(body_shape(), 1, lane())
    edges.append({"a": start, "b": first, "label": None})
    feeders, col = [first], 2
    pairs = [CHOICES[int(i)] for i in rng.choice(len(CHOICES), size=k, replace=False)]
    for d in range(k):
        dn = add("diamond", col, lane())
        edges += [{"a": f, "b": dn, "label": None} for f in feeders]
        dl = nodes[dn]["lane"]
        if 0 < dl < n_l - 1:
            sides = (dl - 1, dl + 1)
        else:
            sides = (dl, dl + 1) if dl == 0 else (dl - 1, dl)
        words = list(pairs[d]) if rng.random() < 0.5 else list(pairs[d][::-1])
        branch = [add(body_shape(), col + 1, ln) for ln in sides]
        edges += [{"a": dn, "b": b, "label": w} for b, w in zip(branch, words)]
        decisions.append(dn)
        if d == k - 1:                                   # both branches end the flow
            end = add("ellipse", col + 2, lane())
            edges += [{"a": b, "b": end, "label": None} for b in branch]
        elif difficulty < 3:                             # they merge into a step before the next decision
            m = add(body_shape(), col + 2, lane())
            edges += [{"a": b, "b": m, "label": None} for b in branch]
            feeders, col = [m], col + 3
        else:                                            # they feed the next decision directly
            feeders, col = branch, col + 2
    for v in nodes:
        if v["shape"] != "ellipse" and rng.random() < 0.75:
            v["status"] = STATUSES[int(rng.integers(len(STATUSES)))]
    return {"variant": variant, "title": title, "lanes": lanes, "nodes": nodes, "edges": edges,
            "decisions": decisions, "columns": max(v["col"] for v in nodes) + 1}


def node_xy(state, i):
    v = state["nodes"][i]
    n_l = len(state["lanes"])
    lane_h = (LY1 - LY0) / n_l
    col_w = (LX1 - LX0 - HEAD_W) / state["columns"]
    return LX0 + HEAD_W + (v["col"] + 0.5) * col_w, LY0 + (v["lane"] + 0.5) * lane_h


def node_spec(state, i):
    shape = state["nodes"][i]["shape"]
    x, y = node_xy(state, i)
    return (shape, x, y) + SIZE[shape]


class ProcessFlow(Scene):
    domain, scene_id, size = "pages", "process_flow", (W, H)
    megapixels = (0.95, 1.35)
    description = ("A swimlane process diagram: lane bands, step nodes whose shape gives their role, status badges, "
                   "and arrows, the ones leaving each decision labelled with its choices.")

    def sample(self, rng, difficulty):
        return make_flow(rng, difficulty)

    def render(self, c, state, params):
        rounded_rect(c, 16, 16, W - 32, H - 32, radius=16, fill="paper", stroke="grid", lw=1.4)
        c.text(W / 2, 62, state["title"], size=26, bold=c.style.accent % 2 == 0)
        n_l = len(state["lanes"])
        lane_h = (LY1 - LY0) / n_l
        for k, name in enumerate(state["lanes"]):
            y0 = LY0 + k * lane_h
            fill = blend(c.style.series(k % 6), c.color("paper"), 0.07 if k % 2 else 0.13)
            c.rect(LX0, y0, LX1 - LX0, lane_h, fill=fill, stroke="muted", lw=1.0)
            c.rect(LX0, y0, HEAD_W, lane_h, fill="panel", stroke="muted", lw=1.0)
            c.text(LX0 + HEAD_W / 2, y0 + lane_h / 2, name, size=15, color=c.text_on("panel"), id=f"lane:{k}")
        specs = [node_spec(state, i) for i in range(len(state["nodes"]))]
        chips = []
        for e, edge in enumerate(state["edges"]):
            p, q = flowchart.link(c, specs[edge["a"]], specs[edge["b"]], lw=2.0, id=f"edge:{e}")
            if edge["label"]:
                chips.append((e, edge["label"], (p[0] + q[0]) / 2, (p[1] + q[1]) / 2))
        for i, v in enumerate(state["nodes"]):
            shape, x, y, hw, hh = specs[i]
            fill = blend(c.style.series((i % 5) + 1), c.color("paper"), 0.16)
            flowchart.draw_node(c, shape, x, y, hw, hh, fill=fill, stroke="ink", lw=2.0, id=f"node:{i}")
            c.text(x, y - (8 if v["status"] else 0), v["label"], size=14, color=c.text_on(fill))
            if v["status"]:
                pagekit.pill(c, x, y + 13, v["status"], fill=c.color("paper"), size=12, w=64)
        for e, word, x, y in chips:
            pagekit.pill(c, x, y, word, fill=c.color("paper"), size=13, id=f"elabel:{e}")
        lx = LX0 + HEAD_W
        c.text(lx, H - 56, "Legend:", size=14, anchor="l", bold=True)
        x = lx + 80
        for shape, role in ROLES.items():
            flowchart.draw_node(c, shape, x + 22, H - 56, 20, 13, fill=c.color("panel"), stroke="ink", lw=1.4)
            c.text(x + 50, H - 56, role, size=14, anchor="l")
            x += 80 + c.text_width(role, size=14)


SCENE = ProcessFlow()
task = SCENE.task
INTRO = ("The image shows a process-flow diagram with lane bands, step nodes, status badges, labelled decision "
         "arrows and a shape legend.")


def out_edges(state, i):
    return [(e, ed) for e, ed in enumerate(state["edges"]) if ed["a"] == i]


def handoffs(state, lane, outgoing):
    nodes = state["nodes"]
    out = []
    for e, ed in enumerate(state["edges"]):
        la, lb = nodes[ed["a"]]["lane"], nodes[ed["b"]]["lane"]
        if la != lb and (la == lane or (not outgoing and lb == lane)):
            out.append(e)
    return out


# ---------------------------------------------------------------------- tasks
@task("condition_path_endpoint_label", answer="string", annotation="bbox_map", ops="topology")
def condition_path_endpoint_label(q):
    s = q.state
    used = s["decisions"][-2:]
    if len(s["decisions"]) <= 2:
        start = 0
    else:
        first_branches = [ed["b"] for _, ed in out_edges(s, s["decisions"][-3])]
        start = q.param("start", lambda r: first_branches[int(r.integers(2))])
    words = [q.param(f"choice_{k}", lambda r, d=d: [ed["label"] for _, ed in out_edges(s, d)][int(r.integers(2))])
             for k, d in enumerate(used)]
    cur, taken, path = start, [], [start]
    for word in words:
        while s["nodes"][cur]["shape"] != "diamond":
            cur = out_edges(s, cur)[0][1]["b"]
            path.append(cur)
        e, ed = next((e, ed) for e, ed in out_edges(s, cur) if ed["label"] == word)
        taken.append(e)
        cur = ed["b"]
        path.append(cur)
    q.step("follow", path=[s["nodes"][i]["label"] for i in path], choices=words)
    keys = ("first_decision_label", "second_decision_label")
    wit = {"start_step": f"node:{start}", **{keys[k]: f"elabel:{e}" for k, e in enumerate(taken)},
           "destination_step": f"node:{cur}"}
    said = " then ".join(f'"{w}"' for w in words)
    return q.answer(s["nodes"][cur]["label"], witnesses=wit, examples=[v["label"] for v in s["nodes"]],
                    question=f'{INTRO} Start at "{s["nodes"][start]["label"]}" and follow the arrows; at each '
                             f"decision take the arrow labelled as given, in order: {said}. Which step do you reach "
                             "after the last labelled choice?")


def _matches(v, family, value, negate) -> bool:
    if family in ("shape", "role"):
        return (v["shape"] != value) if negate else (v["shape"] == value)
    return bool(v["status"]) and ((v["status"] != value) if negate else (v["status"] == value))


def _filter_words(family, value, negate) -> str:
    if family == "shape":
        return f"are {'not ' if negate else ''}drawn as {SHAPE_WORDS[value]}"
    if family == "role":
        return f"are {'not ' if negate else ''}{ROLES[value]} steps"
    return f'carry a status badge {"not " if negate else ""}marked "{value}"'


@task("filtered_node_count", answer="integer", annotation="bbox_set", ops="filtering,counting,topology",
      queries=("shape_node_count", "status_node_count", "role_node_count"))
def filtered_node_count(q):
    s = q.state
    family = q.query_id.split("_")[0]
    lo, hi = (STATUS_COUNTS if family == "status" else COUNTS)[q.difficulty]
    t = q.target(range(lo, hi + 1), stratified=True)
    values = sorted({v["shape"] for v in s["nodes"]} if family != "status" else
                    {v["status"] for v in s["nodes"] if v["status"]})
    fits = [[x, neg] for x in values for neg in (False, True)
            if sum(_matches(v, family, x, neg) for v in s["nodes"]) == t]
    q.require(bool(fits), "no filter gives the target count")
    value, negate = q.param("filter", lambda r: fits[int(r.integers(len(fits)))])
    hits = [i for i, v in enumerate(s["nodes"]) if _matches(v, family, value, negate)]
    words = _filter_words(family, value, negate)
    q.step("filter", family=family, predicate=words, steps=[s["nodes"][i]["label"] for i in hits])
    legend = " Use the shape legend for roles." if family == "role" else ""
    return q.answer(len(hits), witnesses=[f"node:{i}" for i in hits],
                    question=f"{INTRO} How many steps {words}?{legend}")


@task("lane_filtered_handoff_count", answer="integer", annotation="segment_set", ops="counting,topology",
      queries=("lane_outgoing_handoff_count", "lane_involved_handoff_count"))
def lane_filtered_handoff_count(q):
    s = q.state
    outgoing = q.query_id.startswith("lane_outgoing")
    lo, hi = (HANDOFFS_OUT if outgoing else HANDOFFS_ALL)[q.difficulty]
    t = q.target(range(lo, hi + 1), stratified=True)
    fits = [k for k in range(len(s["lanes"])) if len(handoffs(s, k, outgoing)) == t]
    q.require(bool(fits), "no lane with the target count")
    lane = q.param("lane", lambda r: fits[int(r.integers(len(fits)))])
    hits = handoffs(s, lane, outgoing)
    q.step("handoffs", lane=s["lanes"][lane], outgoing=outgoing, edges=hits)
    what = (f'start in the "{s["lanes"][lane]}" lane and end in another lane' if outgoing else
            f'start or end in the "{s["lanes"][lane]}" lane and cross into or out of it')
    return q.answer(len(hits), witnesses=[f"edge:{e}" for e in hits],
                    question=f"{INTRO} How many arrows {what}?")
