"""games/crossing: a Frogger-style road crossing frozen at tick 0.

Horizontal traffic rows are split into cells; every row's traffic drives one way (the arrows at both
ends of the row; each car faces and carries an arrow the same way).  Each tick every car moves one cell
that way; a car that moves past the left or right edge leaves the board.  For the route question a
runner starts on a numbered pad under the bottom row, enters the bottom row at tick 1 and moves one row
up per tick, so it is in the k-th row from the bottom at tick k (the route markers carry k); it is hit
by a car that occupies its cell at that tick.  The original's boards: 8 cells by 6 rows.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits import arcade
from tracegen.kits.boards import LETTERS

LEVELS = {1: (6, 4), 2: (8, 6), 3: (10, 8)}    # cells per row, traffic rows
DIR_SUPPORT = {1: range(1, 5), 2: range(1, 7), 3: range(2, 9)}
CAR_COLOURS = ("red", "blue", "purple", "orange", "green", "cyan")
W, H = 760, 600
GX0, GX1, GY0 = 64.0, 696.0, 52.0
ROAD = ((0.86, 0.84, 0.78), (0.79, 0.77, 0.71))
GRASS = (0.62, 0.76, 0.50)
TRIES = 300


def grid(state):
    cols, rows = state["cols"], state["rows"]
    cw = (GX1 - GX0) / cols
    rh = min(72.0, 420.0 / rows)
    return cw, rh


def tick_of_row(state, row):
    """The tick at which the runner is in ``row`` (row 0 is the top row)."""
    return state["rows"] - row


def exit_tick(state, car):
    """Ticks until ``car`` (row, col) moves past the edge its row drives towards."""
    row, col = car[0], car[1]
    return state["cols"] - col if state["dirs"][row] > 0 else col + 1


def hits_route(state, car):
    row, col = car[0], car[1]
    return col + tick_of_row(state, row) * state["dirs"][row] == state["route"]


def place_cars(state, rng, per_row=(0, 3)):
    cars = []
    for row in range(state["rows"]):
        k = int(rng.integers(per_row[0], per_row[1] + 1))
        for col in sorted(int(v) for v in rng.choice(state["cols"], size=k, replace=False)):
            cars.append([row, col, CAR_COLOURS[int(rng.integers(len(CAR_COLOURS)))]])
    state["cars"] = cars
    return state


class Crossing(Scene):
    domain, scene_id, size = "games", "crossing", (W, H)
    megapixels = (0.66, 0.95)   # the original's frames are 1000 x 780 (0.78 MP)
    description = ("A road-crossing game board: traffic rows of cells with cars driving left or right (arrows at the "
                   "row ends and on the cars), grass verges, and optionally a runner's route from a start pad.")

    def sample(self, rng, difficulty):
        cols, rows = LEVELS[difficulty]
        st = {"cols": cols, "rows": rows, "dirs": [1 if rng.random() < 0.5 else -1 for _ in range(rows)],
              "cars": [], "labels": [], "route": None}
        return place_cars(st, rng)

    def render(self, c, state, params):
        cols, rows = state["cols"], state["rows"]
        cw, rh = grid(state)
        gy1 = GY0 + rows * rh
        c.rect(20, 14, W - 40, gy1 + 78 - 14, fill="panel", stroke="muted", lw=1.5)
        c.rect(GX0 - 36, 24, GX1 - GX0 + 72, GY0 - 24, fill=GRASS)
        c.rect(GX0 - 36, gy1, GX1 - GX0 + 72, 64, fill=GRASS)
        for r in range(rows):
            y = GY0 + r * rh
            c.rect(GX0 - 36, y, GX1 - GX0 + 72, rh, fill=ROAD[r % 2])
            for k in range(cols + 1):
                c.line(GX0 + k * cw, y, GX0 + k * cw, y + rh, color=(0.55, 0.53, 0.48), lw=1)
            c.line(GX0 - 36, y, GX1 + 36, y, color=(0.45, 0.43, 0.40), lw=1.2)
            d = state["dirs"][r]
            for ax in (GX0 - 18, GX1 + 18):
                c.arrow(ax - 11 * d, y + rh / 2, ax + 11 * d, y + rh / 2, color=(0.15, 0.15, 0.15), lw=2, head=7,
                        id=f"row_arrow:{r}:{int(ax < GX0)}")
        c.line(GX0 - 36, gy1, GX1 + 36, gy1, color=(0.45, 0.43, 0.40), lw=1.2)
        if state["route"] is not None:
            for k in range(cols):   # numbered start pads
                x0 = GX0 + k * cw
                c.rect(x0 + 6, gy1 + 14, cw - 12, 34, fill=(0.93, 0.96, 0.85), stroke=(0.30, 0.35, 0.25), lw=1.5)
                c.text(x0 + cw / 2, gy1 + 31, str(k + 1), size=14, color="black", kind="tick")
            x0 = GX0 + state["route"] * cw
            c.rect(x0 + 2, GY0 + 2, cw - 4, gy1 - GY0 - 4, fill=(0.98, 0.92, 0.62))
            c.rect(x0 + 2, GY0 + 2, cw - 4, gy1 + 12 - GY0, stroke=(0.20, 0.20, 0.20), lw=3.5, id="route")
            for r in range(rows):
                y = GY0 + r * rh
                c.circle(x0 + 14, y + 14, 10, fill="white", stroke=(0.20, 0.20, 0.20), lw=1.8)
                c.text(x0 + 14, y + 14, str(tick_of_row(state, r)), size=12, bold=True, color="black", kind="tick")
        px = min(cw * 0.72 / 14, rh * 0.55 / 7)
        labels = {(r, k): lab for r, k, lab in state["labels"]}
        for i, (r, k, col) in enumerate(state["cars"]):
            cx, cy = GX0 + (k + 0.5) * cw, GY0 + (r + 0.5) * rh
            d = state["dirs"][r]
            arcade.draw_sprite(c, "car", cx, cy + 2, px, id=f"car:{i}", flip=d < 0, recolor={"X": col})
            c.arrow(cx - 10 * d, cy - 3.5 * px - 6, cx + 10 * d, cy - 3.5 * px - 6, color=(0.10, 0.10, 0.10), lw=2,
                    head=6)
            if (r, k) in labels:
                arcade.tag(c, cx, cy + 2, labels[(r, k)], size=13.0)
SCENE = Crossing()
task = SCENE.task

INTRO = ("The picture shows a road-crossing game board: rows of cells with cars; the arrows at both ends of a row and "
         "on each car show which way that row's traffic drives.")
TICK = ("Each tick, every car moves one cell in its arrow's direction; a car that moves past the left or right edge "
        "leaves the board.")


def _car_id(state, car):
    return f"car:{state['cars'].index(car)}"


def _letters(rng, chosen, others, letter, k):
    rest = [x for x in LETTERS[:k] if x != letter]
    order = [int(v) for v in rng.permutation(len(rest))]
    return sorted([[chosen[0], chosen[1], letter]] + [[o[0], o[1], rest[order[i]]] for i, o in enumerate(others)])


@task("first_exit_object_label", answer="string", annotation="point", ops="ranking")
def first_exit_object_label(q):
    k = 4
    letter = q.target(LETTERS[:k], stratified=True)

    def plant(st, rng):
        for _ in range(TRIES):
            place_cars(st, rng, (0, 2))
            if len(st["cars"]) < k:
                continue
            pick = [st["cars"][int(i)] for i in rng.permutation(len(st["cars"]))[:k]]
            ticks = sorted(exit_tick(st, x) for x in pick)
            if ticks[0] < ticks[1]:
                best = min(pick, key=lambda x: exit_tick(st, x))
                st["labels"] = _letters(rng, best, [x for x in pick if x is not best], letter, k)
                return st
        return st

    s = q.edit(plant)
    q.require(len(s["labels"]) == k, "no board with a unique first exit")
    tagged = {(r, c): lab for r, c, lab in s["labels"]}
    cars = [x for x in s["cars"] if (x[0], x[1]) in tagged]
    ticks = {tagged[(x[0], x[1])]: exit_tick(s, x) for x in cars}
    ans = min(ticks, key=ticks.get)
    q.require(sorted(ticks.values())[1] > ticks[ans], "two tagged cars leave together")
    car = next(x for x in cars if tagged[(x[0], x[1])] == ans)
    q.offer(k, "prompt")
    q.step("exit_ticks", ticks=ticks)
    return q.answer(ans, witnesses=_car_id(s, car),
                    question=(f"{INTRO} {TICK} Of the cars tagged with letters, which one leaves the board first? "
                              "The answer is one of A, B, C or D."),
                    examples=[x for x in LETTERS[:k] if x != ans])


@task("hit_object_label", answer="string", annotation="point", ops="spatial_relations,topology")
def hit_object_label(q):
    k = 4
    letter = q.target(LETTERS[:k], stratified=True)

    def plant(st, rng):
        for _ in range(TRIES):
            place_cars(st, rng, (0, 2))
            st["route"] = int(rng.integers(st["cols"]))
            hit = [x for x in st["cars"] if hits_route(st, x)]
            miss = [x for x in st["cars"] if not hits_route(st, x)]
            if not hit or len(miss) < k - 1:
                continue
            target = hit[int(rng.integers(len(hit)))]
            # decoys: prefer cars that cross the route column at another tick
            near = [x for x in miss if 0 <= (st["route"] - x[1]) * st["dirs"][x[0]] < st["cols"]]
            far = [x for x in miss if x not in near]
            pool = [near[int(i)] for i in rng.permutation(len(near))] + [far[int(i)] for i in rng.permutation(len(far))]
            st["labels"] = _letters(rng, target, pool[:k - 1], letter, k)
            return st
        return st

    s = q.edit(plant)
    q.require(len(s["labels"]) == k and s["route"] is not None, "no board with one tagged car on the route")
    tagged = {(r, c): lab for r, c, lab in s["labels"]}
    hit = [x for x in s["cars"] if (x[0], x[1]) in tagged and hits_route(s, x)]
    q.require(len(hit) == 1, "not exactly one tagged car meets the runner")
    ans = tagged[(hit[0][0], hit[0][1])]
    q.offer(k, "prompt")
    return q.answer(ans, witnesses=_car_id(s, hit[0]),
                    question=(f"{INTRO} {TICK} A runner starts on pad {s['route'] + 1} below the road and follows the "
                              "marked straight route up: at tick 1 it enters the bottom row, and each tick after that it "
                              "moves one row up (the route markers give the tick at which it is in each row). Which "
                              "tagged car is in the runner's cell at the same tick? The answer is one of A, B, C or D."),
                    examples=[x for x in LETTERS[:k] if x != ans])


@task("moving_object_direction_count", answer="integer", annotation="bbox_set", ops="filtering,counting",
      queries=("left_moving_object_count", "right_moving_object_count"))
def moving_object_direction_count(q):
    want = -1 if q.query_id == "left_moving_object_count" else 1
    t = q.target(DIR_SUPPORT[q.difficulty], stratified=True)

    def plant(st, rng):
        for _ in range(TRIES):
            place_cars(st, rng, (0, 2))
            st["dirs"] = [1 if rng.random() < 0.5 else -1 for _ in range(st["rows"])]
            if sum(1 for x in st["cars"] if st["dirs"][x[0]] == want) == t:
                return st
        return st

    s = q.edit(plant)
    cars = [x for x in s["cars"] if s["dirs"][x[0]] == want]
    q.require(len(cars) == t, "direction count off target")
    side = "left" if want < 0 else "right"
    return q.answer(len(cars), witnesses=[_car_id(s, x) for x in cars],
                    question=f"{INTRO} How many cars are driving to the {side}?")
