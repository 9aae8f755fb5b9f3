"""Per-task statistics (the task card) and the fidelity bands against the reference's figures.

``task_stats`` computes, from instances generated exactly as a default build does (every
difficulty level drawn, no size cap), the columns of the reference's ``ref_task_stats.tsv``:
image sizes, answer spread and diversity, options offered, annotation elements, prompt
lengths, noise and background styles.  It draws plans (``engine.plan``), not images: the
exported image size is known before drawing, so no pixel is rendered or encoded.

``BANDS`` holds the fidelity bands (issue 12, item 2) as data; ``check`` applies them to one
task's figures and the reference's.  The CLI (``tracegen stats``) and the tests share both.
"""

from __future__ import annotations

import csv
import json
import os
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Callable

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
    """One row of statistics over instances 0..seeds-1 of a default build (all difficulties);
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
    workers = min(workers or os.cpu_count() or 1, max(1, len(jobs)))
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
def _num(row, col):
    v = row.get(col, "")
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def _median_count(spread: str):
    parts = spread.split("/") if spread and spread != "in_image" else []
    return float(parts[1]) if len(parts) == 3 else None


def _options_band(ours: dict, ref: dict):
    """Same option count as the reference, offered where it offers them (image or prompt)."""
    if not ref.get("options"):
        return None
    ref_where = "image" if ref["options"] == "in_image" else "prompt"
    ref_k = _median_count(ref.get("options_meta", "")) or _median_count(ref["options"])
    if not ours.get("options"):
        return ("none offered", f"{ref_k:g} in the {ref_where}" if ref_k else f"in the {ref_where}",
                "offer the reference's options")
    our_where = "image" if ours["options"] == "in_image" else "prompt"
    our_k = _median_count(ours.get("options_meta", ""))
    problems = []
    if our_where != ref_where:
        problems.append(f"offered in the {our_where}, reference in the {ref_where}")
    if ref_k is not None and our_k != ref_k:
        problems.append(f"count {our_k:g} vs {ref_k:g}")
    if problems:
        return (f"{our_k:g} in the {our_where}", f"{ref_k:g} in the {ref_where}" if ref_k else ref_where,
                "; ".join(problems))
    return None


@dataclass(frozen=True)
class Band:
    name: str
    rule: str                        # human-readable requirement
    column: str                      # the figure compared
    ok: Callable[[float, float], bool] | None = None
    need: Callable[[float], float] | None = None   # the threshold the reference figure implies
    custom: Callable[[dict, dict], tuple | None] | None = None

    def check(self, ours: dict, ref: dict):
        """None when within the band, else (ours, reference, shortfall text)."""
        if self.custom:
            return self.custom(ours, ref)
        o, r = _num(ours, self.column), _num(ref, self.column)
        if r is None:
            return None
        if o is None:
            return ("missing", _fmt(r), "no figure")
        if self.ok(o, r):
            return None
        need = self.need(r)
        return (_fmt(o), _fmt(r), f"need {'<=' if self.name == 'top_answer_share' else '>='} {_fmt(need)} "
                f"(off by {_fmt(abs(o - need))})")


BANDS: tuple[Band, ...] = (
    Band("megapixels", "median megapixels >= 0.8 x the reference's", "megapixels_med",
         ok=lambda o, r: o >= 0.8 * r - 1e-9, need=lambda r: round(0.8 * r, 3)),
    Band("distinct_sizes", "distinct image sizes over 30 seeds >= min(reference's, 8)", "n_distinct_sizes",
         ok=lambda o, r: o >= min(r, 8), need=lambda r: min(r, 8)),
    Band("distinct_answers", "distinct answers over 30 seeds >= 0.8 x the reference's", "n_distinct_answers",
         ok=lambda o, r: o >= 0.8 * r - 1e-9, need=lambda r: round(0.8 * r, 2)),
    Band("top_answer_share", "top-answer share <= the reference's + 0.10", "top_answer_share",
         ok=lambda o, r: o <= r + 0.10 + 1e-9, need=lambda r: round(r + 0.10, 3)),
    Band("options", "options offered = the reference's (count; image vs prompt)", "options",
         custom=_options_band),
    Band("annotation_elements", "median annotation elements >= the reference's", "annot_elems_med",
         ok=lambda o, r: o >= r - 1e-9, need=lambda r: r),
    Band("errors", "every instance generates", "n_err",
         custom=lambda o, r: (o["n_err"], r.get("n_err", ""), "generation failed: " + o["first_error"])
         if _num(o, "n_err") else None),
)
BAND_NAMES = tuple(b.name for b in BANDS)


def check(ours: dict, ref: dict | None) -> dict[str, tuple]:
    """The bands a task fails: {band name: (ours, reference, shortfall)}; {} when within all."""
    if ref is None or not _num(ref, "n_ok"):
        return {}
    out = {}
    for band in BANDS:
        bad = band.check(ours, ref)
        if bad:
            out[band.name] = bad
    return out


COMPARE_COLUMNS = ("megapixels_med", "n_distinct_sizes", "n_distinct_answers", "top_answer_share", "options",
                   "annot_elems_med")


def compare(rows, ref: dict[str, dict]) -> list[dict]:
    """Per task: our figures, the reference's, and the failed bands."""
    out = []
    for row in rows:
        r = ref.get(row["task_id"])
        if r is not None:
            row["tranche"] = r.get("tranche", "")
        fails = check(row, r)
        item = {"task_id": row["task_id"], "reference": "yes" if r else "no", "flags": ",".join(fails)}
        for c in COMPARE_COLUMNS:
            item[c] = row.get(c, "")
            item["ref_" + c] = (r or {}).get(c, "")
        item["detail"] = "; ".join(f"{k}: ours {v[0]} vs ref {v[1]} ({v[2]})" for k, v in fails.items())
        out.append(item)
    return out


def format_compare(table) -> str:
    """A fixed-width table: our figure / the reference's per band column, then flags."""
    heads = ("task", "MP", "sizes", "answers", "top share", "options", "annot", "flags")
    lines = []
    body = []
    for t in table:
        cells = [t["task_id"].removeprefix("task_")]
        for c in COMPARE_COLUMNS:
            cells.append(f"{t[c] or '-'}/{t['ref_' + c] or '-'}")
        cells.append(t["flags"] or ("(no reference)" if t["reference"] == "no" else "ok"))
        body.append(cells)
    widths = [max(len(h), *(len(b[i]) for b in body)) if body else len(h) for i, h in enumerate(heads)]
    lines.append("  ".join(h.ljust(w) for h, w in zip(heads, widths)))
    for b in body:
        lines.append("  ".join(x.ljust(w) for x, w in zip(b, widths)))
    return "\n".join(lines)


def write_compare_tsv(table, path) -> None:
    from .core.files import write_atomic

    cols = ["task_id", "reference", "flags"] + [x for c in COMPARE_COLUMNS for x in (c, "ref_" + c)] + ["detail"]
    text = "\n".join(["\t".join(cols)] + ["\t".join(str(t.get(c, "")) for c in cols) for t in table]) + "\n"
    write_atomic(path, text)


def summary(table) -> str:
    flagged = [t for t in table if t["flags"]]
    per_band = Counter(f for t in flagged for f in t["flags"].split(","))
    bands = ", ".join(f"{k} {v}" for k, v in sorted(per_band.items())) or "none"
    return f"{len(flagged)} of {len(table)} tasks outside the bands (per band: {bands})"
