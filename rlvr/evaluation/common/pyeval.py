"""What Python's ``eval`` gives for a literal or arithmetic expression, without running ``eval``.

Several reference scorers call ``eval`` on answer texts (MathVision's ``is_equal`` on the judge's extraction
and the gold answer, MME-Reasoning's ``choice_function`` and answer parsing, its 24-points check on the
model's formula). We reproduce the values ``eval`` returns for what such texts hold -- numbers, strings,
``True``/``False``/``None``, lists/tuples/sets/dicts, arithmetic, comparisons and boolean operators, with
Python's own operator semantics (``2^3`` is XOR, ``1/3`` a float) -- and raise :class:`EvalError` for
anything else (names, attribute access, calls other than a few pure builtins when ``builtins=True``), where
``eval`` would raise or run code. Results too large to compute (``9**9**9``) raise too: the reference
would hang or time out there.
"""

from __future__ import annotations

import ast
import operator

MAX_POWER = 10_000          # |exponent| above this (with |base| > 1) is refused
MAX_REPEAT = 1_000_000      # sequence repetition / shift counts above this are refused


class EvalError(Exception):
    """``eval`` would raise (or would run code we refuse to run). Not a ValueError: callers that mirror a
    reference's ``except ValueError`` around ``eval`` must not swallow it."""


class EvalSyntaxError(EvalError):
    """``eval`` would raise SyntaxError (the text is not an expression)."""


_BIN = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
        ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: operator.pow,
        ast.LShift: operator.lshift, ast.RShift: operator.rshift, ast.BitOr: operator.or_,
        ast.BitXor: operator.xor, ast.BitAnd: operator.and_, ast.MatMult: operator.matmul}
_UNARY = {ast.UAdd: operator.pos, ast.USub: operator.neg, ast.Not: operator.not_, ast.Invert: operator.invert}
_CMP = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
        ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Is: operator.is_, ast.IsNot: operator.is_not,
        ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b}
_BUILTINS = {"abs": abs, "round": round, "min": min, "max": max, "sum": sum, "len": len, "int": int,
             "float": float, "pow": pow}


def _number(v) -> bool:
    return isinstance(v, (int, float, complex))


def _guard(op, a, b) -> None:
    if op is ast.Pow and _number(a) and _number(b):
        try:
            big_exp = abs(b) > MAX_POWER
            big_base = abs(a) > 1
        except TypeError:
            return
        if big_exp and big_base:
            raise EvalError("power too large to evaluate")
    if op in (ast.LShift,) and isinstance(b, int) and b > MAX_REPEAT:
        raise EvalError("shift too large to evaluate")
    if op is ast.Mult:
        for seq, n in ((a, b), (b, a)):
            if isinstance(seq, (str, bytes, list, tuple)) and isinstance(n, int) and n * max(1, len(seq)) > MAX_REPEAT:
                raise EvalError("repetition too large to evaluate")


class _Eval:
    def __init__(self, builtins: bool):
        self.builtins = builtins

    def __call__(self, node):
        method = getattr(self, "_" + type(node).__name__, None)
        if method is None:
            raise EvalError(f"{type(node).__name__} is not evaluated")
        return method(node)

    def _Expression(self, node):
        return self(node.body)

    def _Constant(self, node):
        return node.value

    def _Tuple(self, node):
        return tuple(self(e) for e in node.elts)

    def _List(self, node):
        return [self(e) for e in node.elts]

    def _Set(self, node):
        return {self(e) for e in node.elts}

    def _Dict(self, node):
        if any(k is None for k in node.keys):
            raise EvalError("dict unpacking is not evaluated")
        return {self(k): self(v) for k, v in zip(node.keys, node.values)}

    def _UnaryOp(self, node):
        return _UNARY[type(node.op)](self(node.operand))

    def _BinOp(self, node):
        a, b = self(node.left), self(node.right)
        _guard(type(node.op), a, b)
        return _BIN[type(node.op)](a, b)

    def _BoolOp(self, node):
        value = None
        for expr in node.values:
            value = self(expr)
            if isinstance(node.op, ast.And) and not value:
                return value
            if isinstance(node.op, ast.Or) and value:
                return value
        return value

    def _Compare(self, node):
        left = self(node.left)
        for op, comp in zip(node.ops, node.comparators):
            right = self(comp)
            if not _CMP[type(op)](left, right):
                return False
            left = right
        return True

    def _IfExp(self, node):
        return self(node.body) if self(node.test) else self(node.orelse)

    def _Subscript(self, node):
        return self(node.value)[self(node.slice)]

    def _Slice(self, node):
        part = (lambda n: None if n is None else self(n))
        return slice(part(node.lower), part(node.upper), part(node.step))

    def _Name(self, node):
        if self.builtins and node.id in _BUILTINS:
            return _BUILTINS[node.id]
        raise EvalError(f"name {node.id!r} is not defined")

    def _Call(self, node):
        func = self(node.func)
        if func not in _BUILTINS.values() or node.keywords:
            raise EvalError("calls are not evaluated")
        return func(*[self(a) for a in node.args])


def py_eval(text, *, builtins: bool = True):
    """``eval(text)`` for a string holding a literal/arithmetic expression; :class:`EvalError` otherwise.
    ``builtins=False`` is ``eval(text, {"__builtins__": {}}, {})`` (no calls at all)."""
    if not isinstance(text, str):
        raise EvalError(f"eval() arg 1 must be a string, not {type(text).__name__}")
    try:
        tree = ast.parse(text.lstrip(" \t"), mode="eval")
    except (SyntaxError, ValueError, MemoryError, RecursionError) as e:
        raise EvalSyntaxError(f"not an expression ({type(e).__name__})") from None
    try:
        return _Eval(builtins)(tree)
    except EvalError:
        raise
    except (ArithmeticError, TypeError, ValueError, KeyError, IndexError, MemoryError, RecursionError) as e:
        raise EvalError(f"{type(e).__name__}: {e}") from None


def literal_or_eval(value, *, builtins: bool = False):
    """The reference's ``ast.literal_eval(value)``, falling back to ``eval(value, {"__builtins__": {}}, {})``;
    a non-string is returned as it is. Raises :class:`EvalError` where both fail."""
    if not isinstance(value, str):
        return value
    try:
        return ast.literal_eval(value)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return py_eval(value, builtins=builtins)
