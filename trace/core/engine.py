"""One instance: seed -> semantic state -> task program -> render -> annotation -> prompt -> record.

Also ``replay``: re-run a task program on the state and parameters stored in its execution
trace, re-render, and check that answer, annotation and image agree with the record.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass, field

from .. import __version__
from . import annotation as ann
from . import claims as claims_mod
from . import prompt as prompt_mod
from .canonical import normalise, sha256_bytes, sha256_json
from ..reward import make_contract
from .canvas import Canvas, frame_pixels
from .seeds import instance_seed, stream
from .style import Style, draw_style
from .task import Query, Reject, Solution, TaskSpec

RECORD_SCHEMA_VERSION = 1
# The size knob (``size`` of plan/generate): semantic states drawn per attempt, ranked by state_size.
SIZE_CANDIDATES = 4


class GenerationError(RuntimeError):
    def __init__(self, task_id: str, reasons: Counter):
        top = ", ".join(f"{k}×{v}" for k, v in reasons.most_common(5))
        super().__init__(f"{task_id}: no valid state after {sum(reasons.values())} attempts ({top})")
        self.reasons = reasons


@dataclass
class Plan:
    """Everything about an instance that is decided before drawing (see ``plan``)."""

    root: int
    query_id: str
    difficulty: int
    state: dict
    query: Query
    solution: Solution
    attempt: int
    rejections: Counter
    style: Style
    size: tuple          # logical content size
    scale: float
    answer: object       # the normalised answer value
    prompts: dict

    @property
    def pixel_size(self) -> tuple[int, int]:
        """The exported image size, without drawing."""
        return pixel_size(self.style, self.size, self.scale)


@dataclass
class Instance:
    record: dict
    trace: dict
    canvas: Canvas
    attempts: int
    rejections: Counter = field(default_factory=Counter)
    encoded: bytes | None = None  # the PNG bytes, once encoded (generate(encode=True) hashes them)
    solution: Solution | None = None  # the task program's result (read values, options offered)

    @property
    def reads(self) -> tuple:
        """Values the task reads through a visual encoding (``Query.reads``)."""
        return self.solution.reads if self.solution else ()

    def png(self) -> bytes:
        if self.encoded is None:
            self.encoded = self.canvas.to_png()
        return self.encoded


def reward_contract(spec: TaskSpec) -> dict:
    return make_contract(spec.answer_type, spec.annotation_type)


def versions(spec: TaskSpec) -> dict:
    return {"tracegen": __version__, "record_schema": RECORD_SCHEMA_VERSION, "task": spec.version}


def render(spec: TaskSpec, state: dict, params: dict, style: Style, scale: float, size=None) -> Canvas:
    """Draw a state; ``size`` is the logical content size (the scene's own when not given)."""
    w, h = size or spec.scene.canvas_size(state)
    c = Canvas(w, h, style, scale)
    spec.scene.render(c, state, params)
    c.finish()
    return c


def claims_of(spec: TaskSpec, state: dict, params: dict, sol: Solution) -> list:
    """Every claim about the drawing an instance's prompt relies on: the scene's and the task's."""
    return list(spec.scene.claims(state, params)) + list(sol.claims)


def prompt_problems(spec: TaskSpec, state: dict, params: dict, sol: Solution, canvas: Canvas) -> list[str]:
    """Where the drawing contradicts the prompt: claims the canvas does not bear out, and colour or
    line-style words of the question no claim states (see ``core.claims``)."""
    cl = claims_of(spec, state, params, sol)
    return claims_mod.check(canvas.entities, cl) + claims_mod.unbacked(sol.question, cl)


def draw_render_style(spec: TaskSpec, state: dict, root: int, *, max_side: int | None = None,
                      megapixels: float | None = None):
    """The instance's render-only style, logical content size and final render scale.

    ``megapixels`` pins the exported image area (benchmarks at matched sizes); ``max_side``
    caps the longest side.  Neither touches the semantic streams.
    """
    scene = spec.scene
    mp = (megapixels, megapixels) if megapixels else scene.megapixels
    style, size, scale = draw_style(stream(root, "style"), stream(root, "noise"), size=scene.canvas_size(state),
                                    megapixels=mp, aspect_pad=scene.aspect_pad, fluid=scene.fluid,
                                    allow_noise=scene.allow_noise)
    fw, fh = style.frame_size(*size)
    if megapixels:
        scale = round((megapixels * 1e6 / (fw * fh)) ** 0.5, 4)
    if max_side:
        scale = min(scale, max_side / max(fw, fh))
    return style, size, scale


def pixel_size(style: Style, size, scale: float) -> tuple[int, int]:
    """The exported image size (what ``Canvas`` allocates), without drawing."""
    return frame_pixels(style, size, scale)


def identity_payload(record: dict) -> dict:
    """The model-facing content whose sha256 is the instance id (see docs in README)."""
    return {
        "task": record["task"],
        "prompts": record["prompts"],
        "images": [{"sha256": im["sha256"], "width": im["width"], "height": im["height"]}
                   for im in record["images"]],
        "answer_gt": record["answer_gt"],
        "annotation_gt": record["annotation_gt"],
        "reward_contract": record["reward_contract"],
        "versions": record["versions"],
    }


def instance_id(record: dict) -> str:
    return sha256_json(identity_payload(record))


def state_size(state) -> int:
    """How much a semantic state holds, whatever the scene: its number of scalar leaves (marks, nodes,
    labels, values ...).  Ranks the candidates of the size knob."""
    if isinstance(state, dict):
        return sum(state_size(v) for v in state.values())
    if isinstance(state, (list, tuple)):
        return sum(state_size(v) for v in state)
    return 1


def _sample_state(spec: TaskSpec, root: int, difficulty: int, attempt: int, size: float | None) -> dict:
    """The attempt's semantic state.  With ``size`` (0..1, the knob within a difficulty level) the scene
    draws ``SIZE_CANDIDATES`` states at the level and the one at that quantile of ``state_size`` is
    kept: 0 the smallest, 1 the largest.  Without it (the default) one state, as always.  (``_solve`` drops
    the knob after the first quarter of its attempts.)"""
    if size is None:
        return normalise(spec.scene.sample(stream(root, "semantic", attempt), difficulty))
    if not 0.0 <= float(size) <= 1.0:
        raise ValueError(f"{spec.task_id}: size {size} is not in [0, 1]")
    k = SIZE_CANDIDATES
    cands = [normalise(spec.scene.sample(stream(root, "semantic", attempt * k + j), difficulty)) for j in range(k)]
    order = sorted(range(k), key=lambda j: (state_size(cands[j]), j))
    return cands[order[int(float(size) * (k - 1) + 0.5)]]


def _solve(spec: TaskSpec, root: int, *, difficulty, query_id, max_attempts, stratum=None, size=None):
    """Choose difficulty and query, then rejection-sample a state the task program accepts.

    ``difficulty``: ``None`` is the level matching the original generator (``spec.original_difficulty``), an
    int pins a level, a list draws one of its levels per instance (a seeded stream of its own)."""
    if difficulty is None:
        difficulty = spec.original_difficulty
    if isinstance(difficulty, (list, tuple)):
        levels = [d for d in spec.difficulties if d in difficulty]
        if not levels:
            raise ValueError(f"{spec.task_id}: none of difficulties {difficulty} in {list(spec.difficulties)}")
        difficulty = levels[int(stream(root, "difficulty").integers(len(levels)))]
    elif difficulty not in spec.difficulties:
        raise ValueError(f"{spec.task_id}: difficulty {difficulty} not in {list(spec.difficulties)}")
    if query_id is None:
        query_id = spec.queries[int(stream(root, "query").integers(len(spec.queries)))]
    elif query_id not in spec.queries:
        raise ValueError(f"{spec.task_id}: query id {query_id!r} not in {list(spec.queries)}")
    rejections: Counter = Counter()
    for attempt in range(max_attempts):
        # the knob is a preference: once a quarter of the attempts are spent (a target the preferred sizes cannot
        # reach, e.g. a count above the smallest states' object count) states are drawn as without it, so
        # a knob never fails a task a default build generates
        state = _sample_state(spec, root, difficulty, attempt, size if attempt < max_attempts // 4 else None)
        q = Query(state=state, query_id=query_id, difficulty=difficulty, rng=stream(root, "params", attempt),
                  balance_rng=functools.partial(stream, root, "balance"), stratum=stratum)
        try:
            sol = spec.fn(q)
        except Reject as r:
            rejections[r.reason] += 1
            continue
        return query_id, difficulty, state, q, sol, attempt, rejections
    raise GenerationError(spec.task_id, rejections)


def solve_only(spec: TaskSpec, *, seed: int, split: str, index: int, difficulty: int | None = None,
               query_id: str | None = None, max_attempts: int = 200, size: float | None = None):
    """Sample and solve without rendering (answer-balance checks, quick statistics).

    Returns (query_id, difficulty, state, params, solution), exactly what ``generate`` computes.
    """
    root = instance_seed(seed, spec.task_id, split, index)
    query_id, difficulty, state, q, sol, _, _ = _solve(spec, root, difficulty=difficulty, query_id=query_id,
                                                       max_attempts=max_attempts,
                                                       stratum=(seed, spec.task_id, split, index), size=size)
    return query_id, difficulty, state, q.params, sol


def plan(spec: TaskSpec, *, seed: int, split: str, index: int, difficulty: int | None = None,
         query_id: str | None = None, max_side: int | None = None, max_attempts: int = 200, salt: int = 0,
         megapixels: float | None = None, size: float | None = None) -> Plan:
    """Everything ``generate`` decides before drawing: state, solution, style, size, prompts.

    Cheap (no rendering); ``tracegen stats`` computes its figures from plans, and ``generate``
    renders exactly the plan this returns.
    """
    root = instance_seed(seed, spec.task_id, split, index, salt)
    query_id, difficulty, state, q, sol, attempt, rejections = _solve(
        spec, root, difficulty=difficulty, query_id=query_id, max_attempts=max_attempts,
        stratum=(seed, spec.task_id, split, index), size=size)
    style, size, scale = draw_render_style(spec, state, root, max_side=max_side, megapixels=megapixels)
    answer_value = normalise(sol.answer)
    map_keys = list(sol.witnesses) if ann.split_type(spec.annotation_type)[1] in ("map", "set_map") else ()
    prompts = prompt_mod.realize(sol.question, spec.answer_type, spec.annotation_type, answer_value,
                                 stream(root, "prompt"), rounding=sol.rounding, examples=sol.examples,
                                 map_keys=map_keys, hint=sol.hint)
    return Plan(root=root, query_id=query_id, difficulty=difficulty, state=state, query=q, solution=sol,
                attempt=attempt, rejections=rejections, style=style, size=tuple(size), scale=scale,
                answer=answer_value, prompts=prompts)


def generate(spec: TaskSpec, *, seed: int, split: str, index: int, difficulty: int | None = None,
             query_id: str | None = None, max_side: int | None = None, max_attempts: int = 200,
             image_path: str | None = None, salt: int = 0, encode: bool = True,
             megapixels: float | None = None, size: float | None = None) -> Instance:
    p = plan(spec, seed=seed, split=split, index=index, difficulty=difficulty, query_id=query_id,
             max_side=max_side, max_attempts=max_attempts, salt=salt, megapixels=megapixels, size=size)
    knob = size  # ``size`` is the content size below
    root, query_id, difficulty, state, q, sol = p.root, p.query_id, p.difficulty, p.state, p.query, p.solution
    attempt, rejections, style, size, scale = p.attempt, p.rejections, p.style, p.size, p.scale
    answer_value, prompts = p.answer, p.prompts
    canvas = render(spec, state, q.params, style, scale, size)
    annotation_value = ann.build(spec.annotation_type, sol.witnesses, canvas.entities)
    png = canvas.to_png() if encode else None
    png_sha = sha256_bytes(png) if encode else None
    record = {
        "instance_id": None,
        "instance_seed": root,
        "dataset_seed": seed,
        "split": split,
        "index": index,
        "domain": spec.domain,
        "task": spec.task_id,
        "scene_id": spec.scene_id,
        "query_id": query_id,
        "scene_variant": spec.scene.variant(state),
        "difficulty": difficulty,
        "images": [{"path": image_path or f"images/{spec.task_id}/{split}-{index:06d}.png",
                    "sha256": png_sha, "width": canvas.px_width, "height": canvas.px_height}],
        "prompts": prompts,
        "answer_gt": {"type": spec.answer_type, "value": answer_value},
        "annotation_gt": {"type": spec.annotation_type, "value": annotation_value},
        "reward_contract": reward_contract(spec),
        "trace_ref": None,
        "versions": versions(spec),
    }
    if encode:
        record["instance_id"] = instance_id(record)
    ids = ann.witness_ids(spec.annotation_type, sol.witnesses)
    trace = {
        "instance_id": record["instance_id"],
        "task": spec.task_id,
        "instance_seed": root,
        "split": split,
        "index": index,
        "difficulty": difficulty,
        "query_id": query_id,
        "attempt": attempt,
        "state": state,
        "params": q.params,
        "question": sol.question,
        "render": {"size": list(size), "scale": scale, "style": style.to_json()},
        "steps": normalise(q.steps),
        "witnesses": normalise(sol.witnesses),
        "witness_geometry": {i: canvas.entities[i] for i in ids},
        "answer": answer_value,
        "annotation": annotation_value,
    }
    if knob is not None:
        trace["size_knob"] = knob
    return Instance(record=record, trace=trace, canvas=canvas, attempts=attempt + 1, rejections=rejections,
                    encoded=png, solution=sol)


def replay(record: dict, trace: dict, spec: TaskSpec) -> dict:
    """Re-derive answer, annotation and image from an execution trace with ``spec``, the record's task
    (``registry.get(record["task"])``); report agreement."""
    q = Query(state=trace["state"], query_id=trace["query_id"], difficulty=trace["difficulty"],
              params=dict(trace["params"]), replay=True)
    sol = spec.fn(q)
    rs = trace["render"]
    canvas = render(spec, trace["state"], trace["params"], Style.from_json(rs["style"]), rs["scale"], rs["size"])
    annotation_value = ann.build(spec.annotation_type, sol.witnesses, canvas.entities)
    answer_value = normalise(sol.answer)
    image_sha = sha256_bytes(canvas.to_png())
    return {
        "answer": answer_value == record["answer_gt"]["value"] == trace["answer"],
        "annotation": annotation_value == record["annotation_gt"]["value"] == trace["annotation"],
        "image": image_sha == record["images"][0]["sha256"],
        "question": sol.question == trace["question"] and sol.question in record["prompts"]["answer_only"],
        "prompt": not prompt_problems(spec, trace["state"], trace["params"], sol, canvas),
    }
