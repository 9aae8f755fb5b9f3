"""games/sokoban: a Sokoban room with walls, a player, coloured boxes and goal dots of the same colours.

Each box has one goal of its own colour.  The player pushes a box by walking into it: the box
moves one cell in that direction, so to push a box straight toward a goal the player stands on the
cell on the far side of the box.  The original's room is 6 x 6 inside its walls with 3-6 boxes.
"""

from __future__ import annotations

from tracegen.core.claims import Claim
from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS
from tracegen.kits.grid import Grid
from tracegen.kits.gridgames import sprite

SIZES = {1: (5, 5), 2: (6, 6), 3: (8, 8)}
BOXES = {1: (2, 4), 2: (3, 6), 3: (5, 8)}
COLORS = ("red", "blue", "green", "yellow", "purple", "orange", "cyan", "pink")
WALL = (0.33, 0.36, 0.42)
FLOOR = (0.96, 0.96, 0.97)
TEXT = (0.12, 0.12, 0.15)
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def floor_cells(st):
    walls = {tuple(x) for x in st["walls"]}
    return [(r, c) for r in range(1, st["rows"] + 1) for c in range(1, st["cols"] + 1) if (r, c) not in walls]


def place(st, rng, n_boxes, on_goal=()):
    """Boxes, their goals and the player on distinct free floor cells; boxes listed in ``on_goal``
    (indices) sit on their own goal."""
    cells = floor_cells(st)
    need = 2 * n_boxes + 1 - len(on_goal)
    if len(cells) < need:
        return None
    pick = [cells[int(i)] for i in rng.choice(len(cells), size=need, replace=False)]
    cols = [COLORS[int(i)] for i in rng.choice(len(COLORS), size=n_boxes, replace=False)]
    boxes, it = [], iter(pick)
    for i in range(n_boxes):
        pos = next(it)
        goal = pos if i in on_goal else next(it)
        boxes.append({"color": cols[i], "pos": list(pos), "goal": list(goal)})
    st["boxes"], st["player"] = boxes, list(next(it))
    return st


class Sokoban(Scene):
    domain, scene_id, size = "games", "sokoban", (520, 460)
    megapixels = (0.25, 0.31)
    description = "A Sokoban room: walls, a player, coloured boxes and goal dots of the boxes' colours."

    def sample(self, rng, difficulty):
        lo, hi = SIZES[difficulty]
        rows, cols = int(rng.integers(lo, hi + 1)), int(rng.integers(lo, hi + 2))
        inner = int(rng.integers(1, 4))
        walls = set()
        while len(walls) < inner:
            walls.add((int(rng.integers(1, rows + 1)), int(rng.integers(1, cols + 1))))
        st = {"rows": rows, "cols": cols, "walls": sorted(list(x) for x in walls), "labels": False, "stand": None}
        b_lo, b_hi = BOXES[difficulty]
        return place(st, rng, int(rng.integers(b_lo, b_hi + 1)))

    def claims(self, state, params):
        out = [Claim(f"box:{i}", "colour", b["color"]) for i, b in enumerate(state["boxes"])]
        out += [Claim(f"goal:{i}", "colour", b["color"]) for i, b in enumerate(state["boxes"]) if b["pos"] != b["goal"]]
        return out

    def render(self, c, state, params):
        rows, cols = state["rows"] + 2, state["cols"] + 2
        w, h = self.size
        g = Grid.fit(rows, cols, 20, 20, w - 40, h - 40)
        walls = {tuple(x) for x in state["walls"]}
        for r in range(rows):
            for k in range(cols):
                x0, y0, x1, y1 = g.box(r, k)
                wall = r in (0, rows - 1) or k in (0, cols - 1) or (r, k) in walls
                c.rect(x0, y0, x1 - x0, y1 - y0, fill=WALL if wall else FLOOR, stroke=(0.82, 0.83, 0.86) if not wall
                       else WALL, lw=1.0, id=f"cell:{r}:{k}")
        s = g.cell
        for i, b in enumerate(state["boxes"]):
            if b["pos"] != b["goal"]:
                cx, cy = g.center(*b["goal"])
                c.circle(cx, cy, s * 0.26, stroke=b["color"], lw=s * 0.08, id=f"goal:{i}")
                c.circle(cx, cy, s * 0.09, fill=b["color"])
        for i, b in enumerate(state["boxes"]):
            x0, y0, x1, y1 = g.box(*b["pos"], inset=s * 0.12)
            c.rect(x0, y0, x1 - x0, y1 - y0, fill=b["color"], stroke=(0.15, 0.15, 0.18), lw=2, id=f"box:{i}")
            m = s * 0.08
            c.line(x0 + m, y0 + m, x1 - m, y1 - m, color=(0.15, 0.15, 0.18), lw=1.2)
            c.line(x0 + m, y1 - m, x1 - m, y0 + m, color=(0.15, 0.15, 0.18), lw=1.2)
            cx, cy = g.center(*b["pos"])
            if b["pos"] == b["goal"]:
                c.circle(cx, cy, s * 0.22, stroke=(1, 1, 1), lw=s * 0.07)
                c.circle(cx, cy, s * 0.08, fill=(1, 1, 1))
            if state["labels"]:
                c.circle(cx, cy, max(11.0, s * 0.2), fill=(1, 1, 1), stroke=(0.15, 0.15, 0.18), lw=1.4)
                c.text(cx, cy + 1, LETTERS[i], size=max(13.0, s * 0.26), bold=True, color=TEXT)
        pr, pc = state["player"]
        x0, y0, _, _ = g.box(pr, pc, inset=s * 0.1)
        sprite(c, "hero", x0 + s * 0.1, y0, s * 0.8, id="player", fill_id="blue")
        for lab, (r, k) in zip(LETTERS, state.get("stand") or []):
            cx, cy = g.center(r, k)
            c.circle(cx, cy, s * 0.22, fill=(1, 1, 1), stroke=(0.85, 0.3, 0.2), lw=2, id=f"stand:{lab}")
            c.text(cx, cy + 1, lab, size=max(13.0, s * 0.26), color=TEXT)


SCENE = Sokoban()
task = SCENE.task

INTRO = ("The picture shows a Sokoban room with walls, a player, coloured boxes and goal dots; each box belongs "
         "on the goal dot of its own colour, and a box already on its goal shows a ring drawn on top of it.")


@task("box_goal_status_count", answer="integer", annotation="bbox_set", ops="filtering,counting,matching",
      queries=("box_on_goal_count", "box_off_goal_count"))
def box_goal_status_count(q):
    on_q = q.query_id == "box_on_goal_count"
    top = {1: 3, 2: 5, 3: 7}[q.difficulty]
    t = q.target(range(1, top + 1), stratified=True)

    def plant(st, rng):
        b_lo, b_hi = BOXES[q.difficulty]
        n = int(rng.integers(max(b_lo, t + 1 if on_q else t), max(b_hi, t + 1) + 1))
        k = t if on_q else n - t
        on = {int(i) for i in rng.choice(n, size=k, replace=False)}
        return place(st, rng, n, on) or st

    s = q.edit(plant)
    hits = [i for i, b in enumerate(s["boxes"]) if (b["pos"] == b["goal"]) == on_q]
    q.require(len(hits) == t, "target missed")
    what = "on" if on_q else "not on"
    return q.answer(len(hits), witnesses=[f"box:{i}" for i in hits],
                    question=f"{INTRO} How many boxes are {what} their matching goal dot?")


def manhattan(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


@task("closest_box_goal_label", answer="option_letter", annotation="bbox", ops="ranking,spatial_relations,matching")
def closest_box_goal_label(q):
    k_max = {1: 4, 2: 6, 3: 6}[q.difficulty]
    letter = q.target(LETTERS[:min(5, k_max)], stratified=True)

    def plant(st, rng):
        for _ in range(100):
            n = int(rng.integers(max(4, LETTERS.index(letter) + 1), k_max + 1))
            if not place(st, rng, n):
                return st
            d = [manhattan(b["pos"], b["goal"]) for b in st["boxes"]]
            best = min(d)
            if d.count(best) == 1:
                i = d.index(best)
                j = LETTERS.index(letter)
                st["boxes"][i], st["boxes"][j] = st["boxes"][j], st["boxes"][i]
                st["labels"] = True
                return st
        return st

    s = q.edit(plant)
    d = [manhattan(b["pos"], b["goal"]) for b in s["boxes"]]
    q.require(s["labels"] and d.count(min(d)) == 1, "no unique closest box")
    i = d.index(min(d))
    q.offer(len(s["boxes"]), "image")
    return q.answer(LETTERS[i], witnesses=f"box:{i}",
                    question=(f"{INTRO} No box is on its goal yet. Which lettered box is closest to its own goal "
                              f"dot by Manhattan distance (rows plus columns apart, ignoring walls and everything "
                              f"else)?"))


@task("push_stand_cell_label", answer="option_letter", annotation="bbox", ops="spatial_relations,state_update")
def push_stand_cell_label(q):
    letter = q.target(LETTERS[:4], stratified=True)

    def plant(st, rng):
        for _ in range(200):
            if not place(st, rng, len(st["boxes"])):
                return st
            walls = {tuple(x) for x in st["walls"]}
            free = set(floor_cells(st))
            b = st["boxes"][int(rng.integers(len(st["boxes"])))]
            pr, pc = b["pos"]
            (dr, dc) = STEPS[int(rng.integers(4))]
            dist = int(rng.integers(2, 4))   # the goal lies beyond the candidate squares
            goal = (pr + dr * dist, pc + dc * dist)
            line = [(pr + dr * j, pc + dc * j) for j in range(1, dist + 1)]
            others = {tuple(x["pos"]) for x in st["boxes"] if x is not b} | {tuple(x["goal"]) for x in st["boxes"]
                                                                           if x is not b}
            around = [(pr + a, pc + e) for a, e in STEPS]
            if not all(x in free and x not in others for x in line + around) or goal in walls:
                continue
            b["goal"] = list(goal)
            stand = (pr - dr, pc - dc)
            rest = [x for x in around if x != stand]
            rest = [rest[int(i)] for i in rng.permutation(3)]
            rest.insert(LETTERS.index(letter), stand)
            if tuple(st["player"]) in around or tuple(st["player"]) in line:
                st["player"] = list(next(x for x in free if x not in others and x not in around
                                         and x not in line and x != tuple(b["pos"])))
            st["stand"], st["target_box"] = [list(x) for x in rest], st["boxes"].index(b)
            return st
        return st

    s = q.edit(plant)
    q.require(s.get("stand") is not None, "no straight push fits")
    i = s["target_box"]
    b = s["boxes"][i]
    push = (b["goal"][0] - b["pos"][0], b["goal"][1] - b["pos"][1])
    unit = (push[0] // max(1, abs(push[0])) if push[0] else 0, push[1] // max(1, abs(push[1])) if push[1] else 0)
    stand = [b["pos"][0] - unit[0], b["pos"][1] - unit[1]]
    j = s["stand"].index(stand)
    q.offer(4, "image")
    q.claim(f"box:{i}", colour=b["color"], among="box:")
    return q.answer(LETTERS[j], witnesses=f"stand:{LETTERS[j]}",
                    question=(f"{INTRO} The player pushes a box by walking into it, moving the box one cell the "
                              f"same way. On which lettered square must the player stand to push the "
                              f"{b['color']} box straight onto its goal dot?"))
