"""graph/pipe_network: a pipe-junction board -- labelled junctions on a lattice joined by straight
horizontal and vertical pipes; open pipes are shaded tubes, blocked pipes are grey and crossed
with a red X.  A pipe segment joins two junctions with none between them; pipes never cross.

Difficulty grows the board: 6-8 junctions on a 3 x 3 or 4 x 3 lattice (1), 9-12 on 4 x 3 or
4 x 4 (2), 13-17 on 5 x 4 or 5 x 5 (3), with more blocked pipes as it grows.  Every task builds
its board to a target stratified over one support for all difficulties and retries fresh boards
inside the edit (with the neighbouring difficulties' junction counts when its own rarely reach
the target), so every instance generates (the original raised on some distance counts).
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits import graphs as G
from tracegen.kits import transit as X

W, H = 864, 640
LATTICES = {1: ((3, 3), (4, 3)), 2: ((4, 3), (4, 4)), 3: ((5, 4), (5, 5))}
JUNCTIONS = {1: (6, 8), 2: (9, 12), 3: (13, 17)}
BLOCKED = {1: (0.1, 0.3), 2: (0.15, 0.35), 3: (0.2, 0.4)}
TITLES = ("Pipe Junction Board", "Pipe Network", "Water Mains", "Pipe Layout")
PREAMBLE = ("The image shows a pipe network: labelled junctions joined by straight pipes. Open pipes are drawn "
            "as coloured tubes; blocked pipes are grey and marked with a red X and carry nothing. A pipe segment "
            "joins two neighbouring junctions.")


def board(rng, difficulty, *, level=None, extra=(0.3, 0.9), blocked=None):
    """A fresh board state on one of the difficulty's lattices with the junction count of difficulty
    ``level`` (default: the same): ``extra`` is the range of the chance that a pipe beyond a
    spanning forest is laid, ``blocked`` the range of the blocked share (default: the level's)."""
    options = LATTICES[difficulty]
    cols, rows = options[int(rng.integers(len(options)))]
    level = level or difficulty
    n = min(cols * rows - 1, int(rng.integers(JUNCTIONS[level][0], JUNCTIONS[level][1] + 1)))
    cells = sorted(int(i) for i in rng.choice(cols * rows, size=n, replace=False))
    junctions = [[c % cols, c // cols] for c in cells]
    pipes = X.random_pipes(rng, junctions, p_extra=float(rng.uniform(*extra)))
    lo, hi = blocked or BLOCKED[level]
    share = float(rng.uniform(lo, hi))
    blocked = [bool(rng.random() < share) for _ in pipes]
    if pipes and not any(blocked):                 # every board shows at least one blocked pipe
        blocked[int(rng.integers(len(pipes)))] = True
    family = ("letters", "numbers")[int(rng.integers(2))]
    return {"grid": [cols, rows], "junctions": junctions, "pipes": pipes, "blocked": blocked,
            "labels": G.node_labels(rng, n, family)}


class PipeNetwork(Scene):
    domain, scene_id, size = "graph", "pipe_network", (W, H)
    megapixels = (0.5, 0.74)   # image area (MP); the original's median is 0.553
    fluid = True
    description = ("A pipe-junction board: labelled junctions on a lattice joined by straight pipes, open pipes as "
                   "coloured tubes and blocked pipes greyed out with a red X.")

    def sample(self, rng, difficulty):
        return board(rng, difficulty)

    def claims(self, state, params):
        """The rules say blocked pipes are grey with a red X (categories: every board has one)."""
        shut = [k for k, b in enumerate(state["blocked"]) if b]
        return ([Claim(f"pipe:{k}", "colour", "gray") for k in shut]
                + [Claim(f"block:{k}", "colour", "red") for k in shut])

    def render(self, c, state, params):
        c.text(c.width / 2, 28, TITLES[c.style.accent % len(TITLES)], size=22, bold=c.style.accent % 2 == 1)
        cols, rows = state["grid"]
        box = (30, 60, c.width - 30, c.height - 24)
        from tracegen.kits.cards import rounded_rect

        rounded_rect(c, *box[:2], box[2] - box[0], box[3] - box[1], radius=12, fill="panel", stroke="grid", lw=1.5)
        X.draw_pipes(c, state["junctions"], state["pipes"], state["blocked"], state["labels"],
                     (box[0] + 12, box[1] + 12, box[2] - 12, box[3] - 12), cols, rows)


SCENE = PipeNetwork()
task = SCENE.task


# ------------------------------------------------------------------ helpers
def open_pipes(s):
    return [e for e, shut in zip(s["pipes"], s["blocked"]) if not shut]


def _adj(s):
    return G.adjacency(len(s["junctions"]), open_pipes(s))


def _j(ids):
    return [f"junction:{i}" for i in ids]


def rebuild(q, support, pick, knobs=None):
    return X.rebuild(q, support, lambda r, level, k, t: board(r, q.difficulty, level=level,
                                                             **(knobs(t) if knobs else {})), pick)


# ------------------------------------------------------------------ tasks
BRIDGE_SUPPORT = range(0, 6)


def bridges(s):
    """Indices (into ``pipes``) of the open pipes whose removal splits the open network."""
    op = [k for k, shut in enumerate(s["blocked"]) if not shut]
    cut = G.bridges(len(s["junctions"]), [s["pipes"][k] for k in op])
    return [op[k] for k in cut]


def _bridge_knobs(t):
    """Boards likely to have ``t`` bridges: dense and lightly blocked for few, sparse for many."""
    if t <= 1:
        return {"extra": (0.75, 1.0), "blocked": (0.05, 0.15)}
    return {"extra": (0.4, 0.9) if t <= 3 else (0.0, 0.5)}


@task("bridge_count", answer="integer", annotation="segment_set", ops="filtering,counting,topology")
def bridge_count(q):
    s, t = rebuild(q, BRIDGE_SUPPORT, lambda st, t, r: True if len(bridges(st)) == t else None, knobs=_bridge_knobs)
    br = bridges(s)
    q.step("bridges", pipes=[[s["labels"][v] for v in s["pipes"][k]] for k in br])
    return q.answer(len(br), witnesses=[f"pipe:{k}" for k in br],
                    question=(f"{PREAMBLE} How many open pipes are bridges, i.e. removing that one open pipe would "
                              f"split the open network into more disconnected parts?"))


DIST_SUPPORT = range(1, 6)


def _dense_for(least):
    """Knobs: dense, lightly blocked boards for targets of ``least`` or more."""
    return lambda t: {"extra": (0.6, 1.0), "blocked": (0.05, 0.2)} if t >= least else {}


@task("pipe_exact_distance_count", answer="integer", annotation="point_set",
      ops="filtering,counting,ranking,topology")
def pipe_exact_distance_count(q):
    s, v, k, hit = X.planted_ring(q, lambda *a: rebuild(*a, knobs=_dense_for(4)), _adj, DIST_SUPPORT, (2, 3))
    q.step("bfs_ring", source=s["labels"][v], segments=k, junctions=[s["labels"][w] for w in hit])
    return q.answer(len(hit), witnesses=_j(hit),
                    question=(f"{PREAMBLE} Using open pipes only, how many junctions are exactly {k} pipe "
                              f"segments away from junction {s['labels'][v]} (by the shortest open route)?"))


REACH_SUPPORT = range(1, 7)


def _component(s, v):
    return sorted(G.bfs_dist(_adj(s), v))


@task("pipe_reachable_junction_count", answer="integer", annotation="point_set", ops="filtering,counting,topology")
def pipe_reachable_junction_count(q):
    s, t = rebuild(q, REACH_SUPPORT,
                   lambda st, t, r: X.pick_one(r, [v for v in range(len(st["junctions"]))
                                                   if len(_component(st, v)) == t]))
    v = s["pick"]
    comp = _component(s, v)
    q.step("open_component", start=s["labels"][v], junctions=[s["labels"][w] for w in comp])
    return q.answer(len(comp), witnesses=_j(comp),
                    question=(f"{PREAMBLE} Starting at junction {s['labels'][v]} and moving through open pipes "
                              f"only, how many junctions can be reached, counting the start junction itself?"))


@task("shortest_path_length", answer="integer", annotation="point_sequence", ops="counting,ranking,topology")
def shortest_path_length(q):
    s, path = X.planted_path(q, rebuild, _adj)
    a, b = path[0], path[-1]
    q.step("shortest_open_route", junctions=[s["labels"][v] for v in path])
    return q.answer(len(path) - 1, witnesses=_j(path),
                    question=(f"{PREAMBLE} There is a unique shortest open route from junction {s['labels'][a]} to "
                              f"junction {s['labels'][b]}. How many open pipe segments does it use?"))
