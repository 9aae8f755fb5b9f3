"""games/tower_defense: a tower-defense map with a switchback path, enemies on it and towers with range rings.

Enemies walk the path from its start to the exit; an enemy is covered by a tower when its centre
lies inside the tower's range ring (a circle).  States where an enemy centre lies within a few
pixels of a ring are rejected, so every reading is clear.  The original's path has 5-6 runs with
about 15 enemies at level 2.
"""

from __future__ import annotations

import math

from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS

RUNS = {1: (3, 4), 2: (5, 6), 3: (7, 8)}
W, H = 900, 680
X0, X1, Y0, Y1 = 140, 760, 80, 610   # the path's extent (room for the EXIT box at either end)
ENEMY_R = 15
MARGIN = 9.0            # no enemy centre this close to a ring
PATH_RGB = (0.72, 0.56, 0.36)
PATH_EDGE = (0.4, 0.3, 0.18)
ENEMY = (0.85, 0.2, 0.2)
TOWER = (0.32, 0.36, 0.5)
RING = (0.2, 0.25, 0.65)
TEXT = (0.12, 0.12, 0.15)


def seg_dist(p, a, b):
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy or 1)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def path_dist(state, p):
    v = state["path"]
    return min(seg_dist(p, a, b) for a, b in zip(v, v[1:]))


def covered(enemy, tower):
    return math.hypot(enemy[0] - tower[0], enemy[1] - tower[1]) < tower[2]


def clear_of_rings(state, towers):
    return all(abs(math.hypot(e[0] - t[0], e[1] - t[1]) - t[2]) >= MARGIN for e in state["enemies"] for t in towers)


def place_towers(rng, state, k, r_lo, r_hi, tries=200):
    out = []
    for _ in range(tries):
        if len(out) == k:
            break
        t = [round(float(rng.uniform(X0 + 30, X1 - 30)), 1), round(float(rng.uniform(Y0 + 30, Y1 - 30)), 1),
             round(float(rng.uniform(r_lo, r_hi)), 1)]
        inside = 48 <= t[0] - t[2] and t[0] + t[2] <= W - 48 and 48 <= t[1] - t[2] and t[1] + t[2] <= H - 48
        if not inside or path_dist(state, t[:2]) < 26 or any(math.hypot(t[0] - o[0], t[1] - o[1]) < 70 for o in out):
            continue
        out.append(t)
    return out if len(out) == k else None


class TowerDefense(Scene):
    domain, scene_id, size = "games", "tower_defense", (W, H)
    megapixels = (0.68, 0.82)
    description = "A tower-defense map: a switchback path with enemies on it, towers and their range rings."

    def sample(self, rng, difficulty):
        lo, hi = RUNS[difficulty]
        runs = int(rng.integers(lo, hi + 1))
        ys = [Y0 + 10 + i * (Y1 - Y0 - 20) / (runs - 1) for i in range(runs)]
        path, enemies = [], []
        for i, y in enumerate(ys):
            a = float(rng.uniform(X0, X0 + 140))
            b = float(rng.uniform(X1 - 140, X1))
            if i % 2 == 0:
                xs = (a, b)
            else:   # the way back is shorter: the path zigzags
                xs = (b - float(rng.uniform(60, 140)), a + float(rng.uniform(60, 140)))
            yy = y + float(rng.uniform(-6, 6))
            path += [[round(xs[0], 1), round(yy, 1)], [round(xs[1], 1), round(yy, 1)]]
        for (ax, ay), (bx, by) in zip(path, path[1:]):
            enemies.append([ax, ay])
            if abs(bx - ax) > 300:
                enemies.append([round((ax + bx) / 2, 1), round((ay + by) / 2, 1)])
        enemies.append(path[-1])
        return {"path": path, "enemies": enemies, "towers": [], "candidates": [], "labels": {}}

    def render(self, c, state, params):
        c.rect(40, 40, W - 80, H - 80, fill=(0.97, 0.94, 0.84), stroke=(0.45, 0.38, 0.25), lw=3)
        pts = [tuple(p) for p in state["path"]]
        c.polyline(pts, color=PATH_EDGE, lw=30)
        c.polyline(pts, color=PATH_RGB, lw=24)
        ex, ey = pts[-1]
        bx = ex + 20 if pts[-1][0] > pts[-2][0] else ex - 20 - 58
        c.rect(bx, ey - 15, 58, 30, fill=(1, 1, 1), stroke=PATH_EDGE, lw=1.5, id="exit")
        c.text(bx + 29, ey + 1, "EXIT", size=14, bold=True, color=TEXT)
        for t in state["towers"]:
            c.circle(t[0], t[1], t[2], stroke=RING, lw=2.2)
        for lab, t in zip(LETTERS, state["candidates"]):
            c.circle(t[0], t[1], t[2], stroke=RING, lw=2.2)
        labels = {int(k): v for k, v in state["labels"].items()}
        for i, (x, y) in enumerate(state["enemies"]):
            if i in labels:
                c.circle(x, y, ENEMY_R, fill=(1, 1, 1), stroke=ENEMY, lw=4, id=f"enemy:{i}")
                c.text(x, y + 1, labels[i], size=15, bold=True, color=TEXT)
            else:
                c.circle(x, y, ENEMY_R, fill=ENEMY, stroke=(0.98, 0.9, 0.8), lw=2, id=f"enemy:{i}")
                for s in (-4.5, 4.5):
                    c.circle(x + s, y - 1, 2.2, fill=(0.1, 0.1, 0.1))
        for i, t in enumerate(state["towers"]):
            c.circle(t[0], t[1], 14, fill=TOWER, stroke=(0.1, 0.1, 0.15), lw=1.5, id=f"tower:{i}")
            c.circle(t[0], t[1], 5, fill=(0.95, 0.95, 0.98))
        for lab, t in zip(LETTERS, state["candidates"]):
            c.circle(t[0], t[1], 15, fill=(0.88, 0.9, 0.96), stroke=TOWER, lw=2.5, id=f"candidate:{lab}")
            c.text(t[0], t[1] + 1, lab, size=16, bold=True, color=TEXT)


SCENE = TowerDefense()
task = SCENE.task

INTRO = ("The picture shows a tower-defense map: enemies (round markers) stand on a switchback path that ends at "
         "the EXIT marker.")


@task("covered_path_segment_count", answer="integer", annotation="point_set", ops="counting,spatial_relations,topology")
def covered_path_segment_count(q):
    t = q.target({1: range(1, 5), 2: range(1, 7), 3: range(2, 9)}[q.difficulty], stratified=True)

    def plant(st, rng):
        for _ in range(300):
            towers = place_towers(rng, st, int(rng.integers(2, 4 if t < 5 else 5)), 60, 110)
            if not towers or not clear_of_rings(st, towers):
                continue
            if sum(any(covered(e, w) for w in towers) for e in st["enemies"]) == t:
                st["towers"] = towers
                return st
        return st

    s = q.edit(plant)
    q.require(bool(s["towers"]), "no tower layout reaches the target")
    hits = [i for i, e in enumerate(s["enemies"]) if any(covered(e, w) for w in s["towers"])]
    q.require(len(hits) == t, "target missed")
    return q.answer(len(hits), witnesses=[f"enemy:{i}" for i in hits],
                    question=(f"{INTRO} Each tower has a range ring; an enemy is covered when its centre lies inside "
                              f"at least one ring. How many enemies on the path are covered?"))


@task("best_tower_position_label", answer="string", annotation="point",
      ops="counting,ranking,spatial_relations,topology,state_update")
def best_tower_position_label(q):
    letter = q.target(LETTERS[:4], stratified=True)

    def plant(st, rng):
        for _ in range(300):
            r = float(rng.uniform(75, 110))
            cands = place_towers(rng, st, 4, r, r + 0.01)
            if not cands or not clear_of_rings(st, cands):
                continue
            counts = [sum(covered(e, w) for e in st["enemies"]) for w in cands]
            best = max(counts)
            if counts.count(best) != 1 or best < 2:
                continue
            i, j = counts.index(best), LETTERS.index(letter)
            cands[i], cands[j] = cands[j], cands[i]
            st["candidates"] = cands
            return st
        return st

    s = q.edit(plant)
    q.require(len(s["candidates"]) == 4, "no candidate layout with a unique best")
    counts = [sum(covered(e, w) for e in s["enemies"]) for w in s["candidates"]]
    i = counts.index(max(counts))
    q.offer(4, "prompt")
    q.step("coverage", counts=counts)
    return q.answer(LETTERS[i], witnesses=f"candidate:{LETTERS[i]}",
                    examples=[x for x in LETTERS[:4] if x != LETTERS[i]],
                    question=(f"{INTRO} Four candidate tower positions A, B, C and D are drawn with the range ring "
                              f"each tower would have; a tower covers an enemy when the enemy's centre lies inside "
                              f"its ring. Which candidate (A, B, C or D) covers the most enemies?"))


@task("nearest_exit_enemy_label", answer="string", annotation="point", ops="ranking,spatial_relations,topology")
def nearest_exit_enemy_label(q):
    letter = q.target(LETTERS[:6], stratified=True)

    def plant(st, rng):
        n = len(st["enemies"])
        # the last enemy sits on the exit: label among the others so the answer needs the path order
        pick = sorted(int(i) for i in rng.choice(n - 1, size=6, replace=False))
        others = [x for x in LETTERS[:6] if x != letter]
        others = [others[int(i)] for i in rng.permutation(5)]
        labels = {str(pick[-1]): letter}
        labels.update({str(i): lab for i, lab in zip(pick[:-1], others)})
        st["labels"] = labels
        towers = place_towers(rng, st, int(rng.integers(1, 3)), 60, 100)
        st["towers"] = towers if towers and clear_of_rings(st, towers) else []
        return st

    s = q.edit(plant)
    labels = {int(k): v for k, v in s["labels"].items()}
    last = max(labels)
    q.offer(6, "prompt")
    return q.answer(labels[last], witnesses=f"enemy:{last}", examples=[x for x in LETTERS[:6] if x != labels[last]],
                    question=(f"{INTRO} Six enemies are lettered A to F. Enemies walk along the path toward the "
                              f"exit; which lettered enemy is nearest to the exit along the path (by path order, not "
                              f"straight-line distance)?"))
