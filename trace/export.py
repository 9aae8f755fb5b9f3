"""Export a validated dataset directory to parquet shards with the public TRACE column set.

Columns (as in the maveryn/trace dataset-v1 release): ``images`` (list of {bytes, path}),
``image_sizes`` (list of {width, height}), ``prompt_answer``, ``prompt_answer_and_annotation``,
``answer_gt``, ``annotation_gt``, ``reward_contract``, ``trace_ref`` (these four as JSON strings),
``instance_id``, ``domain``, ``task``, ``scene_id``, ``query_id``, ``scene_variant``; plus our
``difficulty``.  With ``max_pixels`` larger images are downscaled (cairo, fixed filter) and
their annotations rescaled.  Bytes are deterministic for pinned pyarrow/cairo versions.

Records are streamed a shard at a time; every image path must resolve inside the dataset; the shards
are written to a staging folder and published like a dataset build (atomic, lock, ``--force`` replaces
only a folder).
"""

from __future__ import annotations

import io
import itertools
import json
import math
import re
from pathlib import Path

from .core.canonical import canonical_json

COLUMNS = ("images", "image_sizes", "prompt_answer", "prompt_answer_and_annotation", "answer_gt",
           "annotation_gt", "reward_contract", "instance_id", "domain", "task", "scene_id", "query_id",
           "scene_variant", "trace_ref", "difficulty")


def arrow_schema():
    import pyarrow as pa

    image = pa.struct([("bytes", pa.binary()), ("path", pa.string())])
    size = pa.struct([("width", pa.int64()), ("height", pa.int64())])
    fields = [("images", pa.list_(image)), ("image_sizes", pa.list_(size))]
    fields += [(c, pa.string()) for c in COLUMNS[2:-1]]
    fields += [("difficulty", pa.int64())]
    return pa.schema(fields)


def _downscale(png: bytes, max_pixels: int):
    """Return (png, width, height, sx, sy); unchanged when within the pixel cap."""
    import cairo

    src = cairo.ImageSurface.create_from_png(io.BytesIO(png))
    w, h = src.get_width(), src.get_height()
    if not max_pixels or w * h <= max_pixels:
        return png, w, h, 1.0, 1.0
    f = math.sqrt(max_pixels / (w * h))
    nw, nh = max(1, int(w * f)), max(1, int(h * f))
    dst = cairo.ImageSurface(cairo.FORMAT_RGB24, nw, nh)
    ctx = cairo.Context(dst)
    ctx.scale(nw / w, nh / h)
    ctx.set_source_surface(src, 0, 0)
    ctx.get_source().set_filter(cairo.FILTER_GOOD)
    ctx.paint()
    out = io.BytesIO()
    dst.write_to_png(out)
    return out.getvalue(), nw, nh, nw / w, nh / h


def _row(root: Path, record: dict, max_pixels: int | None) -> dict:
    from .validate import inside

    return record_row(record, [inside(root, im["path"]).read_bytes() for im in record["images"]], max_pixels)


def record_row(record: dict, pngs: list, max_pixels: int | None = None) -> dict:
    """One parquet row (the columns above) from a record and its images' PNG bytes, in record order.

    ``export`` reads the PNGs from the dataset folder; an online consumer (``rlvr``'s online RL
    stream) passes the bytes of a freshly generated instance, so both get the same row."""
    from .core import annotation as ann

    images, sizes = [], []
    sx = sy = 1.0
    for im, png in zip(record["images"], pngs, strict=True):
        png, w, h, sx, sy = _downscale(png, max_pixels) if max_pixels else (png, im["width"], im["height"], 1, 1)
        images.append({"bytes": png, "path": im["path"]})
        sizes.append({"width": w, "height": h})
    annotation = dict(record["annotation_gt"])
    if (sx, sy) != (1.0, 1.0):
        annotation["value"] = ann.rescale(annotation["type"], annotation["value"], sx, sy)
    return {
        "images": images, "image_sizes": sizes,
        "prompt_answer": record["prompts"]["answer_only"],
        "prompt_answer_and_annotation": record["prompts"]["answer_and_annotation"],
        "answer_gt": canonical_json(record["answer_gt"]),
        "annotation_gt": canonical_json(annotation),
        "reward_contract": canonical_json(record["reward_contract"]),
        "instance_id": record["instance_id"], "domain": record["domain"], "task": record["task"],
        "scene_id": record["scene_id"], "query_id": record["query_id"],
        "scene_variant": record["scene_variant"],
        "trace_ref": canonical_json(record["trace_ref"]),
        "difficulty": record["difficulty"],
    }


def export(dataset_dir, output, *, max_pixels: int | None = None, rows_per_shard: int = 4000,
           force: bool = False) -> list[Path]:
    """Write ``output/<split>-NNNNN-of-MMMMM.parquet``; returns the shard paths."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from .core.files import staged
    from .dataset import FORMAT, MANIFEST, RECORDS, ConfigError

    root, output = Path(dataset_dir), Path(output)
    try:
        manifest = json.loads((root / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{root} is not a tracegen dataset (no {MANIFEST})") from None
    except (UnicodeDecodeError, ValueError) as e:
        raise ConfigError(f"{root / MANIFEST} is not valid JSON: {e}") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise ConfigError(f"{root / MANIFEST} does not describe a {FORMAT} dataset")
    with open(root / RECORDS, "rb") as f:
        n_records = sum(1 for _ in f)
    split = manifest.get("split")
    if not isinstance(split, str) or not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", split):
        raise ConfigError(f"{root / MANIFEST}: split {split!r} is not a plain name")
    n_shards = max(1, math.ceil(n_records / rows_per_shard))
    schema = arrow_schema().with_metadata({
        "tracegen": canonical_json({"dataset_id": manifest["dataset_id"], "split": split,
                                    "max_pixels": max_pixels, "versions": manifest["versions"]}),
    })
    with staged(output, force=force) as staging:
        paths = []
        with open(root / RECORDS, encoding="utf-8") as f:
            lines = iter(f)
            for k in range(n_shards):
                chunk = list(itertools.islice(lines, rows_per_shard))
                try:
                    rows = [_row(root, json.loads(line), max_pixels) for line in chunk]
                except (ValueError, KeyError, TypeError) as e:
                    raise ConfigError(f"{root / RECORDS}: a record cannot be exported "
                                      f"({type(e).__name__}: {e}); run `tracegen validate {root}`") from None
                table = pa.Table.from_pylist(rows, schema=schema)
                name = f"{split}-{k:05d}-of-{n_shards:05d}.parquet"
                pq.write_table(table, staging / name, compression="zstd", row_group_size=256)
                paths.append(output / name)
    return paths
