"""Per-task statistics (the task card) and the fidelity bands against the reference's figures.

``task_stats`` computes, from instances generated exactly as a default build does (difficulty None: the
original's level; no size cap), the columns of the reference's ``ref_task_stats.tsv``:
image sizes, answer spread and diversity, options offered, annotation elements, prompt
lengths, noise and background styles.  It draws plans (``engine.plan``), not images: the
exported image size is known before drawing, so no pixel is rendered or encoded.

``BANDS`` holds the fidelity bands (issue 19, item 1) as data; ``check`` applies them to one
task's figures and the reference's, ``compare`` lays them side by side with the direction of
each miss.  The CLI (``tracegen stats --compare``) and the tests share both.

``data/ref_task_stats.tsv`` (``REFERENCE``, the default of ``--compare``) is a verbatim copy of
the reference's ``catalog/ref_task_stats.tsv``: statistics of the original TRACE generator
(maveryn/trace at commit 5ef7944, ``generate_task(task_id, seed=k)`` for seeds 0..29) for the
1,000 catalog tasks of tranches 1-5; its columns are described in ``COLUMNS`` and the
reference's REF_STATS.md.
"""

from __future__ import annotations

import csv
import json
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from . import limits

COLUMNS = (
    "task_id", "tranche", "n_ok", "n_err", "width_min", "width_med", "width_max", "height_min", "height_med",
    "height_max", "n_distinct_sizes", "megapixels_med", "answer_type", "num_min", "num_med", "num_max",
    "n_distinct_answers", "top_answer_share", "top_answer", "options", "options_meta", "option_answers_seen",
    "annotation_type", "annot_elems_min", "annot_elems_med", "annot_elems_max", "prompt_len_med",
    "prompt_len_with_annotation_med", "noise_n", "noise_applied_share", "n_bg_styles", "n_query_ids",
    "n_scene_variants", "first_error",
)
REF_SEEDS = 30          # the reference's figures are over seeds 0..29
DEFAULT_SEED = 0        # our dataset seed for statistics (instances index 0..N-1 of split "train")


def _fmt(v) -> str:
    if v is None or v == "":
        return ""
    if isinstance(v, bool):
        return str(v)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if v == int(v) and abs(v) < 1e15:
            return str(int(v))
        return f"{round(v, 3):g}"
    return str(v)


def _spread(values) -> str:
    return f"{_fmt(min(values))}/{_fmt(statistics.median(values))}/{_fmt(max(values))}"


def _answer_text(v) -> str:
    return v if isinstance(v, str) else json.dumps(v)


def task_stats(task, seeds: int = REF_SEEDS, *, seed: int = DEFAULT_SEED, split: str = "train",
               max_side: int | None = None) -> dict:
    """One row of statistics over instances 0..seeds-1 of a default build (difficulty None: the original's level);
    ``task`` is a task id or a TaskSpec."""
    from . import registry
    from .core import annotation as ann
    from .core import engine

    spec = registry.get(task) if isinstance(task, str) else task
    task_id = spec.task_id
    plans, first_error, n_err = [], "", 0
    for i in range(seeds):
        try:
            plans.append(engine.plan(spec, seed=seed, split=split, index=i, max_side=max_side))
        except Exception as e:  # noqa: BLE001 - every failure is counted, as in the reference
            n_err += 1
            first_error = first_error or f"{type(e).__name__}: {e}"[:300]
    row = {c: "" for c in COLUMNS}
    row.update(task_id=task_id, n_ok=len(plans), n_err=n_err, answer_type=spec.answer_type,
               annotation_type=spec.annotation_type, first_error=first_error)
    if not plans:
        return row
    sizes = [p.pixel_size for p in plans]
    ws, hs = [w for w, _ in sizes], [h for _, h in sizes]
    answers = [p.answer for p in plans]
    counts = Counter(_answer_text(a) for a in answers)
    top, top_n = counts.most_common(1)[0]
    elems = [len(ann.witness_ids(spec.annotation_type, p.solution.witnesses)) for p in plans]
    row.update(
        width_min=min(ws), width_med=statistics.median(ws), width_max=max(ws),
        height_min=min(hs), height_med=statistics.median(hs), height_max=max(hs),
        n_distinct_sizes=len(set(sizes)),
        megapixels_med=round(statistics.median(w * h for w, h in sizes) / 1e6, 3),
        n_distinct_answers=len(counts), top_answer_share=round(top_n / len(plans), 3), top_answer=top,
        annot_elems_min=min(elems), annot_elems_med=statistics.median(elems), annot_elems_max=max(elems),
        prompt_len_med=statistics.median(len(p.prompts["answer_only"]) for p in plans),
        prompt_len_with_annotation_med=statistics.median(len(p.prompts["answer_and_annotation"]) for p in plans),
        noise_n=len(plans), noise_applied_share=round(sum(p.style.noise_sigma > 0 for p in plans) / len(plans), 3),
        n_bg_styles=len({(p.style.theme, p.style.texture, p.style.frame) for p in plans}),
        n_query_ids=len({p.query_id for p in plans}),
        n_scene_variants=len({spec.scene.variant(p.state) for p in plans}),
    )
    if spec.answer_type in ("integer", "number"):
        nums = [float(a) for a in answers]
        row.update(num_min=min(nums), num_med=statistics.median(nums), num_max=max(nums))
    offered = [(p.solution.options, p.solution.options_in) for p in plans if p.solution.options]
    if offered:
        where = {w for _, w in offered}
        ks = [k for k, _ in offered]
        row["options"] = "in_image" if where == {"image"} else _spread(ks)
        row["options_meta"] = _spread(ks)
        if spec.answer_type == "option_letter":
            row["option_answers_seen"] = "".join(sorted({str(a) for a in answers}))
    return {k: _fmt(v) for k, v in row.items()}


def _task_stats_job(args):
    task_id, seeds, seed, split, max_side = args
    return task_stats(task_id, seeds, seed=seed, split=split, max_side=max_side)


def compute(task_ids, seeds: int = REF_SEEDS, *, seed: int = DEFAULT_SEED, split: str = "train",
            max_side: int | None = None, workers: int | None = None, pool=None) -> list[dict]:
    """Statistics rows for many tasks, in the given order (a process pool when workers > 1, or
    the given ``pool`` -- an executor reused across calls)."""
    jobs = [(t, seeds, seed, split, max_side) for t in task_ids]
    if pool is not None:
        return list(pool.map(_task_stats_job, jobs, chunksize=1))
    workers = min(limits.pool_size(workers or limits.cpus()), max(1, len(jobs)))   # at most the CPUs
    if workers <= 1:
        return [_task_stats_job(j) for j in jobs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(_task_stats_job, jobs, chunksize=1))


def read_tsv(path) -> dict[str, dict]:
    with open(path, newline="", encoding="utf-8") as f:
        return {row["task_id"]: row for row in csv.DictReader(f, delimiter="\t")}


def write_tsv(rows, path) -> None:
    from .core.files import write_atomic

    lines = ["\t".join(COLUMNS)] + ["\t".join(str(r.get(c, "")) for c in COLUMNS) for r in rows]
    write_atomic(path, "\n".join(lines) + "\n")


# ---------------------------------------------------------------------------- bands
# The fidelity bands (issue 19, item 1): each of our figures against the interval the reference's
# figure implies, two-sided where a figure can miss both ways.  A miss is flagged with its
# direction: "over" (ours above the band), "under", "placement" (options drawn where the reference
# lists them or the reverse), "missing" (a figure the reference has and we do not), "failed".
REFERENCE = Path(__file__).with_name("data") / "ref_task_stats.tsv"
EPS = 1e-9


def _num(row, col):
    v = row.get(col, "")
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def _interval(lo, hi) -> str:
    if lo is not None and hi is not None:
        return f"{_fmt(round(lo, 3))}..{_fmt(round(hi, 3))}"
    return f">= {_fmt(round(lo, 3))}" if lo is not None else f"<= {_fmt(round(hi, 3))}"


@dataclass(frozen=True)
class Flag:
    band: str
    direction: str        # over, under, placement, missing, failed
    ours: str
    ref: str
    allowed: str          # what the reference's figure allows
    note: str = ""

    def text(self) -> str:
        return (f"{self.band} {self.direction}: ours {self.ours or '-'} vs ref {self.ref or '-'} "
                f"(allowed {self.allowed})" + (f"; {self.note}" if self.note else ""))


@dataclass(frozen=True)
class Band:
    name: str
    rule: str                                    # human-readable requirement
    column: str                                  # the figure compared
    limits: Callable[[float], tuple] | None = None   # reference figure -> (low or None, high or None)
    custom: Callable[[dict, dict], "Flag | None"] | None = None   # a band that is not an interval ...
    shown: Callable[[dict, dict], tuple] | None = None            # ... and its figures side by side

    def figures(self, ours: dict, ref: dict) -> tuple[str, str, str]:
        """(ours, reference, allowed) as shown side by side."""
        if self.shown:
            return self.shown(ours, ref)
        r = _num(ref, self.column)
        return ours.get(self.column, ""), ref.get(self.column, ""), "" if r is None else _interval(*self.limits(r))

    def check(self, ours: dict, ref: dict) -> Flag | None:
        """None when within the band (or the reference has no such figure), else the Flag."""
        if self.custom:
            return self.custom(ours, ref)
        r = _num(ref, self.column)
        if r is None:
            return None
        o_text, r_text, allowed = self.figures(ours, ref)
        o = _num(ours, self.column)
        lo, hi = self.limits(r)
        if o is None:
            return Flag(self.name, "missing", o_text, r_text, allowed)
        if lo is not None and o < lo - EPS:
            return Flag(self.name, "under", o_text, r_text, allowed)
        if hi is not None and o > hi + EPS:
            return Flag(self.name, "over", o_text, r_text, allowed)
        return None


def _ratio_or_abs(r: float, lo: float, hi: float, small: float, pm: float, small_inclusive: bool):
    """[lo, hi] x r, or r +- pm where |r| is below (or at) ``small``; a negative r flips the ratio band."""
    if abs(r) < small or (small_inclusive and abs(r) <= small):
        return r - pm, r + pm
    a, b = lo * r, hi * r
    return min(a, b), max(a, b)


def _offer(row: dict) -> tuple[str | None, float | None]:
    """Where a row's task offers its options (None, "image" or "prompt") and their median count."""
    opt = row.get("options", "")
    if not opt:
        return None, None
    if opt == "in_image":
        return "image", _median_count(row.get("options_meta", ""))
    return "prompt", _median_count(opt) or _median_count(row.get("options_meta", ""))


def _median_count(spread: str):
    parts = spread.split("/") if spread else []
    try:
        return float(parts[1]) if len(parts) == 3 else None
    except ValueError:
        return None


def _offer_text(where, k) -> str:
    return "none" if where is None else f"{'?' if k is None else _fmt(k)} in the {where}"


def _options_figures(ours: dict, ref: dict):
    rw, rk = _offer(ref)
    return _offer_text(*_offer(ours)), _offer_text(rw, rk), _offer_text(rw, rk)


def _options_band(ours: dict, ref: dict) -> Flag | None:
    """The reference's option count, listed in the prompt or drawn in the image as it does;
    no options where it offers none."""
    (ow, ok), (rw, rk) = _offer(ours), _offer(ref)
    o_text, r_text, allowed = _options_figures(ours, ref)
    if ow == rw and (rk is None or ok == rk):
        return None
    if ow is None or rw is None:
        return Flag("options", "under" if ow is None else "over", o_text, r_text, allowed)
    if ow != rw:
        return Flag("options", "placement", o_text, r_text, allowed)
    return Flag("options", "over" if ok is None or ok > rk else "under", o_text, r_text, allowed)


def _errors_figures(ours: dict, ref: dict):
    return ours.get("n_err", ""), ref.get("n_err", ""), "0"


def _errors_band(ours: dict, ref: dict) -> Flag | None:
    if not _num(ours, "n_err"):
        return None
    return Flag("errors", "failed", *_errors_figures(ours, ref), note=ours.get("first_error", ""))


BANDS: tuple[Band, ...] = (
    Band("megapixels", "median megapixels within [0.8, 1.5] x the reference's", "megapixels_med",
         limits=lambda r: (0.8 * r, 1.5 * r)),
    Band("answer_median", "median numeric answer within [0.5, 2] x the reference's (+-2 where its |median| < 4)",
         "num_med", limits=lambda r: _ratio_or_abs(r, 0.5, 2.0, 4, 2, False)),
    Band("annotation_elements", "median annotation elements within [1/1.5, 1.5] x the reference's "
         "(+-1 where its median <= 2)", "annot_elems_med",
         limits=lambda r: _ratio_or_abs(r, 1 / 1.5, 1.5, 2, 1, True)),
    Band("options", "the reference's option count, listed or drawn as it does (none where it offers none)",
         "options", custom=_options_band, shown=_options_figures),
    Band("distinct_answers", "distinct answers over 30 seeds >= 0.8 x the reference's", "n_distinct_answers",
         limits=lambda r: (0.8 * r, None)),
    Band("top_answer_share", "top-answer share <= the reference's + 0.10", "top_answer_share",
         limits=lambda r: (None, r + 0.10)),
    Band("distinct_sizes", "distinct image sizes over 30 seeds >= min(reference's, 8)", "n_distinct_sizes",
         limits=lambda r: (min(r, 8), None)),
    Band("errors", "every instance generates", "n_err", custom=_errors_band, shown=_errors_figures),
)
BAND_NAMES = tuple(b.name for b in BANDS)


def check(ours: dict, ref: dict | None) -> dict[str, Flag]:
    """The bands a task misses: {band name: Flag}; {} when within all (or without a reference row)."""
    if ref is None or not _num(ref, "n_ok"):
        return {}
    out = {}
    for band in BANDS:
        flag = band.check(ours, ref)
        if flag:
            out[band.name] = flag
    return out


def _scene_of(task_id: str) -> str:
    parts = task_id.removeprefix("task_").split("__")
    return "/".join(parts[:2]) if len(parts) == 3 else ""


def compare(rows, ref: dict[str, dict]) -> list[dict]:
    """Per task, side by side: each band's figure (ours, the reference's, what it allows, the
    flag's direction), the flags (``band:direction``) and their text."""
    out = []
    for row in rows:
        r = ref.get(row["task_id"])
        if r is not None:
            row["tranche"] = r.get("tranche", "")
        fails = check(row, r)
        item = {"task_id": row["task_id"], "scene": _scene_of(row["task_id"]), "tranche": row.get("tranche", ""),
                "reference": "yes" if r else "no",
                "flags": ",".join(f"{f.band}:{f.direction}" for f in fails.values())}
        for band in BANDS:
            o, rf, allowed = band.figures(row, r or {})
            item[band.name], item["ref_" + band.name], item[band.name + "_allowed"] = o, rf, allowed
            item[band.name + "_flag"] = fails[band.name].direction if band.name in fails else ""
        item["detail"] = "; ".join(f.text() for f in fails.values())
        out.append(item)
    return out


_MARK = {"over": "^", "under": "v"}
_HEADS = {"megapixels": "MP", "answer_median": "answer med", "annotation_elements": "annot",
          "options": "options", "distinct_answers": "answers", "top_answer_share": "top share",
          "distinct_sizes": "sizes", "errors": "errors"}


def format_compare(table) -> str:
    """A fixed-width table: per band ``ours | reference`` with ^ (over), v (under) or ! (other
    miss) after a flagged figure, then the flags."""
    heads = ["task"] + [_HEADS[b] for b in BAND_NAMES] + ["flags"]
    body = []
    for t in table:
        cells = [t["task_id"].removeprefix("task_")]
        for b in BAND_NAMES:
            mark = _MARK.get(t[b + "_flag"], "!") if t[b + "_flag"] else ""
            cells.append(f"{t[b] or '-'} | {t['ref_' + b] or '-'}{mark}")
        cells.append(t["flags"] or ("(no reference)" if t["reference"] == "no" else "ok"))
        body.append(cells)
    widths = [max(len(h), *(len(b[i]) for b in body)) if body else len(h) for i, h in enumerate(heads)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(heads, widths))]
    lines += ["  ".join(x.ljust(w) for x, w in zip(b, widths)).rstrip() for b in body]
    return "\n".join(lines)


COMPARE_TSV = (["task_id", "scene", "tranche", "reference", "flags"]
               + [x for b in BAND_NAMES for x in (b, "ref_" + b, b + "_allowed", b + "_flag")] + ["detail"])


def write_compare_tsv(table, path) -> None:
    from .core.files import write_atomic

    text = "\n".join(["\t".join(COMPARE_TSV)]
                     + ["\t".join(str(t.get(c, "")) for c in COMPARE_TSV) for t in table]) + "\n"
    write_atomic(path, text)


def _counts(flags) -> str:
    per = Counter(flags)
    return ", ".join(f"{k} {v}" for k, v in sorted(per.items())) or "none"


def summary(table, per_scene: bool = False) -> str:
    """How many tasks miss the bands, per ``band:direction``; with ``per_scene``, a line per
    scene that misses any."""
    flagged = [t for t in table if t["flags"]]
    lines = [f"{len(flagged)} of {len(table)} tasks outside the bands "
             f"(per band: {_counts(f for t in flagged for f in t['flags'].split(','))})"]
    if per_scene:
        scenes: dict[str, list] = {}
        for t in table:
            scenes.setdefault(t["scene"], []).append(t)
        for scene, ts in sorted(scenes.items()):
            bad = [t for t in ts if t["flags"]]
            if bad:
                lines.append(f"  {scene}: {len(bad)} of {len(ts)} tasks "
                             f"({_counts(f for t in bad for f in t['flags'].split(','))})")
    return "\n".join(lines)
