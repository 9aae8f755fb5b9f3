"""Point-and-line boards (alquerque, hunt games): pieces stand on points joined by drawn links.

A board is a set of points, the drawn links between neighbouring points, and the board's *lines* --
straight rows, columns, diagonals, diameters, or closed circles -- as ordered point sequences.  The
moves of the game family:

* a step goes along one drawn link to an adjacent empty point;
* a capture jumps along a line over the adjacent point, which holds an opposing piece, to the empty
  point right after it on the same line; both links of the jump must be drawn.

States are JSON-native: points are ids, links ``[a, b]`` pairs, lines ``{"pts": [...], "closed": bool}``.
``build_around`` plants a marked piece whose step or capture count is a given target.
"""

from __future__ import annotations


def link_set(links):
    return {frozenset(ln) for ln in links}


def neighbours(links, p):
    return sorted({q for a, b in links for q in (a, b) if p in (a, b) and q != p})


def steps(links, occupied, p):
    """Empty points one drawn link away from p."""
    return [q for q in neighbours(links, p) if q not in occupied]


def jump_lines(lines, p):
    """(over, land) pairs of every straight jump from p along the board's lines (links not checked)."""
    out = []
    for ln in lines:
        pts, closed = ln["pts"], ln["closed"]
        n = len(pts)
        for i, q in enumerate(pts):
            if q != p:
                continue
            for d in (1, -1):
                a, b = i + d, i + 2 * d
                if closed:
                    a, b = a % n, b % n
                    if n < 3 or b == i:
                        continue
                elif not (0 <= a < n and 0 <= b < n):
                    continue
                out.append((pts[a], pts[b]))
    return sorted(set(out))


def jumps(lines, links, sides, p):
    """Landing points of p's captures: over an opposing piece to the empty point beyond, both links drawn.
    ``sides`` maps occupied points to their side."""
    ls = link_set(links)
    me = sides[p]
    return sorted({land for over, land in jump_lines(lines, p)
                   if frozenset((p, over)) in ls and frozenset((over, land)) in ls
                   and over in sides and sides[over] != me and land not in sides})


def build_around(rng, points, lines, links, want, t, n_pieces, marked_side="hunter", other="prey"):
    """Sides {point: side} with a marked point (returned first) whose ``want`` count ("step" or "jump") is t,
    or None.  The marked piece's neighbourhood is decided first, then the other pieces go elsewhere."""
    p = points[int(rng.integers(len(points)))]
    sides = {p: marked_side}
    fixed = {p}
    ls = link_set(links)
    if want == "step":
        nb = neighbours(links, p)
        if len(nb) < t:
            return None
        free = {nb[int(i)] for i in rng.permutation(len(nb))[:t]}
        for q in nb:
            fixed.add(q)
            if q not in free:
                sides[q] = other
    else:
        cand = [(o, l) for o, l in jump_lines(lines, p) if frozenset((p, o)) in ls and frozenset((o, l)) in ls]
        if len(cand) < t:
            return None
        order = [cand[int(i)] for i in rng.permutation(len(cand))]
        for k, (o, l) in enumerate(order):
            if o in fixed or l in fixed:
                if k < t:
                    return None
                continue
            fixed.update((o, l))
            if k < t:
                sides[o] = other
            elif rng.random() < 0.5:   # blocked: something to jump over, but no room behind it
                sides[o] = other
                sides[l] = other
        for q in neighbours(links, p):   # steps are free to vary
            if q not in fixed and rng.random() < 0.5:
                sides[q] = other
                fixed.add(q)
    rest = [q for q in points if q not in fixed]
    for i in rng.permutation(len(rest))[:max(0, n_pieces - len(sides))]:
        sides[rest[int(i)]] = other
    occupied = set(sides)
    count = len(steps(links, occupied, p)) if want == "step" else len(jumps(lines, links, sides, p))
    return (p, sides) if count == t else None


def move_or_swap(rng, c, full, empty, move, sides):
    """One random edit of a piece list ``c`` (a point's side letter, "." when empty), returned as a string:
    when ``move`` (and both lists are non-empty) a random piece of ``full`` goes to a random point of ``empty``;
    otherwise a random ``sides[0]`` piece and a random ``sides[1]`` piece trade places."""
    if move and full and empty:
        a, b = full[int(rng.integers(len(full)))], empty[int(rng.integers(len(empty)))]
        c[a], c[b] = ".", c[a]
    else:
        x = [i for i in full if c[i] == sides[0]]
        y = [i for i in full if c[i] == sides[1]]
        if x and y:
            a, b = x[int(rng.integers(len(x)))], y[int(rng.integers(len(y)))]
            c[a], c[b] = sides[1], sides[0]
    return "".join(c)


def search(rng, cells, score, mutate, steps):
    """Random descent from ``cells``: keep ``mutate(rng, cells)`` whenever ``score`` does not rise; the
    first state scoring 0, or None when ``steps`` edits do not reach one."""
    cur, best = cells, score(cells)
    for _ in range(steps):
        if best == 0:
            return cur
        nxt = mutate(rng, cur)
        v = score(nxt)
        if v <= best:
            cur, best = nxt, v
    return cur if best == 0 else None


def marked_sides(state):
    """{point: side} of a state with ``pieces`` (prey) and one ``marked`` piece (the hunter)."""
    out = {p: "prey" for p in state["pieces"]}
    out[state["marked"]] = "hunter"
    return out


def planted_moves(q, support, place, want, board):
    """For a task counting the marked piece's moves: plant a position whose ``want`` count ("step" or "jump")
    is the drawn target, through ``place(state, rng, want, t)``; ``board(state)`` gives (lines, links).
    Returns the state and the sorted destination points."""
    t = q.target(support, stratified=True)
    s = q.edit(lambda st, rng: place(st, rng, want, t))
    q.require(s["marked"] is not None, "no position")
    lines, links = board(s)
    sides = marked_sides(s)
    got = jumps(lines, links, sides, s["marked"]) if want == "jump" else steps(links, set(sides), s["marked"])
    q.require(len(got) == t, ("capture" if want == "jump" else "step") + " count off target")
    return s, got


def draw_points(c, state, points, xy, hunter, prey, empty, arm):
    """Draw every point of the board (``xy(state, p)`` gives its centre) as a disc tagged ``pt:<p>``: the
    marked piece with a gold X of half-width ``arm``, the other pieces, and the empty points.  ``hunter``,
    ``prey`` and ``empty`` are (radius, fill, stroke, line width) styles."""
    occupied = marked_sides(state)
    for p in points:
        x, y = xy(state, p)
        if p == state["marked"]:
            r, fill, stroke, lw = hunter
            c.circle(x, y, r, fill=fill, stroke=stroke, lw=lw, id=f"pt:{p}")
            c.line(x - arm, y - arm, x + arm, y + arm, color=(0.98, 0.80, 0.25), lw=lw)
            c.line(x - arm, y + arm, x + arm, y - arm, color=(0.98, 0.80, 0.25), lw=lw)
        else:
            r, fill, stroke, lw = prey if p in occupied else empty
            c.circle(x, y, r, fill=fill, stroke=stroke, lw=lw, id=f"pt:{p}")
