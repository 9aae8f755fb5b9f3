"""games/lane_runner: an endless-runner track of lanes and rows with coins, hazards and drawn paths.

The runner starts below the bottom row and moves one row per step towards the finish band at the top,
staying in its lane or switching diagonally to a neighbouring lane; a path is the lane it occupies in
each row.  It collects the coins in the cells it passes through and crashes on a hazard cell.  The
original's tracks: 2 lanes of 7-8 rows; the safe-path question shows 4-6 cards of the same track,
each with one candidate path.
"""

from __future__ import annotations

from tracegen.core.task import Scene
from tracegen.kits.boards import LETTERS

LEVELS = {1: (2, (5, 5)), 2: (2, (7, 8)), 3: (3, (10, 10))}    # lanes, rows (lo, hi)
COIN_SUPPORT = {1: range(1, 4), 2: range(1, 7), 3: range(2, 9)}
TRACK = (0.18, 0.22, 0.36)
CELL_RGB = (0.30, 0.38, 0.60)
COIN = (0.98, 0.78, 0.16)
HAZARD = (0.82, 0.20, 0.24)
PATH_RGB = ((0.20, 0.45, 0.95), (0.15, 0.65, 0.55), (0.65, 0.30, 0.75), (0.80, 0.35, 0.40))
TRIES = 300


def random_path(rng, lanes, rows):
    lane = int(rng.integers(lanes))
    path = [lane]
    for _ in range(rows - 1):
        moves = [x for x in (lane - 1, lane, lane + 1) if 0 <= x < lanes]
        lane = moves[int(rng.integers(len(moves)))]
        path.append(lane)
    return path


def coins_on(state, path):
    coins = {tuple(x) for x in state["coins"]}
    return [(r, lane) for r, lane in enumerate(path) if (r, lane) in coins]


def hits(state, path):
    hz = {tuple(x) for x in state["hazards"]}
    return [(r, lane) for r, lane in enumerate(path) if (r, lane) in hz]


class LaneRunner(Scene):
    domain, scene_id, size = "games", "lane_runner", (200, 470)
    megapixels = (0.18, 0.28)   # a single track: the original's 360 x 605-666 (0.22 MP); cards are larger
    description = ("A runner game track of lanes and rows with a start marker and a finish band: coins and hazard "
                   "cells, and drawn runner paths (on one track, or one path per lettered card).")

    def sample(self, rng, difficulty):
        lanes, (lo, hi) = LEVELS[difficulty]
        rows = int(rng.integers(lo, hi + 1))
        cells = [(r, k) for r in range(rows) for k in range(lanes)]
        coins = sorted(cells[int(i)] for i in rng.permutation(len(cells))[:len(cells) * 2 // 5])
        return {"lanes": lanes, "rows": rows, "coins": [list(x) for x in coins], "hazards": [],
                "paths": [random_path(rng, lanes, rows)], "labels": []}

    def _cell(self, state):
        return 52.0 if state["labels"] else 44.0

    def _card(self, state):
        cell = self._cell(state)
        return state["lanes"] * cell + 40, state["rows"] * cell + 110

    def canvas_size(self, state):
        cw, ch = self._card(state)
        if not state["labels"]:
            return (int(cw + 40), int(ch + 40))
        cols = 3
        rows = -(-len(state["labels"]) // cols)
        return (int(cols * cw + (cols + 1) * 16 + 20), int(rows * ch + (rows + 1) * 16 + 20))

    def render(self, c, state, params):
        w, h = self.canvas_size(state)
        cw, ch = self._card(state)
        if not state["labels"]:
            self._track(c, state, 20, 20, state["paths"][0], 0, "")
            return
        c.rect(8, 8, w - 16, h - 16, fill=(0.16, 0.20, 0.34), stroke="muted", lw=1.5)
        for i, (path, lab) in enumerate(zip(state["paths"], state["labels"])):
            x = 26 + (i % 3) * (cw + 16)
            y = 26 + (i // 3) * (ch + 16)
            c.rect(x - 4, y - 4, cw + 8, ch + 8, fill=(0.96, 0.96, 0.98), stroke=(0.40, 0.42, 0.50), lw=1.5,
                   id=f"card:{lab}")
            self._track(c, state, x, y, path, i, lab)

    def _track(self, c, state, x0, y0, path, i, lab):
        cell = self._cell(state)
        lanes, rows = state["lanes"], state["rows"]
        cw, ch = self._card(state)
        c.rect(x0, y0, cw, ch, fill=TRACK, stroke=(0.10, 0.12, 0.20), lw=2)
        gx, top = x0 + 20, y0 + 52        # rows run from the bottom (row 0) to the top
        coins = {tuple(x) for x in state["coins"]}
        hazards = {tuple(x) for x in state["hazards"]}

        def centre(r, k):
            return gx + (k + 0.5) * cell, top + (rows - 1 - r + 0.5) * cell

        c.rect(gx, y0 + 12, lanes * cell, 30, fill=(0.96, 0.97, 0.99), stroke=(0.55, 0.60, 0.75), lw=1.5)
        c.text(gx + lanes * cell / 2, y0 + 27, "FINISH", size=13, bold=True, color="black")
        c.rect(gx, top + rows * cell + 8, lanes * cell, 30, fill=(0.25, 0.75, 0.50), stroke=(0.12, 0.45, 0.30),
               lw=1.5)
        for r in range(rows):
            for k in range(lanes):
                x, y = centre(r, k)
                c.rect(x - cell / 2 + 3, y - cell / 2 + 3, cell - 6, cell - 6, fill=CELL_RGB,
                       stroke=(0.60, 0.68, 0.90), lw=1.2)
                if (r, k) in hazards:
                    c.rect(x - cell * 0.28, y - cell * 0.28, cell * 0.56, cell * 0.56, fill=HAZARD,
                           stroke=(0.40, 0.05, 0.08), lw=1.5)
                    d = cell * 0.15
                    c.line(x - d, y - d, x + d, y + d, color="white", lw=2.4)
                    c.line(x - d, y + d, x + d, y - d, color="white", lw=2.4)
                    c.register(f"hazard:{i}:{r}:{k}", box=(x - cell * 0.28, y - cell * 0.28, x + cell * 0.28,
                                                           y + cell * 0.28))
        sx, sy = centre(0, path[0])[0], top + rows * cell + 23
        pts = [(sx, sy)] + [centre(r, k) for r, k in enumerate(path)] + [(centre(rows - 1, path[-1])[0], y0 + 44)]
        col = PATH_RGB[i % len(PATH_RGB)]
        c.polyline(pts, color=(0.08, 0.08, 0.12), lw=6.5)
        c.polyline(pts, color=col, lw=3.5)
        c.circle(sx, sy, 10, fill=(0.95, 0.35, 0.45), stroke=(0.10, 0.10, 0.12), lw=2.5)
        if not state["labels"]:
            for r, k in sorted(coins):
                x, y = centre(r, k)
                c.circle(x, y, cell * 0.2, fill=COIN, stroke=(0.62, 0.45, 0.05), lw=1.5, id=f"coin:{r}:{k}")
        else:
            c.circle(x0 + 14, y0 + 14, 11, fill="white", stroke=(0.10, 0.10, 0.12), lw=1.5)
            c.text(x0 + 14, y0 + 14, lab, size=13, bold=True, color="black")


SCENE = LaneRunner()
task = SCENE.task

RULE = ("The runner moves one row per step towards the finish, staying in its lane or switching diagonally to the "
        "next lane.")


@task("path_coin_count", answer="integer", annotation="point_set",
      ops="filtering,counting,logical_composition,spatial_relations,topology")
def path_coin_count(q):
    t = q.target(COIN_SUPPORT[q.difficulty], stratified=True)

    def plant(st, rng):
        cells = [(r, k) for r in range(st["rows"]) for k in range(st["lanes"])]
        for _ in range(TRIES):
            st["paths"] = [random_path(rng, st["lanes"], st["rows"])]
            n = int(rng.integers(max(t, len(cells) // 4), len(cells) * 3 // 5 + 1))
            st["coins"] = sorted([list(cells[int(i)]) for i in rng.permutation(len(cells))[:n]])
            if len(coins_on(st, st["paths"][0])) == t:
                return st
        return st

    s = q.edit(plant)
    got = coins_on(s, s["paths"][0])
    q.require(len(got) == t, "coin count off target")
    return q.answer(len(got), witnesses=[f"coin:{r}:{k}" for r, k in got],
                    question=(f"The picture shows a runner game track with coins in some cells and one drawn path from "
                              f"the start marker to the finish band. {RULE} How many coins lie in the cells the path "
                              "passes through?"))


@task("safe_path_label", answer="option_letter", annotation="bbox", ops="topology")
def safe_path_label(q):
    letter = q.target(LETTERS[:6], stratified=True)
    k = max(4, LETTERS.index(letter) + 1)    # the original offers 4 cards at the median, up to 6

    def plant(st, rng):
        lanes, rows = st["lanes"], st["rows"]
        cells = [(r, x) for r in range(rows) for x in range(lanes)]
        for _ in range(TRIES):
            n = int(rng.integers(max(2, rows // 3), rows // 2 + 2))
            st["hazards"] = sorted([list(cells[int(i)]) for i in rng.permutation(len(cells))[:n]])
            safe, bad = None, []
            for _ in range(60):
                p = random_path(rng, lanes, rows)
                h = hits(st, p)
                if not h and safe is None:
                    safe = p
                elif h and p not in bad and len(bad) < k - 1:
                    bad.append(p)
            if safe is not None and len(bad) == k - 1:
                at = LETTERS.index(letter)
                st["paths"] = bad[:at] + [safe] + bad[at:]
                st["labels"] = list(LETTERS[:k])
                st["coins"] = []
                return st
        return st

    s = q.edit(plant)
    q.require(len(s["labels"]) == k, "no safe-path set")
    safe = [lab for p, lab in zip(s["paths"], s["labels"]) if not hits(s, p)]
    q.require(len(safe) == 1, "not exactly one safe path")
    q.offer(k, "image")
    return q.answer(safe[0], witnesses=f"card:{safe[0]}",
                    question=("The picture shows lettered cards, each with the same runner game track and its hazard "
                              f"cells (marked with a cross) and one candidate path. {RULE} Which card's path reaches "
                              "the finish without entering a hazard cell?"),
                    examples=[x for x in s["labels"] if x != safe[0]])
