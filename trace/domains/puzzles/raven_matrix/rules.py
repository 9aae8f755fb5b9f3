"""puzzles/raven_matrix, the six rule tasks: each builds its nine cells (the answer last) and the
candidates a solver who half-applies the rule would pick."""

from __future__ import annotations

from . import scene as rm

task = rm.SCENE.task


# ---------------------------------------------------------------------- attribute analogy
VARY = {1: ("size",), 2: ("size", "count", "turn"), 3: ("size", "count", "turn", "fill")}
N_VARY = {1: 1, 2: 2, 3: 3}
VALUES = {"size": (0, 1, 2), "count": (1, 2, 3), "turn": (0, 1, 2, 3), "fill": rm.FILLS}
DEFAULT = {"size": 1, "count": 1, "turn": 0, "fill": "solid"}


@task("raven_analogical_transform_label", answer="option_letter", annotation="bbox", ops="transformation,matching")
def raven_analogical_transform_label(q):
    def make(s, r):
        d = s["level"]
        attrs = [VARY[d][int(i)] for i in r.permutation(len(VARY[d]))][:N_VARY[d]]
        pool = rm.TURNABLE if "turn" in attrs else rm.SHAPES
        shapes = [pool[int(i)] for i in r.permutation(len(pool))[:3]]
        steps = {a: int(r.choice([1, -1])) if d > 1 else 1 for a in attrs}
        starts = {a: [int(v) for v in r.permutation(len(VALUES[a]))[:3]] for a in attrs}
        cells = []
        for row in range(3):
            for col in range(3):
                cell = {"shape": shapes[row], "color": s["palette"][row], **DEFAULT}
                for a in attrs:
                    cell[a] = rm.cyc(VALUES[a], starts[a][row], steps[a], col)
                cells.append(cell)
        s.update(kind="shapes", cells=cells, attrs=attrs)

    def candidates(s, r):
        ans = s["cells"][8]
        out = [{**ans, a: v} for a in s["attrs"] for v in VALUES[a] if v != ans[a]]
        out = [out[int(i)] for i in r.permutation(len(out))]
        out += [{**ans, "shape": s["cells"][k]["shape"]} for k in (0, 3)]
        out += [{**ans, "color": s["cells"][k]["color"]} for k in (0, 3)]
        return out

    return rm.finish(q, make, candidates, "In every row the same attributes of the shape change in the same way "
                     "from column to column.", lambda s: {"analogy": s["attrs"]})


# ---------------------------------------------------------------------- count progression
def random_on(r, n, k):
    return sorted(int(v) for v in r.choice(n * n, size=k, replace=False))


@task("raven_count_progression_label", answer="option_letter", annotation="bbox",
      ops="counting,formula_evaluation,matching")
def raven_count_progression_label(q):
    def make(s, r):
        d = s["level"]
        n = 3 if d < 3 else 4
        step = int(r.choice([1, -1] if d == 1 else [1, -1, 2, -2]))
        lo, hi = 1, n * n - 1
        bases = [b for b in range(lo, hi + 1) if lo <= b + 2 * step <= hi]
        rows = [int(b) for b in r.choice(bases, size=3, replace=False)]
        color = s["palette"][0]
        s.update(kind="grids", n=n, step=step, cells=[
            {"grid": n, "on": random_on(r, n, rows[row] + step * col), "color": color}
            for row in range(3) for col in range(3)])

    def candidates(s, r):
        ans, n = s["cells"][8], s["n"]
        k = len(ans["on"])
        counts = [k + dk for dk in (1, -1, s["step"], -s["step"], 2, -2, 3) if 0 < k + dk < n * n]
        return [{**ans, "on": random_on(r, n, m)} for m in dict.fromkeys(counts)]

    return rm.finish(q, make, candidates, "Each cell is a small grid with some squares filled; the number of "
                     "filled squares follows a rule across each row.", lambda s: {"count_step": s["step"]})


# ---------------------------------------------------------------------- feature binding
@task("raven_feature_binding_label", answer="option_letter", annotation="bbox", ops="matching")
def raven_feature_binding_label(q):
    def make(s, r):
        d = s["level"]
        shapes = [rm.SHAPES[int(i)] for i in r.permutation(len(rm.SHAPES))[:3]]
        colors = s["palette"][:3]
        sh_shift = 0 if d == 1 else int(r.choice([1, 2]))
        co_shift = int(r.choice([1, 2])) if d == 3 else 0
        co_col = int(r.choice([1, 2])) if d == 3 else 0          # colour also moves along the row
        sizes = [int(v) for v in r.permutation(3)] if d > 1 else [1, 1, 1]
        fills = [rm.FILLS[int(v)] for v in r.permutation(3)] if d == 3 else ["solid"] * 3
        cells = [{"shape": shapes[(col + sh_shift * row) % 3],
                  "color": colors[(row * (1 if co_col == 0 else co_shift) + co_col * col) % 3],
                  "size": sizes[col], "count": 1, "turn": 0, "fill": fills[row]}
                 for row in range(3) for col in range(3)]
        s.update(kind="shapes", cells=cells, shapes=shapes, colors=colors)

    def candidates(s, r):
        ans = s["cells"][8]
        out = [{**ans, "shape": sh} for sh in s["shapes"]] + [{**ans, "color": co} for co in s["colors"]]
        out += [{**ans, "size": z} for z in (0, 1, 2)] + [{**ans, "fill": f} for f in rm.FILLS]
        out = [out[int(i)] for i in r.permutation(len(out))]
        return out + [{**ans, "shape": sh, "color": co} for sh in s["shapes"] for co in s["colors"]]

    return rm.finish(q, make, candidates, "Each visual property (shape, colour, size, fill) follows its own "
                     "pattern over the rows and columns.", lambda s: {"binding": "rows, columns, latin"})


# ---------------------------------------------------------------------- position progression
MOVES = {1: ((0, 1), (0, -1), (1, 0), (-1, 0)), 2: ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1),
                                                     (-1, -1)),
         3: ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))}


def starts_for(n, move):
    dr, dc = move
    return [(rr, cc) for rr in range(n) for cc in range(n) if 0 <= rr + 2 * dr < n and 0 <= cc + 2 * dc < n]


@task("raven_position_progression_label", answer="option_letter", annotation="bbox",
      ops="transformation,matching")
def raven_position_progression_label(q):
    def make(s, r):
        d = s["level"]
        n = 3 if d == 1 else 4
        n_mark = 1 if d < 3 else 2
        moves = [MOVES[d][int(i)] for i in r.choice(len(MOVES[d]), size=n_mark, replace=False)]
        rows = []
        for _ in range(3):
            rows.append([starts_for(n, m)[int(r.integers(len(starts_for(n, m))))] for m in moves])
        cells = []
        for row in range(3):
            for col in range(3):
                pos = [(a + col * m[0]) * n + (b + col * m[1]) for (a, b), m in zip(rows[row], moves)]
                q.require(len(set(pos)) == len(pos), "two markers on one square")
                cells.append(marker_cell(n, pos, s["palette"]))
        s.update(kind="grids", n=n, moves=[list(m) for m in moves], cells=cells, starts=[[list(p) for p in rw]
                                                                                         for rw in rows])

    def candidates(s, r):
        n, ans = s["n"], s["cells"][8]
        pos = marker_positions(ans)
        out = []
        for j, p in enumerate(pos):
            rr, cc = divmod(p, n)
            dr, dc = s["moves"][j]
            near = [((rr + dr) % n, (cc + dc) % n), (rr - dr, cc - dc), (rr + dc, cc + dr), (rr - dc, cc - dr),
                    (n - 1 - rr, cc), (rr, n - 1 - cc), (rr + 1, cc), (rr - 1, cc), (rr, cc + 1), (rr, cc - 1)]
            for a, b in near:
                if 0 <= a < n and 0 <= b < n and a * n + b not in pos:
                    out.append(marker_cell(n, pos[:j] + [a * n + b] + pos[j + 1:], s["palette"]))
        if len(pos) == 2:
            out.insert(1, marker_cell(n, pos[::-1], s["palette"]))
        return out

    return rm.finish(q, make, candidates, f"In each row {'the markers move' if q.difficulty == 3 else 'the marker moves'} "
                     "the same way from column to column, never wrapping around the grid's edge.",
                     lambda s: {"moves": s["moves"]})


def marker_cell(n, pos, palette):
    cell = {"grid": n, "on": [pos[0]], "color": palette[0]}
    if len(pos) > 1:
        cell["marks"] = [{"at": p, "shape": "circle", "color": palette[1]} for p in pos[1:]]
    return cell


def marker_positions(cell):
    return cell["on"][:1] + [m["at"] for m in cell.get("marks", [])]


# ---------------------------------------------------------------------- set operations
SET_OPS = {1: ("union", "intersection"), 2: ("union", "intersection", "symmetric difference"),
           3: ("union", "intersection", "symmetric difference", "difference")}
ALL_OPS = SET_OPS[3]


def set_op(op, a, b):
    a, b = set(a), set(b)
    return sorted({"union": a | b, "intersection": a & b, "symmetric difference": a ^ b,
                   "difference": a - b}[op])


@task("raven_set_operation_label", answer="option_letter", annotation="bbox", ops="logical_composition,matching")
def raven_set_operation_label(q):
    def make(s, r):
        d = s["level"]
        n = d + 2
        op = SET_OPS[d][int(r.integers(len(SET_OPS[d])))]
        color = s["palette"][0]
        cells = []
        for _ in range(3):
            a = random_on(r, n, int(r.integers(n * n // 3, n * n // 2 + 2)))
            b = random_on(r, n, int(r.integers(n * n // 3, n * n // 2 + 2)))
            cells += [{"grid": n, "on": a, "color": color}, {"grid": n, "on": b, "color": color},
                      {"grid": n, "on": set_op(op, a, b), "color": color}]
        consistent = [o for o in ALL_OPS if all(set_op(o, cells[3 * k]["on"], cells[3 * k + 1]["on"])
                                                == cells[3 * k + 2]["on"] for k in range(2))]
        q.require(consistent == [op], "the first two rows do not single out the operation")
        q.require(bool(cells[8]["on"]), "empty answer")
        s.update(kind="grids", n=n, op=op, cells=cells)

    def candidates(s, r):
        a, b, ans = s["cells"][6]["on"], s["cells"][7]["on"], s["cells"][8]
        out = [{**ans, "on": set_op(o, a, b)} for o in ALL_OPS if o != s["op"]]
        out = [o for o in out if o["on"]] + [{**ans, "on": set_op("difference", b, a)}]
        n = s["n"]
        for k in [int(v) for v in r.permutation(n * n)]:
            out.append({**ans, "on": sorted(set(ans["on"]) ^ {k})})
        return out

    return rm.finish(q, make, candidates, "Each cell is a small grid of filled squares; in every row the third "
                     "cell combines the filled squares of the first two the same way.",
                     lambda s: {"set_operation": s["op"]})


# ---------------------------------------------------------------------- quarter turns
def rotate(on, n, quarter):
    """Filled squares turned ``quarter`` quarter turns clockwise."""
    out = set(on)
    for _ in range(quarter % 4):
        out = {(k % n) * n + (n - 1 - k // n) for k in out}
    return sorted(out)


def mirror(on, n):
    return sorted((k // n) * n + (n - 1 - k % n) for k in on)


def transpose(on, n):
    return sorted((k % n) * n + k // n for k in on)


@task("raven_spatial_transform_label", answer="option_letter", annotation="bbox", ops="transformation,matching")
def raven_spatial_transform_label(q):
    def make(s, r):
        d = s["level"]
        n = 3 if d < 3 else 4
        turn = 1 if d == 1 else int(r.choice([1, 3]))
        color = s["palette"][0]
        cells = []
        for _ in range(3):
            base = random_on(r, n, int(r.integers(3, n * n // 2 + 1)))
            views = {tuple(rotate(base, n, k)) for k in range(4)} | {tuple(mirror(base, n)), tuple(transpose(base, n))}
            q.require(len(views) == 6, "a symmetric pattern")
            cells += [{"grid": n, "on": rotate(base, n, turn * k), "color": color} for k in range(3)]
        s.update(kind="grids", n=n, turn=turn, cells=cells)

    def candidates(s, r):
        n, ans, prev = s["n"], s["cells"][8], s["cells"][7]["on"]
        return [{**ans, "on": v} for v in (mirror(ans["on"], n), rotate(prev, n, -s["turn"]), rotate(prev, n, 2),
                                          transpose(ans["on"], n), prev)]

    return rm.finish(q, make, candidates, "Each cell is a small grid pattern; along each row the pattern turns "
                     "the same way from column to column.", lambda s: {"quarter_turns_clockwise": s["turn"]})
