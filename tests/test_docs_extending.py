"""docs/extending.md stays true: every repository path it names exists (a ``<placeholder>`` matches at least one
file), every ``rlvr`` command and option it names is a real one (``rlvr --help``, ``rlvr SUB --help``), every
``rlvr.`` name and every ``name()`` it names is defined, and every benchmark of the suite has each
per-benchmark file the page's benchmark checklist lists."""

from __future__ import annotations

import functools
import importlib
import inspect
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "extending.md"
TEXT = PAGE.read_text(encoding="utf-8")
RLVR = str(Path(sys.executable).parent / "rlvr")
REFERENCE = ROOT / "rlvr" / "evaluation" / "reference"
SUITE = json.loads((REFERENCE / "suite.v1.json").read_text(encoding="utf-8"))
KEYS = [b["key"] for b in SUITE["benchmarks"]]

#: top-level entries of the repository a path on the page may start with (run outputs such as results/ are not)
REPO_ROOTS = ("rlvr/", "rules/", "config/", "tests/", "docs/", "trace/", "containers/", "envs/", "slurm/",
              "scripts/", "bench/", "Snakefile", "README.md", "pyproject.toml")
_PATH = re.compile(r"(?<![\w./-])((?:" + "|".join(re.escape(r) for r in REPO_ROOTS) + r")[\w./<>*-]*)")
_FENCE = re.compile(r"```[a-z]*\n(.*?)```", re.S)


def _section(number: int) -> str:
    start = TEXT.index(f"\n## {number}. ")
    end = TEXT.find("\n## ", start + 1)
    return TEXT[start:end if end > 0 else len(TEXT)]


BENCHMARK_SECTION = _section(1)


def _spans(text: str) -> list[str]:
    """Backticked spans outside code blocks, and every line of the code blocks."""
    outside = _FENCE.sub("", text)
    return re.findall(r"`([^`\n]+)`", outside) + [line.strip() for block in _FENCE.findall(text)
                                                  for line in block.splitlines() if line.strip()]


def _paths(text: str) -> set[str]:
    return {m.rstrip(".,:;)") for s in _spans(text) for m in _PATH.findall(s)}


# ------------------------------------------------------------------------------------------ the whole page
def test_repo_roots_exist():
    assert all((ROOT / r.rstrip("/")).exists() for r in REPO_ROOTS)


def test_every_repository_path_the_page_names_exists():
    paths = _paths(TEXT)
    assert len(paths) > 40
    missing = []
    for p in sorted(paths):
        if "<" in p or "*" in p:
            pattern = re.sub(r"<[^>]*>", "*", p).rstrip("/")
            if not any(ROOT.glob(pattern)):
                missing.append(p)
        elif not (ROOT / p).exists():
            missing.append(p)
    assert not missing, f"docs/extending.md names paths that do not exist: {missing}"


@functools.lru_cache(maxsize=None)
def _sources() -> tuple[str, ...]:
    files = [*ROOT.glob("rlvr/**/*.py"), *ROOT.glob("rules/*.smk"), ROOT / "Snakefile"]
    return tuple(f.read_text(encoding="utf-8") for f in files)


def _defined(name: str) -> bool:
    pattern = re.compile(rf"^\s*def {re.escape(name)}\(", re.M)
    return any(pattern.search(text) for text in _sources())


def test_every_function_the_page_names_is_defined():
    """Ours (a ``def`` in rlvr/, rules/ or the Snakefile), or Snakemake's own rule functions (``directory()``)."""
    import snakemake.io

    names = sorted({s[:-2] for s in _spans(TEXT) if re.fullmatch(r"[A-Za-z_]\w*\(\)", s)})
    assert {"build_prompt", "score_row", "final_targets"} <= set(names)
    assert not [n for n in names if not (_defined(n) or callable(getattr(snakemake.io, n, None)))]


def _resolve(dotted: str):
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise ImportError(dotted)


def test_every_rlvr_name_the_page_names_resolves():
    names = sorted({s for s in _spans(TEXT) if re.fullmatch(r"rlvr(\.\w+)+", s)})
    assert len(names) > 15
    bad = []
    for name in names:
        try:
            _resolve(name)
        except (ImportError, AttributeError):
            bad.append(name)
    assert not bad, f"docs/extending.md names what does not exist: {bad}"


@functools.lru_cache(maxsize=None)
def _help(*sub: str) -> str:
    r = subprocess.run([RLVR, *sub, "--help"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


def _subcommands() -> set[str]:
    text = _help()
    block = text[text.index("positional arguments:"):text.index("options:")]
    return set(re.findall(r"^ {4}(\S+)", block, re.M))


def test_every_rlvr_command_and_option_the_page_names_is_real():
    commands = [shlex.split(s) for s in _spans(TEXT) if s.startswith("rlvr ")]
    assert len(commands) > 10
    subs = _subcommands()
    assert {"suite", "check", "conformance", "validate-receipts"} <= subs
    for argv in commands:
        sub = argv[1]
        assert sub in subs, f"`{' '.join(argv)}`: rlvr has no command {sub!r}"
        for opt in (a.split("=")[0] for a in argv[2:] if a.startswith("--")):
            assert re.search(rf"(?<![\w-]){re.escape(opt)}(?![\w-])", _help(sub)), f"rlvr {sub} has no option {opt}"


def test_the_page_is_linked_from_the_readme_and_the_stage_pages():
    for doc in ("README.md", "docs/evaluation.md", "docs/training.md"):
        assert "extending.md" in (ROOT / doc).read_text(encoding="utf-8"), doc


# ------------------------------------------------------------------------------------------ checklist 1
def _bench(key):
    from rlvr.evaluation import benchmarks

    return benchmarks.get(key)


def _suite_entry(key) -> dict:
    return next(b for b in SUITE["benchmarks"] if b["key"] == key)


def _check_module(key):
    from rlvr.evaluation.benchmarks.base import Benchmark

    bench = _bench(key)
    cls = type(bench)
    path = Path(inspect.getfile(cls))
    assert path.parent == ROOT / "rlvr" / "evaluation" / "benchmarks" and not path.name.startswith("_"), path
    assert bench.key == key and bench.alias == _suite_entry(key)["official_alias"] and bench.upstream
    assert bench.raw_format in ("vlmevalkit_tsv", "hf_parquet")
    assert cls.fixture_records is not Benchmark.fixture_records, f"{key}: no fixture_records"
    if bench.raw_format == "hf_parquet":
        assert bench.hf_split and cls.write_fixture_files is not Benchmark.write_fixture_files
        assert cls.read_raw is not Benchmark.read_raw


def _check_task(key):
    task = yaml.safe_load((ROOT / f"rlvr/evaluation/tasks/{key}.yaml").read_text(encoding="utf-8"))
    assert task["include"] == "_trace_eval.yaml" and task["task"] == f"trace_eval_{key}"
    assert task["tag"] == "trace_eval_v1" and task["metadata"]["benchmark"] == key


def _check_suite(key):
    entry = _suite_entry(key)
    for field in ("display", "official_alias", "category", "route", "rows", "answer_contract", "score_contract"):
        assert entry.get(field) not in (None, ""), f"{key}: suite.v1.json lacks {field}"
    assert key in SUITE["categories"][entry["category"]] and key in SUITE["routes"][entry["route"]]


def _check_provenance(key):
    prov = json.loads((REFERENCE / "benchmark_provenance.v1.json").read_text(encoding="utf-8"))
    entry = next(p for p in prov["benchmarks"] if p["benchmark_id"] == key)
    assert entry["row_count"] == _suite_entry(key)["rows"]
    assert re.fullmatch(r"[0-9a-f]{40}", entry["source"]["revision"])


def _check_judge_route(key):
    routes = json.loads((REFERENCE / "judge_routes.v1.json").read_text(encoding="utf-8"))["benchmarks"]
    assert routes[key]["use"] == (_bench(key).judge or "none")
    assert (routes[key]["transport"] is None) == (routes[key]["use"] == "none")


def _shared_constants() -> dict[str, str | None]:
    """The page's table of benchmarks without a constants file of their own: key -> group file stem (None)."""
    table = BENCHMARK_SECTION[BENCHMARK_SECTION.index("<!-- shared-constants -->"):]
    out = {}
    for line in table.splitlines()[3:]:
        if not line.lstrip().startswith("|"):
            break
        keys_cell, texts_cell = line.strip().strip("|").split("|", 1)
        group = re.search(r"protocol_constants/(\w+)\.json", texts_cell)
        for key in re.findall(r"`(\w+)`", keys_cell):
            out[key] = group.group(1) if group else None
    return out


def _check_constants(key):
    own = REFERENCE / "protocol_constants" / f"{key}.json"
    if own.is_file():
        names = json.loads(own.read_text(encoding="utf-8"))["constants"]
        assert names and all(n.startswith(f"{key}.") for n in names), f"{own.name}: keys must start with {key}."
    else:
        assert key in _shared_constants(), f"{key}: no {own.name} and not in the page's shared-constants table"


def _check_manifest(key):
    manifest = json.loads((ROOT / "config/eval/trace_eval_v1.json").read_text(encoding="utf-8"))
    entry = next(b for b in manifest["benchmarks"] if b["key"] == key)
    assert entry["lm_eval_task"] == f"trace_eval_{key}"


def _check_protocol_page(key):
    text = (ROOT / "docs/evaluation.md").read_text(encoding="utf-8")
    assert re.search(rf"^### {re.escape(key)} — ", text, re.M), f"docs/evaluation.md has no section for {key}"


#: the per-benchmark files of checklist 1, as the page names them, and what each must hold for a benchmark
KINDS = {
    "rlvr/evaluation/benchmarks/<module>.py": _check_module,
    "rlvr/evaluation/tasks/<key>.yaml": _check_task,
    "rlvr/evaluation/reference/suite.v1.json": _check_suite,
    "rlvr/evaluation/reference/benchmark_provenance.v1.json": _check_provenance,
    "rlvr/evaluation/reference/judge_routes.v1.json": _check_judge_route,
    "rlvr/evaluation/reference/protocol_constants/<key>.json": _check_constants,
    "config/eval/trace_eval_v1.json": _check_manifest,
    "docs/evaluation.md": _check_protocol_page,
}


def test_the_benchmark_checklist_lists_exactly_the_checked_file_kinds():
    named = _paths(BENCHMARK_SECTION)
    assert set(KINDS) <= named, f"the benchmark checklist no longer names {sorted(set(KINDS) - named)}"
    per_benchmark = {p for p in named if "<key>" in p or "<module>" in p}
    unchecked = sorted(per_benchmark - set(KINDS))
    assert not unchecked, f"per-benchmark files without a check here: {unchecked}"


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("kind", list(KINDS), ids=[f.__name__[len("_check_"):] for f in KINDS.values()])
def test_every_suite_benchmark_has_each_file_of_the_checklist(key, kind):
    KINDS[kind](key)


def test_the_shared_constants_table_is_the_benchmarks_without_a_file_of_their_own():
    shared = _shared_constants()
    without = {k for k in KEYS if not (REFERENCE / "protocol_constants" / f"{k}.json").is_file()}
    assert set(shared) == without
    for key, group in shared.items():
        hierarchy = type(_bench(key)).__mro__[:-1]          # the benchmark's classes, without object
        if group is None:       # sends no fixed text: no module of its hierarchy reads a protocol constant
            for c in hierarchy:
                assert "constants." not in inspect.getsource(sys.modules[c.__module__]), (key, c.__module__)
        else:                   # the group file belongs to the module of its hierarchy that sends those texts
            modules = {c.__module__.rsplit(".", 1)[-1] for c in hierarchy}
            assert (REFERENCE / "protocol_constants" / f"{group}.json").is_file() and group in modules, (key, group)
    groups = {p.stem for p in (REFERENCE / "protocol_constants").glob("*.json")} - set(KEYS) - {"_about"}
    assert groups == {g for g in shared.values() if g}, "a group constants file the page does not name"


def test_family_modules_are_named_on_the_page():
    by_module: dict[str, list[str]] = {}
    for key in KEYS:
        by_module.setdefault(Path(inspect.getfile(type(_bench(key)))).name, []).append(key)
    families = {m: ks for m, ks in by_module.items() if len(ks) > 1}
    assert families
    for module, keys in families.items():
        assert f"`{module}`" in BENCHMARK_SECTION and all(f"`{k}`" in BENCHMARK_SECTION for k in keys), module
