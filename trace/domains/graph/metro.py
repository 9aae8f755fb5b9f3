"""graph/metro: a metro route map -- coloured routes along octilinear paths on a lattice, a station
at every lattice point a route visits (bold double rings where two or more routes meet), station
names or numbers in small boxes, a legend naming each route by its colour.

Difficulty grows the network: 2-3 routes of 4-5 stations on a 6 x 4 lattice (1), 3-5 routes of
5-7 stations on 6 x 5 (2), 4-6 routes of 6-8 stations on 7 x 6 (3).  Routes never share a
segment and only cross at shared stations, so every segment on the map is one hop.
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits import graphs as G
from tracegen.kits import transit as X

W, H = 864, 640
GRID = {1: (6, 4), 2: (6, 5), 3: (7, 6)}
ROUTES = {1: (2, 3), 2: (3, 5), 3: (4, 6)}
LENGTH = {1: (4, 5), 2: (5, 7), 3: (6, 8)}
TITLES = ("Metro Route Graph", "Metro Map", "Transit Lines", "City Rail Network")
PREAMBLE = ("The image shows a metro map: coloured routes (named in the legend) join stations; a bold double ring "
            "marks a station served by two or more routes, and each segment joins two neighbouring stations.")


def network(rng, difficulty, tries=20, hub=False, routes=None):
    """A fresh metro state on the difficulty's lattice with the routes (count, lengths) of difficulty
    ``routes`` (default: the same; ``hub``: every route meets the first), or None."""
    cols, rows = GRID[difficulty]
    routes = routes or difficulty
    for _ in range(tries):
        n = int(rng.integers(ROUTES[routes][0], ROUTES[routes][1] + 1))
        net = X.random_metro(rng, cols, rows, n, LENGTH[routes], bends=float(rng.uniform(0.1, 0.35)),
                             connected=hub or bool(rng.random() < 0.8), hub=hub)
        if net is None:
            continue
        stations, routes = net
        colors = [X.ROUTE_COLORS[int(i)] for i in rng.choice(len(X.ROUTE_COLORS), size=n, replace=False)]
        family = ("numbers", "names")[int(rng.integers(2))]
        return {"grid": [cols, rows], "stations": stations, "routes": routes, "colors": colors,
                "labels": G.node_labels(rng, len(stations), family)}
    return None


class Metro(Scene):
    domain, scene_id, size = "graph", "metro", (W, H)
    megapixels = (0.5, 0.74)   # image area (MP); the original's median is 0.553
    fluid = True
    description = ("A metro route map: coloured octilinear routes with a legend, named or numbered stations, "
                   "interchange stations drawn as double rings where routes meet.")

    def claims(self, state, params):
        """Routes are named by colour ("the Blue route"): each legend key is drawn in its route's colour."""
        return [Claim(f"route:{k}", "colour", col) for k, col in enumerate(state["colors"])]

    def sample(self, rng, difficulty):
        for _ in range(50):
            s = network(rng, difficulty)
            if s is not None:
                return s
        raise RuntimeError("no metro network could be drawn")

    def render(self, c, state, params):
        c.text(c.width / 2, 28, TITLES[c.style.accent % len(TITLES)], size=22, bold=c.style.accent % 2 == 1)
        names = [col.capitalize() for col in state["colors"]]
        cols, rows = state["grid"]
        X.draw_metro(c, state["stations"], state["routes"], names, state["colors"], state["labels"],
                     (34, 100, c.width - 34, c.height - 40), cols, rows, legend_y=66)


SCENE = Metro()
task = SCENE.task


# ------------------------------------------------------------------ helpers
def _adj(s):
    return G.adjacency(len(s["stations"]), X.metro_edges(s["routes"]))


def _st(ids):
    return [f"station:{i}" for i in ids]


def _q(s, v):
    return f'"{s["labels"][v]}"'


def _route_name(s, k):
    return s["colors"][k].capitalize()


def rebuild(q, support, pick, hub=False):
    return X.rebuild(q, support, lambda r, level, k, t: network(r, q.difficulty, hub=hub and k % 2 == 1, routes=level),
                     pick)


# ------------------------------------------------------------------ tasks
MEMBER_SUPPORT = range(2, 8)


@task("station_membership_count", answer="integer", annotation="point_set",
      ops="filtering,counting,comparison,topology")
def station_membership_count(q):
    s, t = rebuild(q, MEMBER_SUPPORT,
                   lambda st, t, r: True if sum(m >= 2 for m in X.memberships(len(st["stations"]), st["routes"])) == t
                   else None)
    member = X.memberships(len(s["stations"]), s["routes"])
    hit = [i for i, m in enumerate(member) if m >= 2]
    q.step("transfers", stations=[s["labels"][i] for i in hit], routes_per_station=[member[i] for i in hit])
    return q.answer(len(hit), witnesses=_st(hit),
                    question=f"{PREAMBLE} How many stations are served by two or more routes?")


CONDITION_SUPPORT = {"metro_route_transfer_station_count": range(1, 6),
                     "metro_route_single_route_station_count": range(1, 6)}
CONDITIONS = {"metro_route_transfer_station_count": lambda m: m >= 2,
              "metro_route_single_route_station_count": lambda m: m == 1}


def _on_route(st, k, qid):
    member = X.memberships(len(st["stations"]), st["routes"])
    return [v for v in st["routes"][k] if CONDITIONS[qid](member[v])]


@task("route_condition_station_count", answer="integer", annotation="point_set",
      ops="filtering,counting,logical_composition,topology",
      queries=("metro_route_transfer_station_count", "metro_route_single_route_station_count"))
def route_condition_station_count(q):
    qid = q.query_id
    s, t = rebuild(q, CONDITION_SUPPORT[qid],
                   lambda st, t, r: X.pick_one(r, [k for k in range(len(st["routes"]))
                                                   if len(_on_route(st, k, qid)) == t]),
                   hub=qid.endswith("transfer_station_count"))
    k = s["pick"]
    hit = _on_route(s, k, qid)
    q.step("route_stations", route=_route_name(s, k), stations=[s["labels"][v] for v in hit])
    what = ("are shared with at least one other route (transfer stations)" if qid.endswith("transfer_station_count")
            else "are served by the " + _route_name(s, k) + " route only")
    return q.answer(len(hit), witnesses=_st(hit),
                    question=f"{PREAMBLE} How many stations on the {_route_name(s, k)} route {what}?")


DIST_SUPPORT = range(2, 8)


@task("exact_distance_station_count", answer="integer", annotation="point_set",
      ops="filtering,counting,ranking,topology")
def exact_distance_station_count(q):
    s, v, k, hit = X.planted_ring(q, rebuild, _adj, DIST_SUPPORT, (2, 3, 4))
    q.step("bfs_ring", source=s["labels"][v], segments=k, stations=[s["labels"][w] for w in hit])
    return q.answer(len(hit), witnesses=_st(hit),
                    question=(f"{PREAMBLE} Counting route segments (changing routes costs nothing), how many "
                              f"stations have a shortest trip from station {_q(s, v)} of exactly {k} segments?"))


@task("shortest_path_length", answer="integer", annotation="point_sequence", ops="counting,ranking,topology")
def shortest_path_length(q):
    s, path = X.planted_path(q, rebuild, _adj)
    a, b = path[0], path[-1]
    q.step("shortest_path", stations=[s["labels"][v] for v in path])
    return q.answer(len(path) - 1, witnesses=_st(path),
                    question=(f"{PREAMBLE} The map has a unique shortest trip from station {_q(s, a)} to station "
                              f"{_q(s, b)}. How many route segments does it use (changing routes costs nothing)?"))
