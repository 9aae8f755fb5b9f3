"""symbolic/truth_table: truth tables of Boolean expressions written with ! (NOT), & (AND), | (OR) and
^ (XOR).  The table lists every row of the inputs (A first, counting up in binary); a task fills
the output column P, leaves it blank under its expression, or leaves it out and offers lettered
cards: expressions (W-Z) of which one produces the shown column, or six top-to-bottom output
patterns of which one is the expression's.

Expressions nest with explicit parentheses: an operand that is itself an AND, OR or XOR of other
terms is always bracketed, so no precedence rule is needed.  Difficulty grows the inputs (A-B,
A-C, A-D: 4, 8, 16 rows) and the expressions (2-3, 2-4, 3-5 variable occurrences).
"""

from __future__ import annotations

from itertools import product

from tracegen.core.options import insert_at
from tracegen.core.task import Scene
from tracegen.kits.cards import card_grid, draw_card, rounded_rect

W, H = 1040, 720
NAMES = {1: "AB", 2: "ABC", 3: "ABCD"}
LEAVES = {1: (2, 3), 2: (2, 4), 3: (3, 5)}
SYM = {"and": "&", "or": "|", "xor": "^"}
NOTATION = ("In the table 1 means true and 0 false; ! is NOT, & is AND, | is OR and ^ is XOR (exclusive or), "
            "and bracketed parts are evaluated first.")


# ---------------------------------------------------------------------------- expressions
def random_expr(rng, names: str, leaves: int):
    """A random expression tree with ``leaves`` variable occurrences: ["var", name], ["not", e] or
    [op, e1, e2, ...] (op and/or/xor, never directly inside the same op).  The variables are used
    in turn (in a random order) before any repeats."""
    order = [names[int(i)] for i in rng.permutation(len(names))]
    return _build(rng, [order[k % len(order)] for k in range(leaves)])


def _build(rng, leaves):
    if len(leaves) == 1:
        leaf = ["var", leaves[0]]
        return ["not", leaf] if rng.random() < 0.25 else leaf
    op = ("and", "or", "xor")[int(rng.choice(3, p=[0.4, 0.4, 0.2]))]
    parts = 3 if len(leaves) >= 3 and op != "xor" and rng.random() < 0.3 else 2
    cuts = sorted(int(v) for v in rng.choice(range(1, len(leaves)), size=parts - 1, replace=False))
    kids = []
    for a, b in zip([0] + cuts, cuts + [len(leaves)]):
        kid = _build(rng, leaves[a:b])
        kids += kid[1:] if kid[0] == op else [kid]
    tree = [op] + kids
    return ["not", tree] if rng.random() < 0.15 else tree


def normal(t):
    """``t`` with double negations dropped and an operand of the same operator merged into it."""
    if t[0] == "var":
        return t
    if t[0] == "not":
        inner = normal(t[1])
        return inner[1] if inner[0] == "not" else ["not", inner]
    kids = []
    for k in t[1:]:
        k = normal(k)
        kids += k[1:] if k[0] == t[0] else [k]
    return [t[0]] + kids


def redundant(t) -> bool:
    """Whether an operator node has the same variable twice among its direct operands (C^C, A|!A)."""
    if t[0] == "var":
        return False
    if t[0] == "not":
        return redundant(t[1])
    names = [k[1] if k[0] == "var" else k[1][1] for k in t[1:] if k[0] == "var" or (k[0] == "not" and k[1][0] == "var")]
    return len(names) != len(set(names)) or any(redundant(k) for k in t[1:])


def expr_text(t, nested: bool = False) -> str:
    if t[0] == "var":
        return t[1]
    if t[0] == "not":
        inner = expr_text(t[1])
        return "!" + inner if t[1][0] in ("var", "not") else f"!({inner})"
    text = SYM[t[0]].join(expr_text(k, True) for k in t[1:])
    return f"({text})" if nested else text


def evaluate(t, env) -> int:
    if t[0] == "var":
        return env[t[1]]
    if t[0] == "not":
        return 1 - evaluate(t[1], env)
    vals = [evaluate(k, env) for k in t[1:]]
    if t[0] == "and":
        return int(all(vals))
    if t[0] == "or":
        return int(any(vals))
    return sum(vals) % 2


def rows(names: str) -> list[dict]:
    return [dict(zip(names, bits)) for bits in product((0, 1), repeat=len(names))]


def column(t, names: str) -> list[int]:
    return [evaluate(t, env) for env in rows(names)]


def mutations(rng, t, names: str) -> list:
    """Near variants of ``t``: one operator changed, one variable renamed, one negation added or
    removed."""
    out = []

    def walk(node, rebuild):
        if node[0] == "var":
            for v in names:
                if v != node[1]:
                    out.append(rebuild(["var", v]))
            out.append(rebuild(["not", node]))
            return
        if node[0] == "not":
            out.append(rebuild(node[1]))
            walk(node[1], lambda n: rebuild(["not", n]))
            return
        for op in SYM:
            if op != node[0]:
                out.append(rebuild([op] + node[1:]))
        for i, kid in enumerate(node[1:], start=1):
            walk(kid, lambda n, i=i: rebuild(node[:i] + [n] + node[i + 1:]))

    walk(t, lambda n: n)
    return [normal(out[int(i)]) for i in rng.permutation(len(out))]


def pattern_text(bits: str) -> str:
    """An output pattern as drawn: 16 digits in groups of four, shorter ones as they are."""
    return " ".join(bits[i:i + 4] for i in range(0, len(bits), 4)) if len(bits) > 8 else bits


class TruthTable(Scene):
    domain, scene_id, size = "symbolic", "truth_table", (W, H)
    megapixels = (0.78, 1.02)
    description = ("A truth table of Boolean inputs with an output column P (filled, blank under its expression, "
                   "or left out) beside lettered expression cards or output-pattern cards.")

    def sample(self, rng, difficulty):
        names = NAMES[difficulty]
        return {"level": difficulty, "names": names, "layout": "", "expr": random_expr(rng, names, 2),
                "options": [], "output": []}

    # ------------------------------------------------------------------ drawing
    def render(self, c, state, params):
        layout = state["layout"]
        if layout == "count":
            head = "P = " + expr_text(state["expr"])
            self._table(c, state, (W - 600) / 2, 50, extra=(head, max(190.0, c.text_width(head, size=18) + 40)))
        elif layout == "rows":
            self._table(c, state, 50, 50, extra=("P", 70.0), values=state["output"])
            for k, (x, y, bw, bh) in enumerate(card_grid(470, 100, W - 520, 4, cols=1, h=78, gap=44)):
                draw_card(c, (x, y, bw, bh), "WXYZ"[k], None, id=f"option:{'WXYZ'[k]}")
                c.text(x + bw / 2 + 14, y + bh / 2, expr_text(state["options"][k]), size=24, kind="option")
        else:
            self._table(c, state, 50, 50)
            x0 = 80 + 90 + 60 * len(state["names"])
            rounded_rect(c, x0, 50, W - x0 - 40, 76, radius=12, fill="paper", stroke="ink", lw=1.5, id="expression")
            c.text(x0 + (W - x0 - 40) / 2, 88, "P = " + expr_text(state["expr"]), size=24)
            for k, (x, y, bw, bh) in enumerate(card_grid(x0, 170, W - x0 - 40, 6, cols=2, h=118, gap=40)):
                draw_card(c, (x, y, bw, bh), "ABCDEF"[k], pattern_text(state["options"][k]), size=24,
                          id=f"option:{'ABCDEF'[k]}")

    @staticmethod
    def _table(c, state, x0, y0, *, extra=None, values=None):
        names = state["names"]
        n = 2 ** len(names)
        widths = [60.0] + [60.0] * len(names) + ([extra[1]] if extra else [])
        heads = ["#"] + list(names) + ([extra[0]] if extra else [])
        rh = min(64.0, (H - y0 - 40) / (n + 1))
        size = 20 if rh >= 40 else 16
        xs = [x0]
        for w in widths:
            xs.append(xs[-1] + w)
        c.rect(x0, y0, xs[-1] - x0, rh, fill="panel")
        for k, head in enumerate(heads):
            c.text((xs[k] + xs[k + 1]) / 2, y0 + rh / 2, head, size=size, bold=True)
        for i, env in enumerate(rows(names)):
            y = y0 + (i + 1) * rh
            if i % 2:
                c.rect(x0, y, xs[-1] - x0, rh, fill="background")
            c.register(f"row:{i}", box=(x0, y, xs[-1], y + rh))
            cells = [str(i + 1)] + [str(env[v]) for v in names]
            if extra:
                cells.append("" if values is None else str(values[i]))
            for k, text in enumerate(cells):
                if text:
                    c.text((xs[k] + xs[k + 1]) / 2, y + rh / 2, text, size=size)
        bottom = y0 + (n + 1) * rh
        for x in xs:
            c.line(x, y0, x, bottom, color="ink", lw=1.2)
        for i in range(n + 2):
            c.line(x0, y0 + i * rh, xs[-1], y0 + i * rh, color="ink", lw=2.0 if i in (0, 1, n + 1) else 1.0)
        c.register("table", box=(x0, y0, xs[-1], bottom))


SCENE = TruthTable()
task = SCENE.task


def _expression(q, s, r, accept, tries=300):
    """A random expression of the level's size whose column passes ``accept``."""
    lo, hi = LEAVES[s["level"]]
    for _ in range(tries):
        t = random_expr(r, s["names"], int(r.integers(lo, hi + 1)))
        col = column(t, s["names"])
        if 0 < sum(col) < len(col) and not redundant(t) and accept(col):
            return t
    q.reject("no expression with the wanted column")


# ---------------------------------------------------------------------- tasks
@task("expression_from_rows_label", answer="string", annotation="bbox",
      ops="logical_composition,formula_evaluation,matching")
def expression_from_rows_label(q):
    q.offer(4, "image")
    letter = q.target("WXYZ", stratified=True)

    def edit(s, r):
        names = s["names"]
        t = _expression(q, s, r, lambda col: True)
        cols = [column(t, names)]
        wrong = []
        for cand in mutations(r, t, names) + [random_expr(r, names, 3) for _ in range(20)]:
            col = column(cand, names)
            if col not in cols and 0 < sum(col) < len(col) and not redundant(cand):
                cols.append(col)
                wrong.append(cand)
            if len(wrong) == 3:
                break
        q.require(len(wrong) == 3, "too few expressions with other columns")
        s.update(layout="rows", expr=t, output=cols[0], options=insert_at(letter, t, wrong, "WXYZ"))
        return s

    s = q.edit(edit)
    hits = [k for k, e in enumerate(s["options"]) if column(e, s["names"]) == s["output"]]
    q.require(len(hits) == 1, "not exactly one matching expression")
    label = "WXYZ"[hits[0]]
    q.step("evaluate_options", columns=[column(e, s["names"]) for e in s["options"]])
    return q.answer(label, witnesses=f"option:{label}", examples=list("WXYZ"),
                    question=(f"The image shows a truth table over the inputs {', '.join(s['names'])} with a completed "
                              f"output column P, beside four expression cards labelled W, X, Y and Z. {NOTATION} "
                              "Which expression produces column P, read from top to bottom? Answer with its label."))


@task("satisfying_row_count", answer="integer", annotation="bbox_set",
      ops="filtering,counting,logical_composition,formula_evaluation")
def satisfying_row_count(q):
    n_rows = 2 ** len(NAMES[q.difficulty])
    t = q.target(range(1, n_rows), stratified=True)

    def edit(s, r):
        s.update(layout="count", expr=_expression(q, s, r, lambda col: sum(col) == t))
        return s

    s = q.edit(edit)
    col = column(s["expr"], s["names"])
    true_rows = [i for i, v in enumerate(col) if v]
    q.step("evaluate_rows", column=col)
    return q.answer(len(true_rows), witnesses=[f"row:{i}" for i in true_rows],
                    question=(f"The image shows a truth table over the inputs {', '.join(s['names'])} whose output "
                              f"column is blank under the expression P written in its header. {NOTATION} For how many "
                              "rows of the table is P true?"))


@task("truth_pattern_label", answer="string", annotation="bbox",
      ops="logical_composition,formula_evaluation,matching")
def truth_pattern_label(q):
    q.offer(6, "image")
    letter = q.target("ABCDEF", stratified=True)

    def edit(s, r):
        names = s["names"]
        t = _expression(q, s, r, lambda col: True)
        right = "".join(map(str, column(t, names)))
        pool = ["".join(map(str, column(m, names))) for m in mutations(r, t, names)[:8]]
        pool += [right[::-1], "".join("1" if ch == "0" else "0" for ch in right)]
        flips = [right[:i] + ("1" if right[i] == "0" else "0") + right[i + 1:] for i in range(len(right))]
        pool += [flips[int(i)] for i in r.permutation(len(flips))]
        wrong = [p for p in dict.fromkeys(pool) if p != right][:5]
        q.require(len(wrong) == 5, "too few distinct patterns")
        s.update(layout="pattern", expr=t, options=insert_at(letter, right, wrong))
        return s

    s = q.edit(edit)
    right = "".join(map(str, column(s["expr"], s["names"])))
    k = s["options"].index(right)
    q.step("evaluate_rows", pattern=right)
    return q.answer("ABCDEF"[k], witnesses=f"option:{'ABCDEF'[k]}", examples=list("ABCDEF"),
                    question=(f"The image shows a truth table over the inputs {', '.join(s['names'])}, an expression P "
                              f"and six lettered cards of {2 ** len(s['names'])}-digit output patterns"
                              f"{' (in groups of four)' if len(s['names']) > 3 else ''}. {NOTATION} Which "
                              "card lists P's value on every row of the table, from the top row to the bottom? Answer "
                              "with the card's letter."))
