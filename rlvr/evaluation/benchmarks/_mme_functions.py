"""MME-Reasoning's deterministic answer checks (VLMEvalKit a8b12bf1 ``vlmeval/dataset/utils/mme_reasoning.py``,
``mme_reasoning_eval_functions``), written from their behaviour.

Each check takes the judge's extraction (JSON-decoded, or the raw string for ``choice_function`` and the
24-points check), the row's answer and, for the puzzle checks, its ``special_info``. It returns a bool, or
raises where the reference's function raises -- the dedicated scorer records that as an evaluator failure
and the whole slice fails (``run_mme_reasoning_eval._run_score_impl``). Checks 1 and 2 and the 24-points
check catch every error and return False, as the reference's do.
"""

from __future__ import annotations

import re
from collections import defaultdict

from ..common.pyeval import EvalError, py_eval

LETTERS = "ABCDEFGHIJKLMNOPQRS"


def _has_keys(d, keys) -> bool:
    present = d.keys()
    return all(k in present for k in keys)


def _line_sums(d, lines, target) -> bool:
    for line in lines:
        total = 0
        for key in line:
            total += d[key]
        if total != target:
            return False
    return True


def _distinct_sums(keys: str, values: set, lines: list, target: int):
    """Checks 3, 4, 6, 7, 9: every key present, the values exactly ``values``, each line summing to ``target``."""
    def check(d, answer=None):
        if not _has_keys(d, keys):
            return False
        if set(d.values()) != values:
            return False
        return _line_sums(d, lines, target)
    return check


def function_1(d, answer=None):
    try:
        if not _has_keys(d, "ABC"):
            return False
        return d["A"] / d["B"] == 3 and d["C"] / d["B"] == 2
    except Exception:  # noqa: BLE001 - the reference's bare except
        return False


def function_2(d, answer=None):
    try:
        if not _has_keys(d, "ABCDEF"):
            return False
        return (d["A"] + d["B"] + d["C"] == 25 and d["C"] + d["E"] + d["F"] == 25
                and d["A"] + d["D"] + d["F"] == 25)
    except Exception:  # noqa: BLE001 - the reference's bare except
        return False


function_3 = _distinct_sums(LETTERS[:15], set(range(1, 16)),
                            ["ADEH", "CEGH", "IGJH", "NMJH", "OMHL", "KLHF", "BFHD"], 30)
function_4 = _distinct_sums(LETTERS[:9], set(range(1, 10)), ["ABED", "BCEF", "DEGH", "EFHI", "BDHF", "ACIG"], 20)
function_6 = _distinct_sums(LETTERS[:19], set(range(1, 20)),
                            ["AJS", "CJQ", "EJO", "GJM", "IJK", "LJH", "NJF", "PJD", "RJB"], 30)
function_7 = _distinct_sums(LETTERS[:12], set(range(1, 13)), ["ACFH", "ADGK", "BCDE", "HIJK", "BFIL", "EGJL"], 26)
function_9 = _distinct_sums(LETTERS[:19], set(range(1, 20)),
                            ["ABC", "ADH", "AEJ", "CFJ", "CGL", "HIJ", "HMQ", "JKL", "JNQ", "JOS", "LPS", "QRS"], 22)


def function_5(d, answer=None):
    if not _has_keys(d, LETTERS[:17]):
        return False
    values = list(d.values())
    if any(v not in [20, 15, 10, 5] for v in values):
        return False
    counts: dict = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    if counts.get(20, 0) > 5 or counts.get(15, 0) > 3 or counts.get(10, 0) > 3 or counts.get(5, 0) > 6:
        return False
    return _line_sums(d, ["ABC", "AGO", "OPQ", "CKQ", "ADINQ", "CFILO", "BEIMP", "GHIJK"], 55)


def function_8(d, answer=None):
    if not _has_keys(d, LETTERS[:13]):
        return False
    values = list(d.values())
    if any(v < 1 or v > 15 for v in values):
        return False
    if len(values) != len(set(values)):
        return False
    return _line_sums(d, ["ABC", "AFK", "BDE", "BEH", "CHM", "DGJ", "EGI", "FIL", "HJI", "KLM"], 20)


def function_10(d, answer=None):
    if not _has_keys(d, "ABCDEF"):
        return False
    if set(d.values()) != set(range(1, 7)):
        return False
    return d["A"] + d["B"] + d["D"] == d["D"] + d["E"] + d["F"] == d["A"] + d["C"] + d["F"]


def function_11(d, answer=None):
    if not _has_keys(d, "ABCDEFG"):
        return False
    if set(d.values()) != {1, 2, 3, 5, 7, 8}:
        return False
    return (d["A"] + d["C"] + 9 == 19 and d["B"] + d["C"] + d["D"] == 19 and d["F"] + d["E"] + d["D"] == 19
            and d["E"] + d["G"] + 6 == 19)


def function_12(d, answer=None):
    """CAT + DOG == PETS with the letters' digits."""
    if not _has_keys(d, "ACTDOGPETS"):
        return False
    cat = d["C"] * 100 + d["A"] * 10 + d["T"]
    dog = d["D"] * 100 + d["O"] * 10 + d["G"]
    pets = d["P"] * 1000 + d["E"] * 100 + d["T"] * 10 + d["S"]
    return cat + dog == pets


def _as_set(v):
    return set(v) if isinstance(v, list) else v


def match_answer(d, answer):
    """Every key of the answer mapping has the same value in the response (lists compared as sets)."""
    return all(_as_set(d.get(key, None)) == _as_set(value) for key, value in answer.items())


def match_coordinate(response, answer):
    """The response's cells, in order, equal the answer's (a single dict answer is one cell)."""
    if isinstance(answer, dict):
        answer = [answer]
    return [str(c["row"]) + str(c["column"]) for c in response] == [str(c["row"]) + str(c["column"]) for c in answer]


def multiple_match(d, answers):
    """The response's one value is one of the accepted answers (lists compared as sets)."""
    if len(d) != 1:
        raise AssertionError("multiple_match_function expects one key")
    value = list(d.values())[0]
    if isinstance(value, list):
        return set(value) in [set(a) for a in answers]
    return value in answers


def compare_expression(d, answers):
    """The left-hand side of the extracted equation has the same head as one answer's and, for sums and
    products, the same set of argument strings (sympy.parse_expr with evaluate=False)."""
    import sympy

    expr = sympy.parse_expr(d["equation"].split("=")[0], evaluate=False)
    for eq in answers:
        other = sympy.parse_expr(eq.split("=")[0], evaluate=False)
        if expr.func != other.func:
            continue
        if expr.func in (sympy.Add, sympy.Mul):
            if len(expr.args) == len(other.args) and {str(a) for a in expr.args} == {str(a) for a in other.args}:
                return True
        elif expr == other:
            return True
    return False


def choice(response, answer):
    """Comma-separated option sets compared as sets; a gold list is joined with commas first."""
    try:
        answer = py_eval(answer)
    except EvalError:
        pass
    answer = ",".join(answer) if isinstance(answer, list) else str(answer)
    return {a.strip() for a in response.split(",")} == {a.strip() for a in answer.split(",")}


def _coord(cell):
    return ord(cell[0]) - ord("a"), int(cell[1:])


def hashi(bridges, answer=None, special_info=None):
    """Bridges between existing islands, orthogonal, at most two per pair, every island's count met, and no
    cell crossed by two bridge runs."""
    if bridges is None or special_info is None or len(bridges) == 0:
        return False
    islands = special_info["init_islands"]
    if any(b["start"] == b["end"] for b in bridges):
        return False
    need = {i["cord"]: i["requirement"] for i in islands}
    count, pairs = defaultdict(int), defaultdict(int)
    for b in bridges:
        start, end, number = b["start"], b["end"], b["number"]
        if start not in need or end not in need:
            return False
        (sx, sy), (ex, ey) = _coord(start), _coord(end)
        if sx != ex and sy != ey:
            return False
        pair = tuple(sorted([start, end]))
        pairs[pair] += number
        if pairs[pair] > 2:
            return False
        count[start] += number
        count[end] += number
    if any(count[cell] != n for cell, n in need.items()):
        return False
    used = set()
    for b in bridges:
        (sx, sy), (ex, ey) = _coord(b["start"]), _coord(b["end"])
        if sx == ex:
            cells = [(sx, y) for y in range(min(sy, ey) + 1, max(sy, ey))]
        elif sy == ey:
            cells = [(x, sy) for x in range(min(sx, ex) + 1, max(sx, ex))]
        else:
            cells = []
        for cell in cells:
            if cell in used:
                return False
            used.add(cell)
    return True


def _base_kept(grid, base, n) -> bool:
    return all(base[i][j] is None or base[i][j] == grid[i][j] for i in range(n) for j in range(n))


def _latin(grid, n) -> bool:
    return all(len(set(grid[i])) == n and len({row[i] for row in grid}) == n for i in range(n))


def _visible(line, target) -> bool:
    seen, top = 1, line[0]
    for v in line[1:]:
        if v > top:
            seen, top = seen + 1, v
    return seen == target


def skyscraper(grid, answer=None, special_info=None):
    """Pre-filled cells kept, a Latin square, and the visible-tower clues from top, left, right, bottom."""
    if grid is None or special_info is None or len(grid) == 0:
        return False
    clues = special_info["visible_skyscrapers"]
    base = special_info["base_matrix"]
    n = len(base)
    if not _base_kept(grid, base, n) or not _latin(grid, n):
        return False
    cols = [[grid[j][i] for j in range(len(grid))] for i in range(len(grid[0]))]
    views = (lambda k: cols[k], lambda k: grid[k], lambda k: grid[k][::-1], lambda k: cols[k][::-1])
    for side, line in enumerate(views):          # clues seen from the top, left, right, bottom
        for k, h in enumerate(clues[side]):
            if h is not None and not _visible(line(k), h):
                return False
    return True


def _sudoku(n, box_rows, box_cols):
    def check(grid, answer=None, special_info=None):
        if grid is None or special_info is None or len(grid) == 0:
            return False
        try:
            if not isinstance(grid, list) or len(grid) != n or not all(len(row) == n for row in grid):
                return False
            if not _base_kept(grid, special_info["base_matrix"], n):
                return False
            if not _latin(grid, n):
                return False
            for r0 in range(0, n, box_rows):
                for c0 in range(0, n, box_cols):
                    box = [grid[r][c] for r in range(r0, r0 + box_rows) for c in range(c0, c0 + box_cols)]
                    if len(set(box)) != n:
                        return False
            return True
        except (ValueError, SyntaxError):
            return False
    return check


sudoku_4 = _sudoku(4, 2, 2)
sudoku_6 = _sudoku(6, 2, 3)


def _connected(grid, value) -> bool:
    rows, cols = len(grid), len(grid[0])
    cells = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == value]
    if not cells:
        return True
    seen, stack = {cells[0]}, [cells[0]]
    while stack:
        r, c = stack.pop()
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < rows and 0 <= nc < cols and (nr, nc) not in seen and grid[nr][nc] == value:
                seen.add((nr, nc))
                stack.append((nr, nc))
    return len(seen) == len(cells)


def _block(grid, value) -> bool:
    return any(grid[r][c] == value and grid[r][c + 1] == value and grid[r + 1][c] == value
               and grid[r + 1][c + 1] == value for r in range(len(grid) - 1) for c in range(len(grid[0]) - 1))


def yinyang(grid, answer=None, special_info=None):
    """6x6, pre-placed stones kept, each colour one orthogonally connected group, no monochrome 2x2 block."""
    if grid is None or special_info is None or len(grid) == 0:
        return False
    if not isinstance(grid, list) or len(grid) != 6 or any(len(row) != 6 for row in grid):
        return False
    if not _base_kept(grid, special_info["base_matrix"], 6):
        return False
    if not _connected(grid, 0) or not _connected(grid, 1):
        return False
    return not (_block(grid, 0) or _block(grid, 1))


def points24(response, answer=None, special_info=None):
    """The formula's left side evaluates to 24 and uses exactly the cards' numbers."""
    left = response.replace(" ", "").split("=")[0]
    try:
        if py_eval(left) != 24:
            return False
        numbers = sorted(int(x) for x in re.findall(r"\d+", left))
        cards = special_info["init_cards"]
        cards.sort()
        return numbers == cards
    except Exception:  # noqa: BLE001 - the reference's bare except
        return False


FUNCTIONS = {
    "calculate_answer_function_1": function_1, "calculate_answer_function_2": function_2,
    "calculate_answer_function_3": function_3, "calculate_answer_function_4": function_4,
    "calculate_answer_function_5": function_5, "calculate_answer_function_6": function_6,
    "calculate_answer_function_7": function_7, "calculate_answer_function_8": function_8,
    "calculate_answer_function_9": function_9, "calculate_answer_function_10": function_10,
    "calculate_answer_function_11": function_11, "calculate_answer_function_12": function_12,
    "match_answer_function": match_answer, "multiple_match_function": multiple_match,
    "compare_expression_function": compare_expression, "match_coordinate_function": match_coordinate,
    "choice_function": choice, "calculate_answer_function_hashi": hashi,
    "calculate_answer_function_skyscraper": skyscraper, "calculate_answer_function_sudoku_4": sudoku_4,
    "calculate_answer_function_sudoku_6": sudoku_6, "calculate_answer_function_yinyang": yinyang,
    "judge_24points_function": points24,
}

#: checks that take the row's special_info
SPECIAL = frozenset({"calculate_answer_function_hashi", "calculate_answer_function_skyscraper",
                     "calculate_answer_function_sudoku_4", "calculate_answer_function_sudoku_6",
                     "calculate_answer_function_yinyang", "judge_24points_function"})
