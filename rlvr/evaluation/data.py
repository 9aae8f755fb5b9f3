"""Benchmark data layer of the evaluation suite: the pinned raw files of a benchmark -> its normalized rows.

Raw formats (:data:`FORMATS`, a benchmark module's ``raw_format``):

``vlmevalkit_tsv``
    the VLMEvalKit TSV artifact named by the benchmark's provenance (``evaluation_artifact`` with a ``.tsv``
    URL, or a ``.tsv`` path in a pinned Hugging Face repository, as for the EASI spatial TSVs), stored under
    the artifact's own file name; where the reference re-pinned the URL (RealWorldQA) the module's
    ``artifact_url`` is fetched, the md5 unchanged.
``hf_parquet``
    a Hugging Face dataset repository at its pinned revision (EvoChart, CountQA) as ``snapshot_download``
    lays it out: ``**/<split>-*.parquet`` (the module's ``hf_split``).

``normalize`` checks the raw files' md5 (the provenance checksum, or ``fixture.json`` for a fixture), reads
them through the benchmark's module (the reference's loader quirks live there) and the row count (the
provenance count, or the fixture's), then writes the normalized directory (:mod:`.common.dataset`).
``write_fixture`` writes a few rows in the benchmark's own raw format (the module's ``fixture_records``).
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import random
import re
import urllib.request
from pathlib import Path

from tracegen.core.canonical import pretty_json
from tracegen.core.files import atomic_file

from .common import dataset as rows_dataset

__all__ = ["BenchmarkDataError", "FORMATS", "normalize", "read_manifest", "write_fixture", "fetch", "provenance",
           "benchmark_provenance", "raw_files", "tsv_source"]

HERE = Path(__file__).resolve().parent
#: the provenance copy shipped with the package (users have no ../shared at run time)
PROVENANCE_PATH = HERE / "reference" / "benchmark_provenance.v1.json"
TSV, HF = "vlmevalkit_tsv", "hf_parquet"


class BenchmarkDataError(ValueError):
    """A raw benchmark file is missing, malformed or does not match its pinned facts."""


def _module(benchmark: str):
    from . import benchmarks

    try:
        return benchmarks.get(benchmark)
    except KeyError:
        raise BenchmarkDataError(f"{benchmark}: unknown benchmark") from None


class _Formats(dict):
    """benchmark key -> raw format, read from the benchmark modules on first use."""

    def _fill(self):
        if not dict.__len__(self):
            from . import benchmarks

            self.update({k: benchmarks.get(k).raw_format for k in benchmarks.keys()})

    def __getitem__(self, key):
        self._fill()
        return dict.__getitem__(self, key)

    def __iter__(self):
        self._fill()
        return dict.__iter__(self)

    def __len__(self):
        self._fill()
        return dict.__len__(self)

    def items(self):
        self._fill()
        return dict.items(self)

    def values(self):
        self._fill()
        return dict.values(self)


FORMATS: dict[str, str] = _Formats()


# ------------------------------------------------------------------------------------------ provenance
_PROV_CACHE: dict = {}


def provenance(path=None) -> dict:
    """The benchmark provenance document (the copy shipped in the package unless ``path``)."""
    p = Path(path) if path else PROVENANCE_PATH
    if str(p) not in _PROV_CACHE:
        try:
            _PROV_CACHE[str(p)] = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as e:
            raise BenchmarkDataError(f"provenance {p}: cannot read ({e})") from None
    return _PROV_CACHE[str(p)]


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
    url = _module(benchmark).artifact_url                  # the reference's re-pinned URL (same md5)
    if url:
        return url, url.rsplit("/", 1)[-1], md5
    if art.get("url", "").endswith(".tsv"):
        return art["url"], art["url"].rsplit("/", 1)[-1], md5
    if art.get("path", "").endswith(".tsv") and art.get("repository"):
        url = f"{art['repository'].rstrip('/')}/resolve/{art['repository_revision']}/{art['path']}"
        return url, art["path"].rsplit("/", 1)[-1], md5
    raise BenchmarkDataError(f"{benchmark}: provenance names no TSV artifact")


def _tsv_name(benchmark: str) -> str:
    return tsv_source(benchmark, benchmark_provenance(benchmark))[1]


# ------------------------------------------------------------------------------------------ helpers
def _err(benchmark, where, problem) -> BenchmarkDataError:
    return BenchmarkDataError(f"{benchmark}: {where}: {problem}")


def _digest(path: Path, algo: str) -> str:
    h = hashlib.new(algo)
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _md5(path: Path) -> str:
    return _digest(path, "md5")


def _json_bytes(obj) -> bytes:
    return pretty_json(obj, indent=2).encode("utf-8")


def _parquet_files(benchmark: str, split: str, raw_dir: Path) -> list[Path]:
    files = sorted((p for p in raw_dir.rglob("*.parquet") if ".cache" not in p.parts),
                   key=lambda p: p.relative_to(raw_dir).as_posix())
    chosen = [p for p in files if p.name.startswith(f"{split}-") or p.parent.name == split]
    if not chosen:
        raise _err(benchmark, raw_dir, f"no '{split}' split parquet files (found {len(files)} parquet files)")
    return chosen


def raw_files(benchmark: str, raw_dir) -> list[Path]:
    """The raw files the benchmark's module reads from ``raw_dir``."""
    bench, raw_dir = _module(benchmark), Path(raw_dir)
    if bench.raw_format == TSV:
        return [raw_dir / _tsv_name(benchmark)]
    return _parquet_files(benchmark, bench.hf_split, raw_dir)


def _fixture_info(raw_dir: Path) -> dict | None:
    p = raw_dir / "fixture.json"
    if not p.is_file():
        return None
    try:
        info = json.loads(p.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise BenchmarkDataError(f"fixture.json in {raw_dir}: not JSON ({e})") from None
    return info if info.get("fixture") else None


# ------------------------------------------------------------------------------------------ normalize
def normalize(benchmark: str, raw_dir, out_dir, *, expect_rows=None, expect_md5=None, prov=None) -> dict:
    """Check and read ``raw_dir``, write ``out_dir`` (docs.parquet + manifest.json) atomically.

    md5 of the raw files: the provenance TSV checksum (or ``fixture.json``'s file md5s for a fixture;
    ``expect_md5`` overrides: the TSV's md5 or a ``{relative path: md5}`` map). Row count: the provenance
    row count (or the fixture's; ``expect_rows`` overrides). Returns the manifest."""
    from .common.table import TableError

    bench, raw_dir = _module(benchmark), Path(raw_dir)
    entry = benchmark_provenance(benchmark, prov)
    if not raw_dir.is_dir():
        raise _err(benchmark, raw_dir, "raw directory is missing")
    fixture = _fixture_info(raw_dir)
    if fixture and fixture.get("benchmark") != benchmark:
        raise _err(benchmark, raw_dir / "fixture.json", f"fixture is for {fixture.get('benchmark')!r}")
    files = raw_files(benchmark, raw_dir)
    rel = {p: p.relative_to(raw_dir).as_posix() for p in files}
    md5s = {rel[p]: _md5(p) for p in files if p.is_file()}
    if expect_md5 is None:
        if fixture:
            expected = dict(fixture.get("files") or {})
        elif bench.raw_format == TSV:
            expected = {rel[files[0]]: tsv_source(benchmark, entry)[2]}
        else:
            expected = {}
    elif isinstance(expect_md5, str):
        if bench.raw_format != TSV:
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
    try:
        rows = bench.read_raw(raw_dir, files)
    except (TableError, KeyError) as e:
        raise _err(benchmark, files[0].name if files else raw_dir, str(e).strip("'\"")) from None
    want_rows = expect_rows if expect_rows is not None else (fixture["rows"] if fixture else entry.get("row_count"))
    if want_rows is not None and len(rows) != int(want_rows):
        raise _err(benchmark, raw_dir, f"row count mismatch: expected {want_rows}, found {len(rows)}")
    src = entry.get("source") or {}
    return rows_dataset.write(
        rows, out_dir, benchmark=benchmark,
        notes={"format": bench.raw_format, "fixture": bool(fixture), "repository": src.get("repository"),
               "revision": src.get("revision"), "artifact": entry.get("evaluation_artifact")},
        files={rel[p]: {"bytes": p.stat().st_size, "md5": _md5(p), "sha256": _digest(p, "sha256")} for p in files})


def read_manifest(out_dir) -> dict:
    """manifest.json of a normalized directory; BenchmarkDataError without docs.parquet."""
    out_dir = Path(out_dir)
    if not (out_dir / "docs.parquet").is_file():
        raise BenchmarkDataError(f"{out_dir}: docs.parquet is missing (run normalize first)")
    man = out_dir / "manifest.json"
    return json.loads(man.read_text(encoding="utf-8")) if man.is_file() else {}


# ------------------------------------------------------------------------------------------ fetching
def _hf_repo_id(url: str) -> str:
    m = re.match(r"https?://huggingface\.co/datasets/([^/]+/[^/]+)", url or "")
    if not m:
        raise BenchmarkDataError(f"not a Hugging Face dataset URL: {url!r}")
    return m.group(1)


def fetch(benchmark: str, raw_dir, *, provenance=None) -> Path:
    """Download a benchmark's raw files into ``raw_dir`` at their pinned version (cluster; needs the network).

    TSV artifacts stream through ``urllib`` and must match the provenance md5; Hugging Face sources go
    through ``huggingface_hub.snapshot_download`` at the pinned revision. Writes ``source.json``."""
    bench, raw_dir = _module(benchmark), Path(raw_dir)
    entry = benchmark_provenance(benchmark, provenance)
    raw_dir.mkdir(parents=True, exist_ok=True)
    if bench.raw_format == TSV:
        url, name, md5 = tsv_source(benchmark, entry)
        h = hashlib.md5()
        with atomic_file(raw_dir / name) as part:   # in place only when complete and its md5 matches
            try:
                with urllib.request.urlopen(url, timeout=120) as resp, open(part, "wb") as f:
                    for chunk in iter(lambda: resp.read(1 << 20), b""):
                        h.update(chunk)
                        f.write(chunk)
            except OSError as e:
                raise _err(benchmark, url, f"download failed ({e})") from None
            if md5 and h.hexdigest() != md5:
                raise _err(benchmark, name, f"md5 mismatch: expected {md5}, found {h.hexdigest()}")
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
                            for p in _parquet_files(benchmark, bench.hf_split, raw_dir)}}
    (raw_dir / "source.json").write_bytes(_json_bytes({"benchmark": benchmark, "format": bench.raw_format, **record}))
    return raw_dir


# ------------------------------------------------------------------------------------------ fixtures
def fixture_image(rng: random.Random, size=(64, 64)) -> bytes:
    """A small bar-chart PNG (deterministic for the generator's state)."""
    from PIL import Image, ImageDraw

    img = Image.new("RGB", size, tuple(rng.randrange(200, 256) for _ in range(3)))
    draw = ImageDraw.Draw(img)
    w, h = size
    for k in range(rng.randrange(2, 5)):
        x0 = 6 + k * (w - 12) // 4
        top = rng.randrange(8, h - 8)
        draw.rectangle([x0, top, x0 + (w - 12) // 4 - 3, h - 4], fill=tuple(rng.randrange(0, 180) for _ in range(3)))
    draw.ellipse([w - 20, 4, w - 6, 18], outline=(0, 0, 0))
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def write_fixture(benchmark: str, raw_dir, rows: int = 4, seed: int = 0) -> dict:
    """A tiny fixture of ``benchmark`` in its own raw format in ``raw_dir`` (at least ``rows`` rows, as the
    module's ``fixture_records`` gives them) plus ``fixture.json`` (``{"benchmark", "fixture": true, "rows",
    "files": {name: md5}}``). Same seed, same bytes."""
    from .common import table

    if int(rows) < 1:
        raise BenchmarkDataError(f"{benchmark}: fixture rows must be at least 1, got {rows}")
    bench, raw_dir = _module(benchmark), Path(raw_dir)
    rng = random.Random(f"{benchmark}:{seed}")
    raw_dir.mkdir(parents=True, exist_ok=True)
    records = bench.fixture_records(rng, int(rows))
    for i, rec in enumerate(records):
        rec["_images"] = rec.get("_images") or [fixture_image(rng, (64 + 8 * (i % 3), 64))]
    if bench.raw_format == TSV:
        out = []
        for i, rec in enumerate(records):
            rec = dict(rec)
            imgs = rec.pop("_images")
            image = _b64(imgs[0]) if len(imgs) == 1 else str([_b64(b) for b in imgs])
            out.append({"index": rec.pop("index", 1000 + i), "image": image, **rec})
        names = [_tsv_name(benchmark)]
        table.write_tsv(out, raw_dir / names[0])
    else:
        names = bench.write_fixture_files(raw_dir, records)
    info = {"benchmark": benchmark, "fixture": True, "seed": seed,
            "rows": len(bench.read_raw(raw_dir, [raw_dir / n for n in names])),
            "files": {n: _md5(raw_dir / n) for n in names}}
    (raw_dir / "fixture.json").write_bytes(_json_bytes(info))
    return info
