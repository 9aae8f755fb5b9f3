"""Declaring scenes and tasks.

A *scene* is a sampler of semantic state plus a renderer::

    class SingleSeries(Scene):
        domain, scene_id, size = "charts", "single_series", (640, 480)
        description = "One data series over labelled x positions."
        def sample(self, rng, difficulty): ...      # -> JSON-native dict
        def render(self, c, state, params): ...     # draws on a Canvas, registers entity ids

    SCENE = SingleSeries()

A *task* is a short program over one scene, declared with ``SCENE.task(...)``::

    @SCENE.task("threshold_value_count", answer="integer", annotation="point_set",
                ops="filtering,counting,comparison",
                queries=("above_threshold_count", "below_threshold_count"))
    def threshold_value_count(q):
        thr = q.param("threshold", lambda r: int(r.integers(10, 90)))
        ...
        return q.answer(n, witnesses=[...], question="How many ...?")

``q.param`` draws a task parameter from the instance's ``params`` stream during generation
and returns the recorded value on replay, so the same program re-derives the answer from the
execution trace.  ``q.reject(reason)`` asks the engine for a fresh semantic state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

_ATOMS = (str, int, float, bool, type(None))


def _copy_tree(obj):
    """A deep copy of a state (JSON-like dicts, lists and scalars, as ``normalise`` makes them) in a
    fraction of ``copy.deepcopy``'s time; anything else is deep-copied as usual."""
    t = type(obj)
    if t is dict:
        return {k: _copy_tree(v) for k, v in obj.items()}
    if t is list:
        return [_copy_tree(v) for v in obj]
    if t in _ATOMS:
        return obj
    import copy

    return copy.deepcopy(obj)


ANSWER_TYPES = ("integer", "number", "option_letter", "string")
ANNOTATION_BASES = ("point", "bbox", "segment")
ANNOTATION_TYPES = (
    "point", "point_set", "point_sequence", "point_map", "point_set_map",
    "bbox", "bbox_set", "bbox_sequence", "bbox_map", "bbox_set_map",
    "segment", "segment_set",
)
REASONING_OPS = (
    "aggregation", "comparison", "counting", "direct_retrieval", "filtering", "formula_evaluation",
    "logical_composition", "matching", "ranking", "spatial_relations", "state_update", "topology",
    "transformation",
)
DIFFICULTIES = (1, 2, 3)
#: The level whose instances have the original generator's distribution (sizes, numbers, object counts:
#: the two-sided bands of ``tracegen stats --compare``); what ``difficulty=None`` means. Level 1 is easier
#: and level 3 harder, for curricula.
ORIGINAL_LEVEL = 2


def original_level(levels) -> int:
    """The level of ``levels`` matching the original generator (:data:`ORIGINAL_LEVEL`, or the middle one)."""
    levels = list(levels)
    return ORIGINAL_LEVEL if ORIGINAL_LEVEL in levels else levels[len(levels) // 2]


class Reject(Exception):
    """Raised by a task program (via ``q.reject``) when a state would make the answer ambiguous."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass
class Solution:
    answer: Any
    witnesses: Any
    question: str
    rounding: int | None = None        # decimals, for number answers
    examples: tuple = ()               # plausible non-answers for the prompt's format example
    options: int | None = None         # multiple choice: how many options are offered ...
    options_in: str = ""               # ... and where: "prompt" (listed) or "image" (drawn)
    reads: tuple = ()                  # values read through a visual encoding (see Query.reads)
    hint: str | None = None            # answer-form sentence replacing the answer type's default
    claims: tuple = ()                 # what the question says entities look like (see Query.claim)


def retrying(fn, tries: int = 400):
    """An edit (``Query.edit``) that calls ``fn(state, rng)`` until it returns a state (not None), at most
    ``tries`` times on the same state and stream; if every try fails the state is returned as it is, for the
    task's own ``require`` to reject."""
    def run(state, rng):
        for _ in range(tries):
            out = fn(state, rng)
            if out is not None:
                return out
        return state
    return run


@dataclass
class Query:
    """What a task program sees: the state, the query id, and a recorder for params and steps."""

    state: dict
    query_id: str
    difficulty: int
    rng: Any = None                      # params stream (None on replay)
    balance_rng: Any = None              # one draw per instance, shared by all attempts (or a function
    #                                      making that generator, called when a target is first drawn)
    params: dict = field(default_factory=dict)
    replay: bool = False
    steps: list = field(default_factory=list)
    read_values: list = field(default_factory=list)
    offered: tuple | None = None         # (count, "prompt" | "image"), see ``offer``
    stratum: tuple | None = None         # (dataset seed, task id, split, index), see ``target``
    claims: list = field(default_factory=list)   # see ``claim``

    def param(self, name: str, draw: Callable[[Any], Any]):
        if name in self.params:
            return self.params[name]
        if self.replay:
            raise KeyError(f"trace has no recorded parameter {name!r}")
        from .canonical import normalise

        value = normalise(draw(self.rng))
        self.params[name] = value
        return value

    def choice(self, name: str, options):
        options = list(options)
        return self.param(name, lambda r: options[int(r.integers(len(options)))])

    def target(self, support, *, stratified: bool = False):
        """A target answer drawn uniformly from ``support`` once per instance (not per attempt).

        Tasks build states that reach it (see ``edit``) or reject until they do (``balance``),
        so answers are flat over the support instead of following the sampler's distribution.
        ``stratified=True`` (opt-in) spreads targets over consecutive instances instead of
        drawing each independently: instances ``k*n .. k*n+n-1`` of a build (n = the support's
        size) take every value once, in an order drawn from the dataset seed, task, split and
        ``k`` -- for a wide support (dates 1-31) that few instances would otherwise cover evenly.
        """
        support = list(support)
        if "balance_target" not in self.params:
            if self.replay:
                raise KeyError("trace has no recorded balance target")
            from .canonical import normalise

            if stratified and self.stratum is not None:
                from .seeds import instance_seed, stream

                dataset_seed, task_id, split, index = self.stratum
                block, pos = divmod(int(index), len(support))
                order = stream(instance_seed(dataset_seed, task_id, f"{split}#stratum", block), "balance")
                value = support[int(order.permutation(len(support))[pos])]
            else:
                if callable(self.balance_rng):   # made on first use: most instances never draw from it
                    self.balance_rng = self.balance_rng()
                value = support[int(self.balance_rng.integers(len(support)))]
            self.params["balance_target"] = normalise(value)
        return self.params["balance_target"]

    def balance(self, value, support):
        """Accept the state only if ``value`` equals the instance's target (see ``target``)."""
        self.require(value == self.target(support), "balance: answer differs from target")
        return value

    def edit(self, fn):
        """Task-specific construction on the sampled state, e.g. planting a target answer.

        During generation the state becomes ``fn(state, rng)``; the execution trace stores the
        edited state (what is rendered), so on replay the edit is already applied and skipped.
        """
        if not self.replay:
            from .canonical import normalise

            new = normalise(fn(_copy_tree(self.state), self.rng))
            self.state.clear()
            self.state.update(new)
        return self.state

    def reject(self, reason: str):
        raise Reject(reason)

    def require(self, condition: bool, reason: str) -> None:
        if not condition:
            raise Reject(reason)

    def step(self, op: str, **data) -> None:
        self.steps.append({"op": op, **data})

    def reads(self, *values):
        """Declare values the answer is computed from that the image conveys only through a
        visual encoding (axis position, colour scale, hand angle, length, area).  The image
        must not print them: the shortcut check (tests/taskcheck.py) fails when a drawn label
        equals one of them or the answer.  Returns the value (or the tuple of values)."""
        from .canonical import normalise

        self.read_values.extend(normalise(v) for v in values)
        return values[0] if len(values) == 1 else values

    def claim(self, entity: str | None, *, colour: str | None = None, shape: str | None = None,
              line: str | None = None, key: str | None = None, among: str | None = None,
              part: str | None = None) -> None:
        """State what the question says entity ``entity`` looks like: its ``colour`` word ("red",
        "dark"), ``shape``, ``line`` style ("dashed") or legend ``key`` (the id of the swatch it is
        matched by); ``among`` (an id prefix) adds that the property singles it out among those
        entities; ``entity=None`` names a colour as a category the image may show no member of.
        The framework checks every claim against the drawing under every style, and that every
        colour or line-style word of the question is claimed (``core.claims``)."""
        from .claims import Claim

        for prop, value in (("colour", colour), ("shape", shape), ("line", line), ("key", key)):
            if value is not None:
                self.claims.append(Claim(entity, prop, value, among=among, part=part))

    def offer(self, count: int, where: str) -> None:
        """Record a multiple-choice offer: ``count`` options, listed in the "prompt" or drawn in
        the "image" (``tracegen stats`` reports it next to the reference's)."""
        if where not in ("prompt", "image"):
            raise ValueError(f"options are offered in the 'prompt' or the 'image', not {where!r}")
        self.offered = (int(count), where)

    def answer(self, value, *, witnesses, question: str, rounding: int | None = None, examples=(),
               hint: str | None = None):
        """The solution.  ``hint`` replaces the answer type's default answer-form sentence of the
        prompt where it would mislead (a string answer that is not a label in the image, e.g. "8π")."""
        if rounding is not None:
            value = round_half_up(value, rounding)
        count, where = self.offered or (None, "")
        return Solution(answer=value, witnesses=witnesses, question=question, rounding=rounding,
                        examples=tuple(examples), options=count, options_in=where,
                        reads=tuple(self.read_values), hint=hint, claims=tuple(self.claims))


def round_half_up(value: float, decimals: int) -> float:
    from decimal import ROUND_HALF_UP, Decimal

    q = Decimal(1).scaleb(-decimals)
    return float(Decimal(repr(float(value))).quantize(q, rounding=ROUND_HALF_UP))


@dataclass
class TaskSpec:
    task_id: str
    scene: "Scene"
    objective: str
    fn: Callable[[Query], Solution]
    answer_type: str
    annotation_type: str
    ops: tuple[str, ...]
    queries: tuple[str, ...]
    difficulties: tuple[int, ...] = DIFFICULTIES
    version: int = 1

    @property
    def original_difficulty(self) -> int:
        return original_level(self.difficulties)

    @property
    def domain(self) -> str:
        return self.scene.domain

    @property
    def scene_id(self) -> str:
        return self.scene.scene_id

    def metadata(self) -> dict:
        return {
            "task_id": self.task_id, "domain": self.domain, "scene_id": self.scene_id,
            "objective": self.objective, "answer_type": self.answer_type,
            "annotation_type": self.annotation_type, "reasoning_operations": list(self.ops),
            "query_ids": list(self.queries), "difficulties": list(self.difficulties),
            "version": self.version,
        }


class Scene:
    domain: str = ""
    scene_id: str = ""
    size: tuple[int, int] = (512, 512)
    description: str = ""
    allow_noise: bool = True   # post-image noise is render-only; scenes that read fine pixels opt out
    # Render-only image size: the exported image area is drawn from ``megapixels`` (millions of
    # pixels; never below the logical size), the frame around the content widens or heightens
    # it by up to ``aspect_pad`` of its size, and a ``fluid`` scene lays out in the whole frame
    # (it reads ``c.width``/``c.height`` instead of a fixed size).  See ``style.draw_style``.
    megapixels: tuple[float, float] = (0.55, 1.1)
    aspect_pad: float = 0.3
    fluid: bool = False

    def __init__(self):
        self.tasks: dict[str, TaskSpec] = {}

    def sample(self, rng, difficulty: int) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def render(self, c, state: dict, params: dict) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def claims(self, state: dict, params: dict) -> list:
        """What the scene's prompts rely on about its drawing, as ``core.claims.Claim``s (white pieces
        are drawn white, a slice has its legend swatch's colour); checked with the task's own
        claims (``Query.claim``) under every style.  None by default."""
        return []

    def canvas_size(self, state: dict) -> tuple[int, int]:
        """Logical canvas size; scenes whose size depends on the state override this."""
        return self.size

    def variant(self, state: dict) -> str:
        return str(state.get("variant", "base"))

    def task(self, objective: str, *, answer: str, annotation: str, ops, queries=("single",),
             difficulties=DIFFICULTIES, version: int = 1):
        if answer not in ANSWER_TYPES:
            raise ValueError(f"{objective}: unknown answer type {answer!r}")
        if annotation not in ANNOTATION_TYPES:
            raise ValueError(f"{objective}: unknown annotation type {annotation!r}")
        ops_t = tuple(o.strip() for o in ops.split(",")) if isinstance(ops, str) else tuple(ops)
        bad = [o for o in ops_t if o not in REASONING_OPS]
        if bad:
            raise ValueError(f"{objective}: unknown reasoning operations {bad}")
        if len(tuple(difficulties)) < 3:
            raise ValueError(f"{objective}: a task needs at least 3 difficulty levels")

        def deco(fn):
            task_id = f"task_{self.domain}__{self.scene_id}__{objective}"
            self.tasks[task_id] = TaskSpec(task_id=task_id, scene=self, objective=objective, fn=fn,
                                           answer_type=answer, annotation_type=annotation, ops=ops_t,
                                           queries=tuple(queries), difficulties=tuple(difficulties),
                                           version=version)
            return fn

        return deco
