"""illustrations/isometric_harbor: an isometric harbor -- a square of water tiles with a grass and sand
shoreline along its upper-right edge, one wooden main dock running out from the shore, posts and
cargo on the dock, and rowboats either moored alongside the dock or floating in open water, each
with a pale pointed bow tip showing its heading.

Ground coordinates: tile (i, j); the shore is the rows j < SHORE, so a bow pointing to -j points
toward the shore (screen up-right) and +j away from it; the dock covers i0 <= i < i0 + 2 from the
shore out to j = SHORE + length.  Moored boats lie alongside the dock, bows along it; open-water
boats keep at least a tile of water from the dock and from each other.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits import isometric as iso_kit

SHORE = 2                     # land rows: j = 0 grass, j = 1 sand
DOCK_W = 2
GAP = 0.22                    # water between a moored boat and the dock
SLOT = 1.6                    # dock length per moored boat
HULLS = ((0.70, 0.18, 0.14), (0.16, 0.45, 0.28), (0.14, 0.22, 0.45), (0.45, 0.20, 0.45), (0.55, 0.35, 0.15))
WATER = ((0.16, 0.52, 0.74), (0.19, 0.56, 0.78))
GRASS, SAND = (0.45, 0.68, 0.33), (0.84, 0.75, 0.50)
PLANK = (0.60, 0.42, 0.26)
SIZES = {1: (10, 11), 2: (12, 14), 3: (14, 16)}


def dock_tiles(state):
    d = state["dock"]
    return [(i, j) for i in range(d["i0"], d["i0"] + DOCK_W) for j in range(SHORE, SHORE + d["len"])]


def side_of(state, boat):
    """"left" / "right" of the dock for a moored boat (screen left = smaller i)."""
    return "left" if boat["ci"] < state["dock"]["i0"] else "right"


def mooring_slots(state, side):
    d = state["dock"]
    ci = d["i0"] - GAP - iso_kit.BOAT["beam"] / 2 - 0.04 if side == "left" else \
        d["i0"] + DOCK_W + GAP + iso_kit.BOAT["beam"] / 2 + 0.04
    n = int((d["len"] - 0.2) // SLOT)
    return [(round(ci, 3), round(SHORE + 0.1 + SLOT * (k + 0.5), 3)) for k in range(n)]


def _clear(a, b, gap):
    return a[2] + gap <= b[0] or b[2] + gap <= a[0] or a[3] + gap <= b[1] or b[3] + gap <= a[1]


def open_ok(state, ci, cj, heading):
    """An open-water spot: inside the water, a tile from the dock, clear of every boat."""
    n = state["n"]
    fp = iso_kit.boat_footprint(ci, cj, heading)
    if fp[0] < 0.15 or fp[2] > n - 0.15 or fp[1] < SHORE + 0.35 or fp[3] > n - 0.15:
        return False
    d = state["dock"]
    dock = (d["i0"], SHORE, d["i0"] + DOCK_W, SHORE + d["len"])
    if not _clear(fp, dock, 1.0):
        return False
    return all(_clear(fp, iso_kit.boat_footprint(b["ci"], b["cj"], b["heading"]), 0.45) for b in state["boats"])


def add_open(rng, state, n, headings=("toward", "away", "along_right", "along_left")):
    got = 0
    for _ in range(400):
        if got == n:
            break
        h = headings[int(rng.integers(len(headings)))]
        ci = round(float(rng.uniform(0.5, state["n"] - 0.5)), 2)
        cj = round(float(rng.uniform(SHORE + 0.8, state["n"] - 0.5)), 2)
        if open_ok(state, ci, cj, h):
            state["boats"].append({"ci": ci, "cj": cj, "heading": h, "hull": int(rng.integers(len(HULLS))),
                                   "moored": False})
            got += 1
    return got


def add_moored(rng, state, side, n, headings=("toward", "away")):
    slots = mooring_slots(state, side)
    used = {(b["ci"], b["cj"]) for b in state["boats"]}
    free = [s for s in slots if s not in used]
    if len(free) < n:
        return 0
    pick = sorted(int(k) for k in rng.choice(len(free), size=n, replace=False))
    for k in pick:
        ci, cj = free[k]
        state["boats"].append({"ci": ci, "cj": cj, "heading": headings[int(rng.integers(len(headings)))],
                               "hull": int(rng.integers(len(HULLS))), "moored": True})
    return n


def make_state(rng, difficulty, *, dock_len=None, moored=None, n_open=None):
    lo, hi = SIZES[difficulty]
    n = int(rng.integers(lo, hi + 1))
    length = dock_len or int(rng.integers(max(4, n // 2), n - SHORE - 2 + 1))
    i0 = int(rng.integers(3, n - DOCK_W - 3 + 1))
    state = {"n": n, "dock": {"i0": i0, "len": length}, "boats": [], "labels": [], "dock_items": []}
    for k in range(int(rng.integers(2, 5))):                     # posts and cargo along the dock
        j = SHORE + int(rng.integers(0, length))
        kind = ("post", "crate", "barrel")[int(rng.integers(3))]
        if all(it["j"] != j for it in state["dock_items"]):
            state["dock_items"].append({"kind": kind, "j": j})
    if moored is None:
        moored = {"left": int(rng.integers(0, 3)), "right": int(rng.integers(0, 3))}
    for side, k in moored.items():
        add_moored(rng, state, side, min(k, len(mooring_slots(state, side))))
    add_open(rng, state, int(rng.integers(1, 4)) if n_open is None else n_open)
    return state


class IsometricHarbor(Scene):
    domain, scene_id, size = "illustrations", "isometric_harbor", (1000, 660)
    megapixels = (0.86, 1.0)          # the original: 0.92-0.96 MP (1200 x 800 or 960 x 960)
    description = ("An isometric harbor: water tiles, a grass and sand shore along the upper-right edge, a "
                   "wooden main dock with posts and cargo, and rowboats moored at the dock or in open water.")

    def sample(self, rng, difficulty):
        return make_state(rng, difficulty)

    def render(self, c, state, params):
        W, H = self.size
        n = state["n"]
        iso = iso_kit.fit_iso((24, 24, W - 24, H - 24), n, n, 0, head=0.9)
        dock = set(dock_tiles(state))
        for i in range(n):
            for j in range(n):
                if j == 0:
                    col = GRASS
                elif j < SHORE:
                    col = SAND
                else:
                    col = WATER[(i + j) % 2]
                c.polygon(iso.top(i, j, 0), fill=col, stroke=iso_kit.shade(col, 0.88), lw=1.0)
                if j >= SHORE and (i, j) not in dock:
                    x, y = iso.center(i, j, 0)
                    c.line(x - iso.tw * 0.12, y, x + iso.tw * 0.12, y, color=iso_kit.shade(col, 1.25), lw=1.2)
        d = state["dock"]
        for (i, j) in sorted(dock, key=lambda t: (t[0] + t[1], t[0])):
            c.polygon(iso.top(i, j, 0.35), fill=PLANK, stroke=iso_kit.shade(PLANK, 0.6), lw=1.0)
        for face, (a, b) in (("left", ((d["i0"], SHORE + d["len"]), (d["i0"] + DOCK_W, SHORE + d["len"]))),
                             ("right", ((d["i0"] + DOCK_W, SHORE), (d["i0"] + DOCK_W, SHORE + d["len"])))):
            col = iso_kit.shade(PLANK, 0.75 if face == "left" else 0.62)
            c.polygon([iso.pt(*a, 0.35), iso.pt(*b, 0.35), iso.pt(*b, 0), iso.pt(*a, 0)], fill=col,
                      stroke=iso_kit.shade(PLANK, 0.5), lw=1.0)
        things = [("item", it) for it in state["dock_items"]] + [("boat", b) for b in state["boats"]]

        def depth(t):
            if t[0] == "item":
                return d["i0"] + DOCK_W / 2 + t[1]["j"] + 0.5
            return t[1]["ci"] + t[1]["cj"]
        boxes = {}
        for kind, obj in sorted(things, key=depth):
            if kind == "item":
                x, y = iso.pt(d["i0"] + DOCK_W / 2, obj["j"] + 0.5, 0.35)
                iso_kit.draw_sprite(c, obj["kind"], x, y, iso.tw * 0.16)
            else:
                k = state["boats"].index(obj)
                boxes[k] = iso_kit.draw_boat(c, iso, obj["ci"], obj["cj"], obj["heading"], HULLS[obj["hull"]],
                                             id=f"boat:{k}")
        for lab in state["labels"]:
            x0, y0, x1, y1 = boxes[lab["boat"]]
            iso_kit.badge(c, (x0 + x1) / 2, y0 - 16, lab["letter"], size=15)


SCENE = IsometricHarbor()
task = SCENE.task


# ---------------------------------------------------------------------------------- tasks

def _ids(state, pred):
    return [k for k, b in enumerate(state["boats"]) if pred(b)]


HEADING_COUNT = {1: (1, 2, 3), 2: (1, 2, 2, 3, 3, 4, 5), 3: (2, 3, 4, 5, 6)}


@task("boat_heading_status_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,spatial_relations",
      queries=("toward_shoreline_boat_count", "away_from_shoreline_boat_count"))
def boat_heading_status_count(q):
    want = "toward" if q.query_id == "toward_shoreline_boat_count" else "away"
    other = "away" if want == "toward" else "toward"
    t = q.target(HEADING_COUNT[q.difficulty], stratified=True)

    def plant(state, rng):
        state = make_state(rng, q.difficulty, moored={"left": int(rng.integers(0, 2)), "right": int(rng.integers(0, 2))},
                           n_open=0)
        for b in state["boats"]:
            b["heading"] = other
        need = t - len(state["boats"])
        if need < 0:
            return state
        add_open(rng, state, need, headings=(want,))
        add_open(rng, state, int(rng.integers(1, 4)), headings=(other, "along_right", "along_left"))
        return state
    q.edit(plant)
    hits = _ids(q.state, lambda b: b["heading"] == want)
    q.require(len(hits) == t, "could not place the boats")
    q.step("filter", heading=want, kept=hits)
    words = "toward the shoreline" if want == "toward" else "away from the shoreline"
    return q.answer(len(hits), witnesses=[f"boat:{k}" for k in hits],
                    question=("The isometric harbor has a shoreline (grass and sand) along its upper-right edge, a "
                              "wooden main dock and rowboats; each boat's pointed tip is its bow. How many "
                              f"boats have their bows pointing {words}?"))


MOORING = {1: (1, 2, 3), 2: (1, 2, 3, 4, 4, 5, 5, 6), 3: (3, 4, 5, 6, 7)}


@task("boat_mooring_status_count", answer="integer", annotation="bbox_set", ops="filtering,counting",
      queries=("moored_boat_count", "open_water_boat_count"))
def boat_mooring_status_count(q):
    moored = q.query_id == "moored_boat_count"
    t = q.target(MOORING[q.difficulty], stratified=True)

    def plant(state, rng):
        lo, hi = SIZES[q.difficulty]
        state = make_state(rng, q.difficulty, dock_len=int(rng.integers(hi // 2 + 1, hi - SHORE - 1)),
                           moored={}, n_open=0)
        if moored:
            left = int(rng.integers(0, t + 1))
            add_moored(rng, state, "left", min(left, len(mooring_slots(state, "left"))))
            add_moored(rng, state, "right", t - len(state["boats"]))
            add_open(rng, state, int(rng.integers(1, 4)))
        else:
            add_open(rng, state, t)
            add_moored(rng, state, "left", int(rng.integers(0, 3)))
            add_moored(rng, state, "right", int(rng.integers(0, 3)))
        return state
    q.edit(plant)
    hits = _ids(q.state, lambda b: b["moored"] == moored)
    q.require(len(hits) == t, "could not place the boats")
    q.step("filter", moored=moored, kept=hits)
    ask = ("How many boats are moored alongside the main dock?" if moored else
           "How many boats float in open water, not tied up alongside the main dock?")
    return q.answer(len(hits), witnesses=[f"boat:{k}" for k in hits],
                    question=("The isometric harbor has a wooden main dock running out from the shore; some "
                              "rowboats lie right alongside the dock and others float out in the water. " + ask))


SIDE = {1: (0, 1, 2, 3), 2: (0, 1, 2, 3, 3, 4, 4, 5), 3: (2, 3, 4, 5)}


@task("boat_side_count", answer="integer", annotation="bbox_set", ops="filtering,counting,spatial_relations",
      queries=("left_side_boat_count", "right_side_boat_count"))
def boat_side_count(q):
    side = "left" if q.query_id == "left_side_boat_count" else "right"
    t = q.target(SIDE[q.difficulty], stratified=True)

    def plant(state, rng):
        lo, hi = SIZES[q.difficulty]
        state = make_state(rng, q.difficulty, dock_len=int(rng.integers(hi // 2 + 1, hi - SHORE - 1)),
                           moored={}, n_open=0)
        add_moored(rng, state, side, t)
        other = "right" if side == "left" else "left"
        add_moored(rng, state, other, int(rng.integers(0, min(4, len(mooring_slots(state, other))) + 1)))
        add_open(rng, state, int(rng.integers(1, 3)))
        return state
    q.edit(plant)
    hits = _ids(q.state, lambda b: b["moored"] and side_of(q.state, b) == side)
    q.require(len(hits) == t, "could not moor the boats")
    q.step("filter", side=side, kept=hits)
    return q.answer(len(hits), witnesses=[f"boat:{k}" for k in hits],
                    question=("The isometric harbor has a wooden main dock running from the shore toward the "
                              "lower left, with rowboats moored along both of its sides. How many boats are "
                              f"moored along the image-{side} side of the main dock?"))


def shore_distance(boat):
    return iso_kit.boat_bow(boat["ci"], boat["cj"], boat["heading"])[1] - SHORE


@task("shoreline_nearest_boat_label", answer="option_letter", annotation="bbox", ops="ranking,spatial_relations")
def shoreline_nearest_boat_label(q):
    q.offer(6, "image")
    letter = q.target("ABCDEF", stratified=True)

    def plant(state, rng):
        state = make_state(rng, q.difficulty, moored={}, n_open=0)
        add_open(rng, state, 6)
        if len(state["boats"]) < 6:
            return state
        order = sorted(range(6), key=lambda k: shore_distance(state["boats"][k]))
        rest = [x for x in "ABCDEF" if x != letter]
        rest = [rest[int(k)] for k in rng.permutation(5)]
        names = {order[0]: letter}
        for k in order[1:]:
            names[k] = rest.pop()
        state["labels"] = sorted(({"letter": names[k], "boat": k} for k in range(6)), key=lambda x: x["letter"])
        return state
    q.edit(plant)
    s = q.state
    q.require(len(s["labels"]) == 6, "could not place six boats")
    dist = sorted((shore_distance(s["boats"][lab["boat"]]), lab["letter"], lab["boat"]) for lab in s["labels"])
    q.require(dist[1][0] - dist[0][0] >= 0.8, "nearest boat not clearly nearest")
    q.step("argmin", distances={x[1]: round(x[0], 2) for x in dist}, answer=dist[0][1])
    return q.answer(dist[0][1], witnesses=f"boat:{dist[0][2]}", examples=[x for x in "ABCDEF" if x != dist[0][1]],
                    question=("The isometric harbor has a shoreline (grass and sand) along its upper-right edge and "
                              "six lettered rowboats on the water. Which lettered boat has its bow (pointed "
                              "tip) closest to the shoreline?"))
