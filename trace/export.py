"""Export a validated dataset directory to parquet shards with the public TRACE column set.

Columns (as in the maveryn/trace dataset-v1 release): ``images`` (list of {bytes, path}),
``image_sizes`` (list of {width, height}), ``prompt_answer``, ``prompt_answer_and_annotation``,
``answer_gt``, ``annotation_gt``, ``reward_contract``, ``trace_ref`` (these four as JSON strings),
``instance_id``, ``domain``, ``task``, ``scene_id``, ``query_id``, ``scene_variant``; plus our
``difficulty``.  With ``max_pixels`` larger images are downscaled (cairo, fixed filter) and
their annotations rescaled.  Bytes are deterministic for pinned pyarrow/cairo versions.

The dataset is validated first, with replay unless ``replay=False`` (the data was replayed by a check
the caller trusts, e.g. the workflow's validate job): nothing is exported from an invalid dataset, and
the ``dataset_id`` stamped into the parquet metadata is the validated content address.  Records are
then streamed a shard at a time; every image path must resolve inside the dataset; a PNG header
beyond ``tracegen.limits`` is refused before it is decoded; the shards are written to a staging folder
and published like a dataset build (atomic, lock, ``--force`` replaces only a folder).
"""

from __future__ import annotations

import io
import itertools
import json
import math
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


def _downscale(png: bytes, max_pixels: int, name: str = "image"):
    """Return (png, width, height, sx, sy); unchanged when within the pixel cap.  A PNG whose header is
    beyond ``tracegen.limits`` is refused (LimitError) before cairo allocates its surface."""
    import cairo

    from . import limits

    if limits.png_size(png[:24], name) is None:
        raise ValueError(f"{name} is not a PNG")
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
        png, w, h, sx, sy = (_downscale(png, max_pixels, im["path"]) if max_pixels
                             else (png, im["width"], im["height"], 1, 1))
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
           force: bool = False, replay: bool = True, workers: int = 1) -> list[Path]:
    """Validate the dataset (``replay``: re-run every task program too), then write
    ``output/<split>-NNNNN-of-MMMMM.parquet``; returns the shard paths."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from . import limits, validate
    from .core.files import check_output, staged
    from .dataset import ConfigError
    from .formats import MANIFEST, RECORDS

    root, output = Path(dataset_dir), Path(output)
    if not (root / MANIFEST).exists():
        raise ConfigError(f"{root} is not a tracegen dataset (no {MANIFEST})")
    check_output(output, force)   # before the (long) validation
    report = validate.validate(root, replay=replay, workers=workers)
    if not report["ok"]:
        raise ConfigError(f"cannot export {root}: {validate.summary(report)}")
    manifest = json.loads(limits.read_regular(root / MANIFEST, limits.MAX_MANIFEST_BYTES))
    n_records, split = manifest["num_records"], manifest["split"]
    n_shards = max(1, math.ceil(n_records / rows_per_shard))
    schema = arrow_schema().with_metadata({
        "tracegen": canonical_json({"dataset_id": manifest["dataset_id"], "split": split,
                                    "max_pixels": max_pixels, "versions": manifest["versions"]}),
    })
    with staged(output, force=force) as staging:
        paths = []
        with limits.open_regular(root / RECORDS) as f:
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
