"""pages/schema: an entity-relationship diagram -- database tables (a header and field rows with
types and PK/FK badges) joined by labelled relationship lines with cardinality markers at both
ends ("1", "*", "0..*"; optional relationships dashed), drawn by ``kits/erd``.

Tasks count a table's fields (all of them, or the non-key attributes), count the relationships,
give the length of the shortest join path between two tables, the normalised cardinality of a
relationship (four labels offered in the prompt) and the table at the other end of a named
relationship.  Difficulty grows the diagram (6-7, 7-8, 8-10 tables; 5-6, 6-8, 7-9 lines) and
the fields per table; the sought counts are planted by rebuilding the diagram or one table.
"""

from __future__ import annotations

import networkx as nx

from tracegen.core.canvas import blend
from tracegen.core.task import Scene
from tracegen.kits import erd
from tracegen.kits.cards import rounded_rect

THEMES = {
    "Clinic": ("Patient", "Doctor", "Appointment", "Invoice", "MedicalRecord", "Prescription", "LabResult",
               "Department", "Insurance", "Nurse", "Ward", "Referral"),
    "Library": ("Book", "Author", "Borrower", "Loan", "HoldRequest", "Review", "Publisher", "LibrarySection",
                "Fine", "Branch", "Series", "Librarian"),
    "Store": ("Customer", "Order", "OrderItem", "Product", "Warehouse", "Supplier", "Shipment", "Payment",
              "Category", "Coupon", "Cart", "Return"),
    "School": ("Student", "Course", "Teacher", "Enrollment", "Classroom", "Grade", "Assignment", "Faculty",
               "Term", "Club", "Guardian", "Timetable"),
    "Events": ("Venue", "Event", "Ticket", "Attendee", "Organizer", "Sponsor", "Session", "Speaker", "Booking",
               "Badge", "Vendor", "Stage"),
    "Fleet": ("Vehicle", "Driver", "Trip", "Route", "Depot", "Repair", "FuelLog", "Garage", "Permit", "Inspection",
              "Tire", "Dispatch"),
    "Hotel": ("Guest", "Room", "Reservation", "Staff", "Folio", "RoomType", "Amenity", "Housekeeping", "Invoice",
              "Property", "Review", "Minibar"),
}
ATTRS = (("name", "str"), ("status", "str"), ("created_at", "date"), ("notes", "str"), ("code", "str"),
         ("priority", "int"), ("amount", "dec"), ("due_date", "date"), ("title", "str"), ("email", "str"),
         ("phone_ext", "int"), ("floor", "int"), ("capacity", "int"), ("rating", "int"), ("active_flag", "bool"),
         ("level", "str"), ("budget_code", "str"), ("open_hours", "str"), ("start_date", "date"),
         ("end_date", "date"), ("country", "str"), ("weight", "dec"), ("price", "dec"), ("quantity", "int"),
         ("reference", "str"), ("updated_at", "date"), ("region", "str"), ("score", "int"), ("paid_flag", "bool"),
         ("summary", "str"), ("tier", "str"), ("language", "str"), ("signed_at", "date"), ("review_status", "str"))
VERBS = ("belongs_to", "places", "contains", "billed_to", "written_for", "covers", "scheduled_with", "reports_on",
         "member_of", "requested_by", "located_in", "published_by", "reserves", "written_by", "assigned_to",
         "ships", "pays_for", "stocked_in", "supplied_by", "attends", "hosts", "teaches", "enrolls", "drives",
         "serves", "tracks", "owns", "manages", "uses", "records", "holds", "books", "rates", "lists", "sends",
         "for", "audits", "refers", "funds", "logs")
CARDS = {"one_to_one": ("1", "1"), "one_to_many": ("1", "*"), "optional_many": ("1", "0..*"),
         "many_to_many": ("*", "*")}
N_TABLES = {1: (6, 7), 2: (7, 8), 3: (8, 10)}
N_RELS = {1: (5, 6), 2: (6, 8), 3: (7, 9)}
N_ATTRS = {1: (1, 4), 2: (1, 5), 3: (2, 6)}
MAX_ROWS = 10
SIZE = (1300, 1000)
COLS, ROWS = 4, 3


def snake(name: str) -> str:
    return "".join("_" + ch.lower() if ch.isupper() and i else ch.lower() for i, ch in enumerate(name))


def _attrs(r, n, taken=()):
    pool = [a for a in ATTRS if a[0] not in taken]
    return [list(pool[int(i)]) + [""] for i in r.choice(len(pool), size=n, replace=False)]


def make_schema(r, difficulty, *, n_rels=None) -> dict:
    """A random diagram: tables in distinct slots, a spanning forest of relationships plus extras
    (``n_rels`` in all), each table's fields (PK, its FKs, attributes) in a random order after the PK."""
    theme = list(THEMES)[int(r.integers(len(THEMES)))]
    n = int(r.integers(N_TABLES[difficulty][0], N_TABLES[difficulty][1] + 1))
    names = [THEMES[theme][int(i)] for i in r.choice(len(THEMES[theme]), size=n, replace=False)]
    slots = sorted(int(x) for x in r.choice(COLS * ROWS, size=n, replace=False))
    m = n_rels or int(r.integers(N_RELS[difficulty][0], N_RELS[difficulty][1] + 1))
    order = [int(x) for x in r.permutation(n)]
    pairs: list[tuple[int, int]] = []
    for k in range(1, n):                          # grow a tree, then add extra edges
        if len(pairs) == m:
            break
        pairs.append((order[k], order[int(r.integers(k))]))
    while len(pairs) < m:
        a, b = (int(x) for x in r.choice(n, size=2, replace=False))
        if (a, b) not in pairs and (b, a) not in pairs:
            pairs.append((a, b))
    verbs = [VERBS[int(i)] for i in r.choice(len(VERBS), size=m, replace=False)]
    cards = list(CARDS)
    rels = [{"a": a, "b": b, "label": v, "card": cards[int(r.choice(4, p=[0.2, 0.4, 0.2, 0.2]))]}
            for (a, b), v in zip(pairs, verbs)]
    tables = []
    for t, name in enumerate(names):
        fks = [[f"{snake(names[rel['a']])}_id", "int", "FK"] for rel in rels if rel["b"] == t]
        lo, hi = N_ATTRS[difficulty]
        body = fks + _attrs(r, int(r.integers(lo, hi + 1)))
        body = [body[int(i)] for i in r.permutation(len(body))][:MAX_ROWS - 1]
        tables.append({"name": name, "slot": slots[t], "fields": [[f"{snake(name)}_id", "int", "PK"]] + body})
    return {"theme": theme, "tables": tables, "rels": rels}


class Schema(Scene):
    domain, scene_id, size = "pages", "schema", SIZE
    megapixels = (1.3, 1.8)
    description = ("An entity-relationship diagram: database tables with typed field rows and PK/FK badges, joined "
                   "by labelled relationship lines with cardinality markers at both ends.")

    def sample(self, rng, difficulty):
        return make_schema(rng, difficulty)

    def render(self, c, state, params):
        w, h = SIZE
        rounded_rect(c, 14, 14, w - 28, h - 28, radius=18, fill="paper", stroke="muted", lw=1.6)
        c.text(w / 2, 50, f"{state['theme']} database schema", size=24)
        lay = erd.SchemaLayout(x0=20, y0=104, col_w=(w - 40) / COLS, row_h=(h - 150) / ROWS, table_w=226,
                               cols=COLS, rows=ROWS)
        tables = state["tables"]
        boxes = [lay.table_box(t["slot"], len(t["fields"])) for t in tables]
        bottoms = [max([b[3] for t, b in zip(tables, boxes) if t["slot"] // COLS == row] or
                       [lay.y0 + row * lay.row_h]) for row in range(ROWS)]
        used: dict = {}
        lanes: dict = {}

        def attach(t, want):
            def y_of(side):
                taken = used.setdefault((t, side), set())
                n = len(tables[t]["fields"])
                row = min((k for k in range(n) if k not in taken), key=lambda k: (abs(k - want), k), default=want)
                taken.add(row)
                return boxes[t][1] + erd.HEADER_H + erd.ROW_H * (row + 0.5)
            return y_of

        routes = []
        for i, rel in enumerate(state["rels"]):
            a, b = rel["a"], rel["b"]
            fk = next((f for f, fl in enumerate(tables[b]["fields"]) if fl[2] == "FK"
                       and fl[0] == f"{snake(tables[a]['name'])}_id"), 0)
            routes.append(erd.route(lay, (tables[a]["slot"], boxes[a], attach(a, 0)),
                                    (tables[b]["slot"], boxes[b], attach(b, fk)), lanes, bottoms, i % 2 == 0))
        for i, (rel, rt) in enumerate(zip(state["rels"], routes)):
            erd.draw_line(c, i, rt, dashed=rel["card"] == "optional_many")
        look = c.style.accent % 3
        head = blend(c.color(c.style.series(look)), c.color("paper"), 0.55)
        badges = {"PK": blend(c.color("series:5"), c.color("paper"), 0.7),
                  "FK": blend(c.color("series:0"), c.color("paper"), 0.7)}
        for t, (tb, box) in enumerate(zip(tables, boxes)):
            erd.draw_table(c, box, tb["name"], tb["fields"], t=t, header_fill=head, badge_fill=badges)
        placed: list = [box for box in boxes]
        for i, (rel, rt) in enumerate(zip(state["rels"], routes)):
            placed += erd.draw_ends(c, i, rt, CARDS[rel["card"]])
        for i, (rel, rt) in enumerate(zip(state["rels"], routes)):
            erd.draw_label(c, i, rt, rel["label"], placed)


SCENE = Schema()
task = SCENE.task
INTRO = "The image shows database tables with field rows, key markers, cardinality markers, and relationship lines."


def graph(s) -> nx.Graph:
    g = nx.Graph()
    g.add_nodes_from(range(len(s["tables"])))
    for i, rel in enumerate(s["rels"]):
        g.add_edge(rel["a"], rel["b"], rel=i)
    return g


def _name(s, t):
    return s["tables"][t]["name"]


# ---------------------------------------------------------------------- tasks
@task("relationship_count", answer="integer", annotation="segment_set", ops="counting,topology")
def relationship_count(q):
    t = q.target(range(5, 10), stratified=True)
    s = q.edit(lambda st, r: make_schema(r, q.difficulty, n_rels=t))
    q.step("count_lines", relationships=[rel["label"] for rel in s["rels"]])
    return q.answer(len(s["rels"]), witnesses=[f"rel:{i}" for i in range(len(s["rels"]))],
                    question=f"{INTRO} How many relationships (relationship lines between tables) does the schema "
                             "show?")


@task("field_role_count", answer="integer", annotation="bbox_set", ops="filtering,counting",
      queries=("all_field_count", "attribute_field_count"))
def field_role_count(q):
    t = q.target(range(2, 10), stratified=True)
    every = q.query_id == "all_field_count"
    s = q.state

    def keys(tb):
        return sum(f[2] != "" for f in tb["fields"])

    fits = [i for i, tb in enumerate(s["tables"]) if (t - keys(tb) >= 0 if every else t + keys(tb) <= MAX_ROWS)]
    q.require(bool(fits), "no table can hold the target")
    k = q.param("table", lambda r: fits[int(r.integers(len(fits)))])

    def plant(st, r):
        tb = st["tables"][k]
        fixed = [f for f in tb["fields"][1:] if f[2]]
        body = fixed + _attrs(r, (t - keys(tb)) if every else t, taken=[f[0] for f in tb["fields"]])
        tb["fields"] = tb["fields"][:1] + [body[int(i)] for i in r.permutation(len(body))]
        return st

    s = q.edit(plant)
    rows = [f for f, fl in enumerate(s["tables"][k]["fields"]) if every or fl[2] == ""]
    q.step("fields", table=_name(s, k), counted=[s["tables"][k]["fields"][f][0] for f in rows])
    ask = "how many field rows are shown" if every else "how many attribute fields (neither PK nor FK) are listed"
    return q.answer(len(rows), witnesses=[f"field:{k}:{f}" for f in rows],
                    question=f"{INTRO} In the \"{_name(s, k)}\" table, {ask}?")


@task("join_path_length_value", answer="integer", annotation="segment_set", ops="counting,topology")
def join_path_length_value(q):
    t = q.target(range(1, 5), stratified=True)
    s = q.state
    g = graph(s)
    pairs = [(a, b) for a, dist in nx.all_pairs_shortest_path_length(g) for b, d in dist.items()
             if a < b and d == t and len(list(nx.all_shortest_paths(g, a, b))) == 1]
    q.require(bool(pairs), "no pair of tables with one shortest path of the target length")
    a, b = q.param("pair", lambda r: list(pairs[int(r.integers(len(pairs)))]))
    if q.param("flip", lambda r: bool(r.random() < 0.5)):
        a, b = b, a
    path = nx.shortest_path(g, a, b)
    rels = [g.edges[u, v]["rel"] for u, v in zip(path, path[1:])]
    q.step("shortest_path", tables=[_name(s, x) for x in path], relationships=rels)
    return q.answer(len(rels), witnesses=[f"rel:{i}" for i in rels],
                    question=f"{INTRO} Between \"{_name(s, a)}\" and \"{_name(s, b)}\", how many relationship lines "
                             "does the shortest connecting path through the tables use?")


@task("relationship_cardinality_label", answer="string", annotation="bbox_map", ops="topology")
def relationship_cardinality_label(q):
    card = q.target(list(CARDS), stratified=True)
    s = q.state
    i = q.param("relationship", lambda r: int(r.integers(len(s["rels"]))))
    s = q.edit(lambda st, r: st["rels"][i].update(card=card) or st)
    rel = s["rels"][i]
    x, y = (rel["a"], rel["b"]) if q.param("flip", lambda r: bool(r.random() < 0.5)) else (rel["b"], rel["a"])
    q.offer(4, "prompt")
    labels = list(CARDS)
    q.step("read_markers", markers=CARDS[card], label=card)
    return q.answer(card, witnesses={"source_marker": f"end:{i}:{0 if x == rel['a'] else 1}",
                                     "target_marker": f"end:{i}:{1 if x == rel['a'] else 0}"},
                    examples=labels,
                    question=(f"{INTRO} Using the endpoint markers of the relationship between \"{_name(s, x)}\" and "
                              f"\"{_name(s, y)}\", which normalised cardinality label applies? \"1\" marks one, \"*\" "
                              "many and \"0..*\" optional many; the direction does not matter."),
                    hint=("Answer with one of \"one_to_one\", \"one_to_many\", \"optional_many\" or "
                          "\"many_to_many\", exactly as written."))


@task("relationship_endpoint_label", answer="string", annotation="bbox", ops="topology")
def relationship_endpoint_label(q):
    s = q.state
    i = q.param("relationship", lambda r: int(r.integers(len(s["rels"]))))
    rel = s["rels"][i]
    src, dst = (rel["a"], rel["b"]) if q.param("from_parent", lambda r: bool(r.random() < 0.5)) else \
        (rel["b"], rel["a"])
    q.step("follow", source=_name(s, src), relationship=rel["label"], target=_name(s, dst))
    return q.answer(_name(s, dst), witnesses=f"table:{dst}", examples=[t["name"] for t in s["tables"]],
                    question=(f"{INTRO} From table \"{_name(s, src)}\", follow the relationship labelled "
                              f"\"{rel['label']}\". Which table is at the other end?"))
