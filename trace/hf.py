"""Hugging Face ``datasets``: tracegen instances with the public TRACE release's columns.

    ds = tracegen.hf.iterable_dataset(tasks=tracegen.tasks(domain="charts"), seed=1, n=1000)
    ds = ds.shuffle(seed=0, buffer_size=256)                 # datasets' own buffer shuffle
    row = next(iter(ds))                                     # row["images"][0] is a PIL image

Rows are ``tracegen.export.record_row`` of the instances of ``tracegen.stream`` (the columns ``tracegen
export`` writes: ``images``, ``image_sizes``, ``prompt_answer``, ``prompt_answer_and_annotation``,
``answer_gt``, ``annotation_gt``, ``reward_contract``, ``instance_id``, ``domain``, ``task``, ``scene_id``,
``query_id``, ``scene_variant``, ``trace_ref``, ``difficulty``), typed by :func:`features`: ``images`` is a
``List(Image())``, as in the release.  An exported directory loads with the same features::

    datasets.load_dataset("parquet", data_files="out/parquet/*.parquet", split="train",
                          features=tracegen.hf.features())

Imports ``datasets`` when called (never at ``import tracegen``).
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence


def features():
    """``datasets.Features`` of the release's columns (and ``difficulty``), in ``tracegen export``'s order."""
    import datasets

    from .export import COLUMNS

    out = {"images": datasets.List(datasets.Image()),
           "image_sizes": datasets.List({"width": datasets.Value("int64"), "height": datasets.Value("int64")})}
    out.update({c: datasets.Value("string") for c in COLUMNS[2:-1]})
    out["difficulty"] = datasets.Value("int64")
    assert tuple(out) == COLUMNS
    return datasets.Features(out)


def _rows(spec: dict):
    from .library import stream

    s = stream(spec["tasks"], spec["seed"], difficulty=spec["difficulty"], weights=spec["weights"],
               split=spec["split"], batch_size=spec["batch_size"])
    n = spec["n"]
    while n is None or s.position < n:
        yield next(s).row(spec["max_pixels"])


def iterable_dataset(tasks: str | Iterable[str] | None = None, seed: int = 0, n: int | None = None, *,
                     difficulty: int | Sequence[int] | None = None,
                     weights: Sequence[float] | Mapping[str, float] | None = None, split: str = "online",
                     batch_size: int = 128, max_pixels: int | None = None):
    """A ``datasets.IterableDataset`` of the first ``n`` instances of ``tracegen.stream(tasks, seed, ...)``
    (endless when ``n`` is ``None``) as release-format rows with :func:`features`; ``max_pixels``
    downscales larger images as ``tracegen export --max-pixels`` does.  The arguments are checked here
    (``tracegen.TracegenError``), not when the dataset is first iterated."""
    import datasets

    from .instance import check_index
    from .library import stream

    checked = stream(tasks, seed, difficulty=difficulty, weights=weights, split=split, batch_size=batch_size)
    spec = {"tasks": tuple(checked.tasks), "seed": seed, "difficulty": difficulty, "weights": tuple(checked.weights),
            "split": split, "batch_size": batch_size, "n": None if n is None else check_index(n, "n"),
            "max_pixels": None if max_pixels is None else check_index(max_pixels, "max_pixels")}
    return datasets.IterableDataset.from_generator(_rows, features=features(), gen_kwargs={"spec": spec})
