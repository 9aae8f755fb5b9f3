"""Benchmark data layer of the evaluation suite: raw benchmark files -> normalized docs.

Two raw formats (:data:`FORMATS`):

``vlmevalkit_tsv``
    the VLMEvalKit TSV artifact named by the benchmark's provenance (``evaluation_artifact`` with a
    ``.tsv`` URL, or a ``.tsv`` path in a pinned Hugging Face repository, as for the EASI spatial
    TSVs of embspatial / spatialvizbench_cot / erqa), stored in ``raw_dir`` under the artifact's own
    file name.  Columns as VLMEvalKit uses them: ``index``, ``image`` (base64; a JSON/Python list of
    base64 strings for multi-image rows; a short value is the ``index`` of the row whose image it
    shares), ``question``, option columns ``A``..``J`` (empty when absent), ``answer`` and
    benchmark-specific columns (see :data:`SPECS`).
``hf_parquet``
    a Hugging Face dataset repository at its pinned revision (evochart, countqa), as
    ``snapshot_download`` lays it out: ``**/<split>-*.parquet`` with the image as the
    ``{"bytes", "path"}`` struct the ``datasets`` library writes.  CountQA rows hold one image and a
    list of questions/answers; every (question, answer) pair becomes one doc
    (id ``countqa-<image row:04d>-<question:02d>``).

Public functions: :func:`read_raw`, :func:`normalize`, :func:`load_docs`, :func:`write_fixture`,
:func:`fetch`, :func:`provenance`.  Docs follow the evaluation contract
(``{"id", "question", "options", "answer", "images", "meta"}``); the question never carries the
option list: options given inside the source question text are cut out into ``options`` and the
source text is kept in ``meta["source_question"]``.
"""

from __future__ import annotations

import ast
import base64
import binascii
import csv
import hashlib
import io
import json
import os
import random
import re
import shutil
import sys
import tempfile
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .common import dataset as rows_dataset

__all__ = ["BenchmarkDataError", "FORMATS", "SPECS", "read_raw", "normalize", "load_docs", "read_manifest",
           "write_fixture", "fetch", "provenance", "benchmark_provenance", "raw_files"]

HERE = Path(__file__).resolve().parent
#: the provenance copy shipped with the package (users have no ../shared at run time)
PROVENANCE_PATH = HERE / "reference" / "benchmark_provenance.v1.json"
TSV, HF = "vlmevalkit_tsv", "hf_parquet"
LETTERS = "ABCDEFGHIJ"
PARQUET_COMPRESSION = "zstd"
PARQUET_COMPRESSION_LEVEL = 3
ROW_GROUP = 256


class BenchmarkDataError(ValueError):
    """A raw benchmark file is missing, malformed or does not match its pinned facts."""


# ---------------------------------------------------------------------------
# provenance
# ---------------------------------------------------------------------------

_PROV_CACHE: dict = {}


def provenance(path=None) -> dict:
    """The benchmark provenance document (the copy shipped in the package unless ``path``)."""
    p = Path(path) if path else PROVENANCE_PATH
    key = str(p)
    if key not in _PROV_CACHE:
        try:
            _PROV_CACHE[key] = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as e:
            raise BenchmarkDataError(f"provenance {p}: cannot read ({e})") from None
    return _PROV_CACHE[key]


def benchmark_provenance(benchmark: str, prov=None) -> dict:
    """One benchmark's provenance entry; ``prov`` may be the whole document or already an entry."""
    prov = provenance() if prov is None else prov
    if "benchmarks" not in prov:
        if prov.get("benchmark_id", benchmark) != benchmark:
            raise BenchmarkDataError(f"{benchmark}: provenance entry is for {prov.get('benchmark_id')!r}")
        return prov
    for entry in prov["benchmarks"]:
        if entry.get("benchmark_id") == benchmark:
            return entry
    raise BenchmarkDataError(f"{benchmark}: not in the benchmark provenance")


def tsv_source(benchmark: str, entry: dict) -> tuple[str, str, str | None]:
    """(download URL, file name, md5 or None) of a benchmark's TSV artifact."""
    art = entry.get("evaluation_artifact") or {}
    md5 = (art.get("checksum") or {}).get("value")
    module = _module(benchmark)
    if module is not None and module.artifact_url:          # the reference's re-pinned URL (same md5)
        url = module.artifact_url
        return url, url.rsplit("/", 1)[-1], md5
    if art.get("url", "").endswith(".tsv"):
        url = art["url"]
        return url, url.rsplit("/", 1)[-1], md5
    if art.get("path", "").endswith(".tsv") and art.get("repository"):
        url = f"{art['repository'].rstrip('/')}/resolve/{art['repository_revision']}/{art['path']}"
        return url, art["path"].rsplit("/", 1)[-1], md5
    raise BenchmarkDataError(f"{benchmark}: provenance names no TSV artifact")


def _tsv_name(benchmark: str) -> str:
    return tsv_source(benchmark, benchmark_provenance(benchmark))[1]


# ---------------------------------------------------------------------------
# small helpers
# ---------------------------------------------------------------------------

def _err(benchmark, where, problem) -> BenchmarkDataError:
    return BenchmarkDataError(f"{benchmark}: {where}: {problem}")


def _blank(v) -> bool:
    return v is None or (isinstance(v, float) and v != v) or (isinstance(v, str) and v.strip() in ("", "nan", "NaN"))


def _opt(v):
    return None if _blank(v) else v


def _literal(v):
    """A Python/JSON literal stored as text (lists, dicts); the text itself when it is not one."""
    if not isinstance(v, str):
        return v
    s = v.strip()
    for parse in (json.loads, ast.literal_eval):
        try:
            return parse(s)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            pass
    return v


def _num_text(v) -> str:
    """Answer text; integral floats (pandas' 3.0) become '3'."""
    if isinstance(v, bool):
        return str(v)
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v).strip()


def _md5(path: Path) -> str:
    return _digest(path, "md5")


def _digest(path: Path, algo: str) -> str:
    h = hashlib.new(algo)
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


_OPT_MARK = re.compile(r"(?:^|(?<=\s))\(?(10|[1-9]|[A-J])[.):]\s+", re.M)


def _next_label(label: str) -> str:
    return str(int(label) + 1) if label.isdigit() else chr(ord(label) + 1)


def parse_option_block(text: str, labels=None) -> tuple[str, list[list[str]]]:
    """Split ``text`` into (stem, options) at its last run of consecutive option markers
    (``A. x``, ``(B) y``, ``C: z`` or ``1. x``...; at least two, starting at A or 1).  With
    ``labels``, only a run with exactly those labels counts.  ``(text, [])`` when there is none."""
    marks = list(_OPT_MARK.finditer(text or ""))
    best = []
    for i, m in enumerate(marks):
        if m.group(1) not in ("A", "1"):
            continue
        run, want = [m], _next_label(m.group(1))
        for m2 in marks[i + 1:]:
            if m2.group(1) == want:
                run.append(m2)
                want = _next_label(want)
        if len(run) >= 2 and (labels is None or [r.group(1) for r in run] == list(labels)):
            best = run
    if not best:
        return text, []
    line_based = all(text[:r.start()].rstrip(" \t") == "" or text[:r.start()].rstrip(" \t").endswith("\n")
                     for r in best)
    options = []
    for k, m in enumerate(best):
        end = best[k + 1].start() if k + 1 < len(best) else len(text)
        seg = text[m.end():end]
        if line_based and k + 1 == len(best):
            seg = seg.split("\n", 1)[0]
        options.append([m.group(1), seg.strip()])
    stem = text[:best[0].start()].rstrip()
    stem = re.sub(r"(?is)\s*(answer\s+)?(choices|options)\s*:\s*$", "", stem).rstrip()
    return stem, options


# ---------------------------------------------------------------------------
# per-benchmark specification
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Spec:
    """How one benchmark's raw rows map to docs.

    ``options``: ``"columns"`` (A..J), ``"list:<col>"`` (a list literal column, falling back to
    A..J), ``"blob:<col>"`` (an ``A. x\\nB. y`` text column) or ``"question"`` (cut out of the
    question text).  ``category``: candidate columns, first non-empty wins.  ``meta``: columns copied
    into meta (``(column, key)`` pairs rename).  ``adapt(row, doc)``: benchmark-specific fields."""
    fmt: str = TSV
    required: tuple = ()
    options: str = "columns"
    category: tuple = ("category",)
    meta: tuple = ()
    adapt: Callable | None = None
    split: str | None = None          # hf_parquet: the split whose files are read
    multi_image: bool = False         # the source has multi-image rows


CHARXIV_CATEGORIES = {1: "Text-in-Chart", 2: "Text-in-General", 3: "Number-in-Chart", 4: "Number-in-General"}
CHARTQAPRO_TYPES = {"factoid": "factoid", "multi choice": "multi_choice", "conversational": "conversational",
                    "fact checking": "fact_checking", "hypothetical": "hypothetical"}
TABLEVQA_SUBSETS = ("vwtq", "vwtq_syn", "vtabfact", "fintabnetqa")
WEMATH_STEPS = {"1": "one-step", "2": "two-step", "3": "three-step"}


class _Bad(Exception):
    """Raised by adapters for a malformed row (turned into a BenchmarkDataError with context)."""


def _as_list(v, what):
    v = _literal(v)
    if not isinstance(v, (list, tuple)):
        raise _Bad(f"{what} is not a list: {str(v)[:60]!r}")
    return list(v)


def _a_chartqapro(row, doc):
    questions = [str(q) for q in _as_list(row["question"], "question")]
    answers = [_num_text(a) for a in _as_list(row["answer"], "answer")]
    years = _as_list(row["year"], "year") if not _blank(row.get("year")) else []
    if not questions or len(answers) != len(questions):
        raise _Bad(f"{len(questions)} questions but {len(answers)} answers")
    raw_type = str(row["question_type"]).strip()
    qtype = CHARTQAPRO_TYPES.get(raw_type.lower())
    if qtype is None:
        raise _Bad(f"unknown question_type {raw_type!r}")
    conversational = qtype == "conversational"
    doc["question"] = questions[-1] if conversational else questions[0]
    doc["answer"] = answers[-1]
    flags = [str(y).strip().upper() for y in years]
    used = flags[-1:] if conversational else flags
    doc["meta"].update(question_type=qtype, category=raw_type, year_flags=flags,
                       year_answer=any(f in ("YES", "TRUE", "1") for f in used),
                       conversation=[[q, a] for q, a in zip(questions[:-1], answers[:-1])] if conversational else [])


def _a_charxiv(row, doc):
    cat = _opt(row.get("inst_category"))
    if cat is not None:
        try:
            doc["meta"]["category"] = CHARXIV_CATEGORIES[int(float(cat))]
            doc["meta"]["inst_category"] = int(float(cat))
        except (ValueError, KeyError):
            raise _Bad(f"unknown inst_category {cat!r}") from None


def _a_tablevqa(row, doc):
    subset = str(row["split"]).strip().lower()
    if subset not in TABLEVQA_SUBSETS:
        raise _Bad(f"unknown split {subset!r} (expected one of {', '.join(TABLEVQA_SUBSETS)})")
    doc["meta"].update(subset=subset, category=subset)


def _a_wemath(row, doc):
    key = str(row["key"]).strip()
    m = re.fullmatch(r"(\d)steps?(?:_(\d+|multi))?", key)
    if not m or m.group(1) not in WEMATH_STEPS:
        raise _Bad(f"unknown key {key!r}")
    step = "one-step" if m.group(2) not in (None, "multi") else WEMATH_STEPS[m.group(1)]
    doc["meta"].update(problem_id=str(row["ID"]).strip(), step=step, key=key)
    knowledge = _opt(row.get("knowledge concept"))
    if knowledge is not None:
        doc["meta"]["knowledge"] = str(knowledge)


def _a_evochart(row, doc):
    clear = row.get("is_clear")
    if isinstance(clear, str):
        clear = clear.strip().lower() in ("true", "1", "yes")
    doc["meta"]["numeric_clear"] = bool(True if clear is None else clear)


SPECS: dict[str, Spec] = {
    "chartqapro": Spec(required=("question_type", "year"), options="none", category=(),
                       meta=("paragraph",), adapt=_a_chartqapro),
    "charxivreason": Spec(category=(), meta=("grading_query", "qid"), adapt=_a_charxiv),
    "tablevqabench": Spec(required=("split",), category=(), adapt=_a_tablevqa),
    "evochart": Spec(fmt=HF, split="train", options="none", category=("chart_type",),
                     meta=("attribute", "chart_type"), adapt=_a_evochart),
    "mathvision": Spec(options="list:choices", category=("category", "subject")),
    "mathvista": Spec(required=("question_type", "answer_type"), options="list:choices",
                      category=("task",), meta=("task", "skills", "grade", "context", "source")),
    "mathverse": Spec(options="none", category=("category",), meta=("question_for_eval", "query_cot")),
    "wemath": Spec(required=("ID", "key"), meta=("hint", "requirement"), adapt=_a_wemath),
    "phyx_mini_mc": Spec(options="question", category=("category",), meta=("subfield",)),
    "mmmu_pro_vision": Spec(category=("category", "subject"), meta=("subject", "topic_difficulty")),
    "realworldqa": Spec(),
    "mmstar": Spec(meta=(("l2-category", "l2_category"), "hint", "bench")),
    "embspatial": Spec(options="list:options", category=("data_source", "category")),
    "spatialvizbench_cot": Spec(meta=("task", "level")),
    "cvbench_3d": Spec(category=("category", "task"), meta=("prompt", "source", "split")),
    "erqa": Spec(options="question", category=("question_type", "category"), meta=("visual_indices",),
                 multi_image=True),
    "blink": Spec(meta=("hint", "sub_task"), multi_image=True),
    "countbenchqa": Spec(options="none", category=()),
    "countqa": Spec(fmt=HF, split="test", options="none", category=()),
    "treebench": Spec(options="blob:multi-choice options", meta=("target_instances",)),
    "puzzlevqa": Spec(options="list:options"),
    "visualpuzzles": Spec(options="list:options"),
    "logicvista": Spec(options="question", category=("skill", "category"), meta=("skill",)),
    "mme_reasoning": Spec(required=("question_type",), options="question",
                          category=("reasoning_type", "capability", "category"),
                          meta=("prompt_id", "function_id", "special_info", "difficulty", "capability")),
}

#: benchmark -> raw format ("vlmevalkit_tsv" or "hf_parquet")
FORMATS: dict[str, str] = {b: s.fmt for b, s in SPECS.items()}


def _spec(benchmark: str) -> Spec:
    try:
        return SPECS[benchmark]
    except KeyError:
        raise BenchmarkDataError(f"{benchmark}: unknown benchmark") from None


# ---------------------------------------------------------------------------
# reading
# ---------------------------------------------------------------------------

def _read_tsv(benchmark: str, path: Path) -> tuple[list[str], list[dict]]:
    if not path.is_file():
        raise _err(benchmark, path, "raw TSV file is missing")
    csv.field_size_limit(sys.maxsize)
    try:
        with open(path, encoding="utf-8", newline="") as f:
            reader = csv.reader(f, delimiter="\t")
            header = next(reader, None)
            if not header:
                raise _err(benchmark, path.name, "empty TSV (no header)")
            rows = []
            for n, rec in enumerate(reader, start=2):
                if not rec:
                    continue
                if len(rec) != len(header):
                    raise _err(benchmark, path.name, f"record {n} has {len(rec)} fields, header has {len(header)}")
                rows.append(dict(zip(header, rec)))
    except (UnicodeDecodeError, csv.Error) as e:
        raise _err(benchmark, path.name, f"not a readable TSV ({e})") from None
    return header, rows


def _decode_images(benchmark, name, index, value, image_map) -> list[bytes]:
    value = str(value).strip()
    if len(value) <= 64:                       # VLMEvalKit: the index of the row that holds the image
        ref = image_map.get(value)
        if ref is None or len(ref) <= 64:
            raise _err(benchmark, name, f"row {index}: image refers to {value!r}, which holds no image")
        value = ref
    items = _literal(value) if value.startswith("[") else [value]
    if not isinstance(items, list) or not items:
        raise _err(benchmark, name, f"row {index}: image list is not a list of base64 strings")
    out = []
    for item in items:
        try:
            data = base64.b64decode(str(item), validate=False)
        except (binascii.Error, ValueError):
            raise _err(benchmark, name, f"row {index}: image is not valid base64") from None
        if len(data) < 8:
            raise _err(benchmark, name, f"row {index}: image is empty")
        out.append(data)
    return out


def _options(spec: Spec, row: dict) -> tuple[list, bool]:
    """(options, cut_from_question)."""
    mode = spec.options
    if mode == "none":
        return [], False
    if mode.startswith("list:"):
        raw = row.get(mode[5:])
        if not _blank(raw):
            items = _literal(raw)
            if not isinstance(items, (list, tuple)):
                raise _Bad(f"{mode[5:]} is not a list: {str(raw)[:60]!r}")
            return [[LETTERS[i], _num_text(t)] for i, t in enumerate(items)], False
    if mode.startswith("blob:"):
        raw = row.get(mode[5:])
        if not _blank(raw):
            stem, opts = parse_option_block(str(raw))
            if opts:
                return opts, False
            raise _Bad(f"{mode[5:]} holds no option list: {str(raw)[:60]!r}")
    if mode == "question":
        return [], True
    return [[k, _num_text(row[k])] for k in LETTERS if not _blank(row.get(k))], False


def _doc_from_row(benchmark: str, spec: Spec, row: dict, images: list[bytes]) -> dict:
    question = "" if _blank(row.get("question")) else str(row["question"])
    doc = {"id": str(row["index"]).strip(), "question": question, "options": [],
           "answer": _num_text(row.get("answer", "")), "images": images, "meta": {}}
    options, from_question = _options(spec, row)
    if from_question:
        stem, options = parse_option_block(question)
    elif options:
        stem, _ = parse_option_block(question, labels=[lab for lab, _ in options])
    else:
        stem = question
    if stem != question:
        doc["meta"]["source_question"] = question
        doc["question"] = stem
    doc["options"] = options
    for col in spec.category:
        if not _blank(row.get(col)):
            doc["meta"]["category"] = str(row[col]).strip()
            break
    for item in spec.meta:
        col, key = (item, item) if isinstance(item, str) else item
        if col in row:
            doc["meta"][key] = _opt(row[col])
    if spec.adapt:
        spec.adapt(row, doc)
    return doc


def _read_tsv_docs(benchmark: str, spec: Spec, raw_dir: Path):
    path = raw_dir / _tsv_name(benchmark)
    header, rows = _read_tsv(benchmark, path)
    missing = [c for c in ("index", "image", "question", "answer") + tuple(spec.required) if c not in header]
    if missing:
        raise _err(benchmark, path.name, f"missing column(s) {', '.join(missing)}")
    image_map = {str(r["index"]).strip(): str(r["image"]) for r in rows}
    docs, skipped = [], 0
    for r in rows:
        if _blank(r["image"]):              # VLMEvalKit drops rows without an image (skip_noimg)
            skipped += 1
            continue
        try:
            docs.append(_doc_from_row(benchmark, spec, r,
                                      _decode_images(benchmark, path.name, r["index"], r["image"], image_map)))
        except _Bad as e:
            raise _err(benchmark, path.name, f"row {r['index']}: {e}") from None
    return docs, [path], {"rows_without_image_skipped": skipped}


def _parquet_files(benchmark: str, spec: Spec, raw_dir: Path) -> list[Path]:
    files = sorted((p for p in raw_dir.rglob("*.parquet") if ".cache" not in p.parts),
                   key=lambda p: p.relative_to(raw_dir).as_posix())
    chosen = [p for p in files if p.name.startswith(f"{spec.split}-") or p.parent.name == spec.split]
    if not chosen:
        raise _err(benchmark, raw_dir, f"no '{spec.split}' split parquet files (found {len(files)} parquet files)")
    return chosen


def _hf_image(benchmark, raw_dir, name, i, value) -> bytes:
    if isinstance(value, dict):
        data, rel = value.get("bytes"), value.get("path")
        if data:
            return bytes(data)
        if rel and (raw_dir / rel).is_file():
            return (raw_dir / rel).read_bytes()
    elif isinstance(value, (bytes, bytearray)) and value:
        return bytes(value)
    raise _err(benchmark, name, f"row {i}: image has neither bytes nor a readable path")


def _read_hf_docs(benchmark: str, spec: Spec, raw_dir: Path):
    import pyarrow.parquet as pq

    files = _parquet_files(benchmark, spec, raw_dir)
    needed = {"evochart": ("image", "question", "answer", "is_clear"),
              "countqa": ("image", "questions", "answers")}[benchmark]
    docs, row_no = [], 0
    for path in files:
        name = path.relative_to(raw_dir).as_posix()
        try:
            table = pq.read_table(path)
        except Exception as e:  # noqa: BLE001 - any pyarrow failure is a bad file
            raise _err(benchmark, name, f"not a readable parquet file ({e})") from None
        missing = [c for c in needed if c not in table.column_names]
        if missing:
            raise _err(benchmark, name, f"missing column(s) {', '.join(missing)}")
        for row in table.to_pylist():
            image = _hf_image(benchmark, raw_dir, name, row_no, row["image"])
            try:
                if benchmark == "countqa":
                    docs.extend(_countqa_docs(row, row_no, image))
                else:
                    doc = {"id": str(row.get("id", row_no)), "question": str(row["question"]).strip(),
                           "options": [], "answer": _num_text(row["answer"]), "images": [image], "meta": {}}
                    for col in spec.category:
                        if not _blank(row.get(col)):
                            doc["meta"]["category"] = str(row[col])
                    for col in spec.meta:
                        doc["meta"][col] = _opt(row.get(col))
                    spec.adapt(row, doc)
                    docs.append(doc)
            except _Bad as e:
                raise _err(benchmark, name, f"row {row_no}: {e}") from None
            row_no += 1
    return docs, files, {"source_rows": row_no}


def _countqa_docs(row: dict, image_row: int, image: bytes) -> list[dict]:
    questions, answers = row.get("questions"), row.get("answers")
    if not isinstance(questions, list) or not isinstance(answers, list):
        raise _Bad("questions/answers are not lists")
    if len(questions) != len(answers):
        raise _Bad(f"{len(questions)} questions but {len(answers)} answers")
    out = []
    for k, (q, a) in enumerate(zip(questions, answers)):
        text = _num_text(a)
        if not re.fullmatch(r"\d+", text):
            raise _Bad(f"answer {k} is not a non-negative integer: {a!r}")
        if not isinstance(q, str) or not q.strip():
            raise _Bad(f"question {k} is empty")
        out.append({"id": f"countqa-{image_row:04d}-{k:02d}", "question": q.strip(), "options": [],
                    "answer": str(int(text)), "images": [image],
                    "meta": {"source_image_row": image_row, "question_ordinal": k,
                             "objects": list(row.get("objects") or []),
                             "categories": list(row.get("categories") or []),
                             "is_focused": None if row.get("is_focused") is None else bool(row["is_focused"])}})
    return out


def _read(benchmark: str, raw_dir) -> tuple[list[dict], list[Path], dict]:
    spec, raw_dir = _spec(benchmark), Path(raw_dir)
    if not raw_dir.is_dir():
        raise _err(benchmark, raw_dir, "raw directory is missing")
    docs, files, notes = (_read_tsv_docs if spec.fmt == TSV else _read_hf_docs)(benchmark, spec, raw_dir)
    seen = set()
    for d in docs:
        if d["id"] in seen:
            raise _err(benchmark, files[0].name, f"duplicate row id {d['id']!r}")
        seen.add(d["id"])
        try:
            json.dumps(d["meta"])
        except (TypeError, ValueError) as e:
            raise _err(benchmark, files[0].name, f"row {d['id']}: meta is not JSON-serialisable ({e})") from None
    return docs, files, notes


def read_raw(benchmark: str, raw_dir) -> list[dict]:
    """Parse a benchmark's raw files in ``raw_dir`` into normalized docs (source order)."""
    return _read(benchmark, raw_dir)[0]


def raw_files(benchmark: str, raw_dir) -> list[Path]:
    """The raw files :func:`read_raw` reads for ``benchmark``."""
    spec, raw_dir = _spec(benchmark), Path(raw_dir)
    return [raw_dir / _tsv_name(benchmark)] if spec.fmt == TSV else _parquet_files(benchmark, spec, raw_dir)


# ---------------------------------------------------------------------------
# normalized form
# ---------------------------------------------------------------------------

def _schema():
    import pyarrow as pa

    return pa.schema([("id", pa.string()), ("question", pa.string()), ("options", pa.string()),
                      ("answer", pa.string()), ("images", pa.list_(pa.binary())), ("meta", pa.string())])


def _write_docs_parquet(docs: list[dict], path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    cols = {"id": [d["id"] for d in docs], "question": [d["question"] for d in docs],
            "options": [json.dumps(d["options"], ensure_ascii=False) for d in docs],
            "answer": [d["answer"] for d in docs], "images": [list(d["images"]) for d in docs],
            "meta": [json.dumps(d["meta"], sort_keys=True, ensure_ascii=False) for d in docs]}
    table = pa.Table.from_pydict(cols, schema=_schema())
    pq.write_table(table, path, compression=PARQUET_COMPRESSION, compression_level=PARQUET_COMPRESSION_LEVEL,
                   row_group_size=ROW_GROUP, use_dictionary=False, write_statistics=False)


def _json_bytes(obj) -> bytes:
    return (json.dumps(obj, sort_keys=True, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def _fixture_info(raw_dir: Path) -> dict | None:
    p = raw_dir / "fixture.json"
    if not p.is_file():
        return None
    try:
        info = json.loads(p.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise BenchmarkDataError(f"fixture.json in {raw_dir}: not JSON ({e})") from None
    return info if info.get("fixture") else None


def normalize(benchmark: str, raw_dir, out_dir, *, expect_rows=None, expect_md5=None, prov=None) -> dict:
    """Read ``raw_dir`` and write ``out_dir/docs.parquet`` + ``manifest.json`` atomically.

    Checks the row count (default: the provenance row count, or ``fixture.json`` rows for a fixture)
    and the md5 of the raw files (default: the provenance TSV checksum, or ``fixture.json`` file md5s
    for a fixture; ``expect_md5`` is the TSV artifact's md5 or a ``{relative path: md5}`` map).
    Returns the manifest."""
    spec, raw_dir, out_dir = _spec(benchmark), Path(raw_dir), Path(out_dir)
    entry = benchmark_provenance(benchmark, prov)
    fixture = _fixture_info(raw_dir)
    if fixture and fixture.get("benchmark") != benchmark:
        raise _err(benchmark, raw_dir / "fixture.json", f"fixture is for {fixture.get('benchmark')!r}")
    files = raw_files(benchmark, raw_dir) if raw_dir.is_dir() else []
    rel = {p: p.relative_to(raw_dir).as_posix() for p in files}
    md5s = {rel[p]: _md5(p) for p in files if p.is_file()}
    if expect_md5 is None:
        if fixture:
            expected = dict(fixture.get("files") or {})
        elif spec.fmt == TSV:
            expected = {n: tsv_source(benchmark, entry)[2] for n in md5s}
        else:
            expected = {}
    elif isinstance(expect_md5, str):
        if spec.fmt != TSV:
            raise _err(benchmark, raw_dir, "expect_md5 must map file names to md5s for a Hugging Face source")
        expected = {_tsv_name(benchmark): expect_md5}
    else:
        expected = dict(expect_md5)
    for name, want in sorted(expected.items()):
        if want is None:
            continue
        if name not in md5s:
            raise _err(benchmark, raw_dir / name, "raw file is missing (it has a pinned md5)")
        if md5s[name] != want:
            raise _err(benchmark, name, f"md5 mismatch: expected {want}, found {md5s[name]}")
    migrated = _module(benchmark)
    if migrated is not None:
        docs, notes = _read_rows(migrated, raw_dir, files), {}
    else:
        docs, files, notes = _read(benchmark, raw_dir)
    want_rows = expect_rows if expect_rows is not None else (
        fixture["rows"] if fixture else entry.get("row_count"))
    if want_rows is not None and len(docs) != int(want_rows):
        raise _err(benchmark, raw_dir, f"row count mismatch: expected {want_rows}, found {len(docs)}")

    if migrated is not None:
        src = entry.get("source") or {}
        return rows_dataset.write(
            docs, out_dir, benchmark=benchmark,
            notes={"format": spec.fmt, "fixture": bool(fixture), "repository": src.get("repository"),
                   "revision": src.get("revision"), "artifact": entry.get("evaluation_artifact")},
            files={rel.get(p, p.name): {"bytes": p.stat().st_size, "md5": _md5(p), "sha256": _digest(p, "sha256")}
                   for p in files})
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.tmp-", dir=out_dir.parent))
    try:
        _write_docs_parquet(docs, tmp / "docs.parquet")
        src = entry.get("source") or {}
        manifest = {
            "benchmark": benchmark, "rows": len(docs),
            "docs_sha256": _digest(tmp / "docs.parquet", "sha256"),
            "source": {"format": spec.fmt, "fixture": bool(fixture), **notes,
                       "repository": src.get("repository"), "revision": src.get("revision"),
                       "artifact": entry.get("evaluation_artifact"),
                       "files": {rel.get(p, p.name): {"bytes": p.stat().st_size, "md5": _md5(p),
                                                      "sha256": _digest(p, "sha256")} for p in files}},
        }
        (tmp / "manifest.json").write_bytes(_json_bytes(manifest))
        old = None
        if out_dir.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.old-", dir=out_dir.parent))
            os.replace(out_dir, old / "x")
        os.replace(tmp, out_dir)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return manifest


def _module(benchmark: str):
    """The benchmark's module in rlvr/evaluation/benchmarks when it has been migrated there, else None."""
    from . import benchmarks

    return benchmarks.get(benchmark) if benchmarks.is_migrated(benchmark) else None


def _read_rows(bench, raw_dir: Path, files: list[Path]) -> list:
    from .common.table import TableError

    try:
        return bench.read_raw(raw_dir, files)
    except (TableError, KeyError) as e:
        raise _err(bench.key, files[0].name if files else raw_dir, str(e)) from None


def read_manifest(out_dir) -> dict:
    """manifest.json of a normalized directory ({} when absent); BenchmarkDataError without docs.parquet."""
    out_dir = Path(out_dir)
    if not (out_dir / "docs.parquet").is_file():
        raise BenchmarkDataError(f"{out_dir}: docs.parquet is missing (run normalize first)")
    man = out_dir / "manifest.json"
    return json.loads(man.read_text(encoding="utf-8")) if man.is_file() else {}


def load_docs(out_dir) -> list[dict]:
    """The docs of a normalized directory (images as bytes, options/meta decoded)."""
    import pyarrow.parquet as pq

    path = Path(out_dir) / "docs.parquet"
    want = read_manifest(out_dir).get("docs_sha256")
    if want and want != _digest(path, "sha256"):
        raise BenchmarkDataError(f"{path}: sha256 does not match manifest.json")
    table = pq.read_table(path)
    missing = [c for c in _schema().names if c not in table.column_names]
    if missing:
        raise BenchmarkDataError(f"{path}: missing column(s) {', '.join(missing)}")
    return [{"id": r["id"], "question": r["question"], "options": json.loads(r["options"]),
             "answer": r["answer"], "images": [bytes(b) for b in r["images"]], "meta": json.loads(r["meta"])}
            for r in table.to_pylist()]


# ---------------------------------------------------------------------------
# fetching (cluster side; needs network)
# ---------------------------------------------------------------------------

def _hf_repo_id(url: str) -> str:
    m = re.match(r"https?://huggingface\.co/datasets/([^/]+/[^/]+)", url or "")
    if not m:
        raise BenchmarkDataError(f"not a Hugging Face dataset URL: {url!r}")
    return m.group(1)


def fetch(benchmark: str, raw_dir, *, provenance=None) -> Path:
    """Download a benchmark's raw files into ``raw_dir`` at their pinned version.

    TSV artifacts stream through ``urllib`` and must match the provenance md5 (when it has one);
    Hugging Face sources go through ``huggingface_hub.snapshot_download`` at the pinned revision.
    Writes ``source.json`` (what was fetched) beside them."""
    spec, raw_dir = _spec(benchmark), Path(raw_dir)
    entry = benchmark_provenance(benchmark, provenance)
    raw_dir.mkdir(parents=True, exist_ok=True)
    if spec.fmt == TSV:
        url, name, md5 = tsv_source(benchmark, entry)
        part, h = raw_dir / (name + ".part"), hashlib.md5()
        try:
            with urllib.request.urlopen(url, timeout=120) as resp, open(part, "wb") as f:
                for chunk in iter(lambda: resp.read(1 << 20), b""):
                    h.update(chunk)
                    f.write(chunk)
        except OSError as e:
            part.unlink(missing_ok=True)
            raise _err(benchmark, url, f"download failed ({e})") from None
        if md5 and h.hexdigest() != md5:
            part.unlink(missing_ok=True)
            raise _err(benchmark, name, f"md5 mismatch: expected {md5}, found {h.hexdigest()}")
        os.replace(part, raw_dir / name)
        record = {"url": url, "file": name, "md5": h.hexdigest()}
    else:
        try:
            from huggingface_hub import snapshot_download
        except ImportError:
            raise _err(benchmark, raw_dir, "huggingface_hub is not installed (needed to fetch it)") from None
        src = entry["source"]
        repo_id = _hf_repo_id(src["repository"])
        snapshot_download(repo_id=repo_id, repo_type="dataset", revision=src["revision"], local_dir=str(raw_dir))
        record = {"repo_id": repo_id, "revision": src["revision"],
                  "files": {p.relative_to(raw_dir).as_posix(): _md5(p)
                            for p in _parquet_files(benchmark, spec, raw_dir)}}
    (raw_dir / "source.json").write_bytes(_json_bytes({"benchmark": benchmark, "format": spec.fmt, **record}))
    return raw_dir


# ---------------------------------------------------------------------------
# fixtures: a few rows in the benchmark's own raw format
# ---------------------------------------------------------------------------

def _image(rng: random.Random, size=(64, 64)) -> bytes:
    from PIL import Image, ImageDraw

    img = Image.new("RGB", size, tuple(rng.randrange(200, 256) for _ in range(3)))
    draw = ImageDraw.Draw(img)
    w, h = size
    for k in range(rng.randrange(2, 5)):                     # a small bar chart
        x0 = 6 + k * (w - 12) // 4
        top = rng.randrange(8, h - 8)
        draw.rectangle([x0, top, x0 + (w - 12) // 4 - 3, h - 4], fill=tuple(rng.randrange(0, 180) for _ in range(3)))
    draw.ellipse([w - 20, 4, w - 6, 18], outline=(0, 0, 0))
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


# Templates: raw columns of one source row; "_images": images in the row, "_image_ref": share the
# previous row's image through VLMEvalKit's short-index reference.  "{n}" is replaced by the row number.
_MC4 = {"A": "red", "B": "blue", "C": "green", "D": "yellow"}
FIXTURES: dict[str, list[dict]] = {
    "chartqapro": [
        {"question": "['What is the value of the tallest bar?']", "answer": "['42']", "question_type": "Factoid",
         "year": "['NO']", "paragraph": ""},
        {"question": "['Which bar is shortest? a) first b) second c) third d) fourth']", "answer": "['b']",
         "question_type": "Multi Choice", "year": "['NO']", "paragraph": "Survey of 2020."},
        {"question": "['How many bars are there?', 'And how many are blue?']", "answer": "['4', '1']",
         "question_type": "Conversational", "year": "['NO', 'NO']", "paragraph": ""},
        {"question": "['The first bar is taller than the second.']", "answer": "['True']",
         "question_type": "Fact Checking", "year": "['NO']", "paragraph": ""},
        {"question": "['If the last bar doubled, what would it be?']", "answer": "['30']",
         "question_type": "Hypothetical", "year": "['NO']", "paragraph": ""},
        {"question": "['In which year was the value highest?']", "answer": "['2019']", "question_type": "Factoid",
         "year": "['YES']", "paragraph": ""},
    ],
    "charxivreason": [
        {"question": "Which subplot has the highest peak?", "answer": "(b)", "inst_category": "1", "qid": "5",
         "grading_query": "Compare {PREDICTION} with the answer (b)."},
        {"question": "What is the difference between the two largest values?", "answer": "12", "inst_category": "3",
         "qid": "7", "grading_query": "Compare {PREDICTION} with the answer 12."},
    ],
    "tablevqabench": [
        {"question": "Which city hosted in 1998?", "answer": "Paris", "split": "vwtq"},
        {"question": "How many rows list a score above 10?", "answer": "3", "split": "vwtq_syn"},
        {"question": "The team won every home game.", "answer": "1", "split": "vtabfact"},
        {"question": "What was the net revenue in 2010?", "answer": "$1,204", "split": "fintabnetqa"},
    ],
    "evochart": [
        {"question": "What is the value of the third bar?", "answer": "32", "is_clear": True,
         "attribute": "value", "chart_type": "bar"},
        {"question": "Estimate the average of all bars.", "answer": "25.5", "is_clear": False,
         "attribute": "average", "chart_type": "bar"},
        {"question": "Which series is the largest?", "answer": "Blue", "is_clear": True,
         "attribute": "compare", "chart_type": "line"},
    ],
    "wemath": [
        {"ID": "2steps_{c}", "key": "2steps_1", "question": "What is the side length of the square?", **_MC4,
         "answer": "A", "knowledge concept": "Side length", "hint": "", "requirement": ""},
        {"ID": "2steps_{c}", "key": "2steps_2", "question": "What is the area of a square with side 4?", **_MC4,
         "answer": "C", "knowledge concept": "Area of squares", "hint": "", "requirement": ""},
        {"ID": "2steps_{c}", "key": "2steps_multi", "question": "What is the area of the square in the figure?",
         **_MC4, "answer": "C", "knowledge concept": "Area of squares", "hint": "", "requirement": ""},
        {"ID": "3steps_{c}", "key": "3steps_1", "question": "Step one?", "A": "1", "B": "2", "answer": "B",
         "knowledge concept": "Angles", "hint": "", "requirement": ""},
        {"ID": "3steps_{c}", "key": "3steps_2", "question": "Step two?", "A": "1", "B": "2", "answer": "A",
         "knowledge concept": "Angles", "hint": "", "requirement": ""},
        {"ID": "3steps_{c}", "key": "3steps_3", "question": "Step three?", "A": "1", "B": "2", "answer": "A",
         "knowledge concept": "Angles", "hint": "", "requirement": ""},
        {"ID": "3steps_{c}", "key": "3steps_multi", "question": "The composite problem?", "A": "1", "B": "2",
         "answer": "B", "knowledge concept": "Angles", "hint": "", "requirement": ""},
    ],
    "phyx_mini_mc": [
        {"question": "A ball falls from 5 m. What is its speed at the ground?\nA: 5 m/s\nB: 9.9 m/s\nC: 20 m/s\n"
                     "D: 0 m/s", "answer": "B", "category": "Mechanics", "subfield": "Kinematics"},
        {"question": "Which lens forms the image shown?\nA: convex\nB: concave\nC: plane\nD: none", "answer": "A",
         "category": "Optics", "subfield": "Lenses"},
    ],
    "mmmu_pro_vision": [
        {"question": "<image 1>", **{k: f"choice {k}" for k in LETTERS}, "answer": "J", "subject": "Physics",
         "category": "Science"},
        {"question": "<image 1>", **_MC4, "answer": "B", "subject": "Art", "category": "Art and Design"},
    ],
    "realworldqa": [
        {"question": "Which direction is the car facing?", "A": "left", "B": "right", "C": "toward us",
         "answer": "C", "category": "driving"},
        {"question": "Is the light green?", "A": "yes", "B": "no", "answer": "A", "category": ""},
    ],
    "mmstar": [
        {"question": "What color is the largest bar?", **_MC4, "answer": "B", "category": "coarse perception",
         "l2-category": "image scene and topic", "bench": "MMBench"},
        {"question": "How many bars are there?", "A": "2", "B": "3", "C": "4", "D": "5", "answer": "C",
         "category": "fine-grained perception", "l2-category": "object counting", "bench": "SEEDBench"},
    ],
    "embspatial": [
        {"question": "Which object is closest to the camera?", "options": "['chair', 'table', 'lamp', 'sofa']",
         "answer": "A", "data_source": "mp3d"},
        {"question": "Where is the lamp relative to the sofa?", "options": "['left', 'right', 'above', 'below']",
         "answer": "C", "data_source": "ai2thor"},
    ],
    "cvbench_3d": [
        {"question": "Which object is closer to the camera?", "A": "the chair", "B": "the table", "answer": "(A)",
         "prompt": "Which object is closer to the camera? Select from the following choices.\n(A) the chair\n"
                   "(B) the table", "category": "Depth", "source": "Omni3D", "split": "3D"},
        {"question": "Which object is closer to the lamp?", "A": "the box", "B": "the bed", "answer": "(B)",
         "prompt": "Which object is closer to the lamp? Select from the following choices.\n(A) the box\n"
                   "(B) the bed", "category": "Distance", "source": "Omni3D", "split": "3D"},
    ],
    "blink": [
        {"question": "Which point is closer to the camera?", "A": "point A", "B": "point B", "answer": "(A)",
         "category": "Relative_Depth", "hint": ""},
        {"question": "Which image is the same scene from another view?", "A": "the second image",
         "B": "the third image", "answer": "(B)", "category": "Multi-view_Reasoning", "hint": "", "_images": 3},
        {"question": "Are the two images of the same object?", "A": "yes", "B": "no", "answer": "(A)",
         "category": "Visual_Similarity", "hint": "", "_images": 2},
    ],
    "countbenchqa": [
        {"question": "How many bars are in the image?", "answer": "4"},
        {"question": "How many circles are in the image?", "answer": "1", "_image_ref": True},
    ],
    "countqa": [
        {"questions": ["How many bars are there?", "How many circles are there?"], "answers": [4, 1],
         "objects": ["bar", "circle"], "categories": ["shapes"], "is_focused": True},
        {"questions": ["How many coins are on the table?"], "answers": [12], "objects": ["coin"],
         "categories": ["money"], "is_focused": False},
        {"questions": ["How many red bars?", "How many blue bars?", "How many bars?"], "answers": [1, 2, 3],
         "objects": ["bar"], "categories": ["shapes"], "is_focused": True},
    ],
    "treebench": [
        {"question": "What color is the cup on the left?",
         "multi-choice options": "A. red\nB. blue\nC. white\nD. black",
         "answer": "C", "category": "Perception/Attributes", "target_instances": "[[10, 10, 30, 30]]"},
        {"question": "Which object is in front?", "multi-choice options": "A. the box\nB. the ball",
         "answer": "A", "category": "Reasoning/Contact and Occlusion", "target_instances": "[[5, 5, 20, 20]]"},
    ],
    "puzzlevqa": [
        {"question": "What is the missing color in the pattern?", "options": "['red', 'blue', 'green', 'yellow']",
         **_MC4, "answer": "A", "category": "colors"},
        {"question": "What is the size of the missing circle?", "options": "['small', 'medium', 'large']",
         "A": "small", "B": "medium", "C": "large", "answer": "B", "category": "size"},
    ],
    "visualpuzzles": [
        {"question": "Which piece completes the puzzle?", "options": "['A', 'B', 'C', 'D']",
         "A": "A", "B": "B", "C": "C", "D": "D", "answer": "D", "category": "Algorithmic"},
        {"question": "Which statement is true?", "options": "['first', 'second', 'third', 'fourth']",
         "A": "first", "B": "second", "C": "third", "D": "fourth", "answer": "A", "category": "Deductive"},
    ],
}


def _fill(value, c: int):
    return value.replace("{c}", str(c)) if isinstance(value, str) else value


def write_fixture(benchmark: str, raw_dir, rows: int = 4, seed: int = 0) -> dict:
    """Write a tiny fixture of ``benchmark`` in its own raw format into ``raw_dir`` (``rows`` rounded up
    to whole cycles of the :data:`FIXTURES` templates, so every answer type is covered and every
    WeMath composite problem is complete) plus ``fixture.json``
    (``{"benchmark", "fixture": true, "rows", "files": {name: md5}}``).  Same seed, same bytes."""
    spec, raw_dir = _spec(benchmark), Path(raw_dir)
    if int(rows) < 1:
        raise BenchmarkDataError(f"{benchmark}: fixture rows must be at least 1, got {rows}")
    rng = random.Random(f"{benchmark}:{seed}")
    migrated = _module(benchmark)
    if migrated is not None:
        return _write_module_fixture(migrated, spec, raw_dir, rng, int(rows), seed)
    templates = FIXTURES[benchmark]
    n = -(-max(int(rows), 1) // len(templates)) * len(templates)     # whole cycles of the templates
    raw_dir.mkdir(parents=True, exist_ok=True)
    records = []
    for i in range(n):
        t = {k: _fill(v, i // len(templates)) for k, v in templates[i % len(templates)].items()}
        size = (64 + 8 * (i % 3), 64)
        t["_imgs"] = [_image(rng, size) for _ in range(int(t.pop("_images", 1)))]
        records.append(t)
    if spec.fmt == TSV:
        names = [_tsv_name(benchmark)]
        columns = ["index", "image"]
        for r in records:
            columns += [k for k in r if not k.startswith("_") and k not in columns]
        with open(raw_dir / names[0], "w", encoding="utf-8", newline="") as f:
            w = csv.writer(f, delimiter="\t", lineterminator="\n")
            w.writerow(columns)
            for i, r in enumerate(records):
                idx = str(1000 + i)
                if r.get("_image_ref") and i:
                    image = str(1000 + i - 1)
                elif len(r["_imgs"]) == 1:
                    image = _b64(r["_imgs"][0])
                else:
                    image = json.dumps([_b64(b) for b in r["_imgs"]])
                w.writerow([{"index": idx, "image": image}.get(c, r.get(c, "")) for c in columns])
    else:
        import pyarrow as pa
        import pyarrow.parquet as pq

        names = [f"data/{spec.split}-00000-of-00001.parquet"]
        cols: dict[str, list] = {"image": [{"bytes": r["_imgs"][0], "path": f"{i}.png"} for i, r in enumerate(records)]}
        for key in [k for k in records[0] if not k.startswith("_")]:
            cols[key] = [r[key] for r in records]
        (raw_dir / "data").mkdir(exist_ok=True)
        pq.write_table(pa.Table.from_pydict(cols), raw_dir / names[0], compression="snappy")
    info = {"benchmark": benchmark, "fixture": True, "seed": seed,
            "rows": len(read_raw(benchmark, raw_dir)),
            "files": {name: _md5(raw_dir / name) for name in names}}
    (raw_dir / "fixture.json").write_bytes(_json_bytes(info))
    return info


def _write_module_fixture(bench, spec: Spec, raw_dir: Path, rng: random.Random, rows: int, seed: int) -> dict:
    """A fixture of a migrated benchmark: its module's own raw records, written as the reference's TSV."""
    from .common import table

    raw_dir.mkdir(parents=True, exist_ok=True)
    records = bench.fixture_records(rng, rows)
    if spec.fmt != TSV:
        for i, rec in enumerate(records):
            rec["_images"] = rec.get("_images") or [_image(rng, (64 + 8 * (i % 3), 64))]
        names = bench.write_fixture_files(raw_dir, records)
        info = {"benchmark": bench.key, "fixture": True, "seed": seed,
                "rows": len(bench.read_raw(raw_dir, [raw_dir / n for n in names])),
                "files": {n: _md5(raw_dir / n) for n in names}}
        (raw_dir / "fixture.json").write_bytes(_json_bytes(info))
        return info
    out = []
    for i, rec in enumerate(records):
        rec = dict(rec)
        imgs = rec.pop("_images", None) or [_image(rng, (64 + 8 * (i % 3), 64))]
        image = _b64(imgs[0]) if len(imgs) == 1 else str([_b64(b) for b in imgs])
        out.append({"index": rec.pop("index", 1000 + i), "image": image, **rec})
    name = _tsv_name(bench.key)
    table.write_tsv(out, raw_dir / name)
    info = {"benchmark": bench.key, "fixture": True, "seed": seed,
            "rows": len(bench.read_raw(raw_dir, [raw_dir / name])), "files": {name: _md5(raw_dir / name)}}
    (raw_dir / "fixture.json").write_bytes(_json_bytes(info))
    return info
