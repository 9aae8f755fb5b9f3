"""The benchmark interface of the evaluation suite (one module per benchmark or family, registered with
:func:`rlvr.evaluation.benchmarks.register`).

A benchmark module turns the reference's protocol into five steps, each a method the pipeline and
``rlvr conformance`` call alike (there is no second implementation):

``rows_from_records(records, base_dir)``
    the raw rows (pandas-typed TSV/parquet records, NaN as ``None``) -> :class:`Row` objects, with the
    loader quirks of the reference (re-pins, option repairs, tolerated blanks).
``build_prompt(row)``
    -> the ordered prompt parts ``[{"type": "text"|"image", "value": str|int}]`` the reference's
    ``dataset.build_prompt`` returns (images as 0-based indices into ``row.images``).
``prepare(rows, responses)``
    -> one scoring item per row: what the reference's scorer reads (for the official VLMEvalKit route
    the prediction workbook after its Excel round trip, see :mod:`rlvr.evaluation.common.table`).
``score_row(item)``
    a generator: it yields :class:`JudgeRequest` objects, receives each reply (``str``) and returns the
    row result ``{"score": ..., <extraction fields>}``. Retry ladders and temperature schedules are loops
    in this generator, driven by the replies (see :mod:`rlvr.evaluation.common.driver`).
``aggregate(items, results)``
    -> ``{"score": <percent>, "table": {...}}``: the number the suite aggregates.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generator

from ..common import messages as msg
from ..common import table


class BenchmarkError(ValueError):
    """The reference's evaluate() would fail on this input (one-line message)."""


@dataclass
class Row:
    """One benchmark row: its non-image fields (pandas-typed; NaN -> None) and its images in order."""
    fields: dict
    images: list = field(default_factory=list)    # PNG/JPEG bytes, in the row's image order

    def get(self, key, default=None):
        return self.fields.get(key, default)

    def __getitem__(self, key):
        return self.fields[key]


@dataclass(frozen=True)
class JudgeRequest:
    """One request to the judge model, exactly as the reference sends it.

    ``transport``: ``"chat"`` (POST /v1/chat/completions with ``messages``) or ``"completions"``
    (POST /v1/completions; the prompt is the judge tokenizer's chat template over ``messages`` with
    ``add_generation_prompt=True, enable_thinking=False``). ``params``: model, temperature, top_p,
    max_tokens, chat_template_kwargs as sent. ``stage``: a label for multi-stage protocols."""
    transport: str
    messages: list
    params: dict
    stage: str | None = None

    def as_json(self) -> dict:
        out = {"transport": self.transport, "messages": self.messages, "params": self.params}
        if self.stage is not None:
            out["stage"] = self.stage
        return out

    @classmethod
    def from_json(cls, obj: dict) -> "JudgeRequest":
        return cls(obj["transport"], obj["messages"], obj["params"], obj.get("stage"))


class JudgeReply(str):
    """A judge reply: its text, plus the server's ``finish_reason`` ("stop", or "length" when the
    max_tokens budget ran out; some reference ladders retry on that)."""
    finish_reason: str = "stop"

    def __new__(cls, text, finish_reason: str | None = "stop"):
        obj = super().__new__(cls, "" if text is None else text)
        obj.finish_reason = finish_reason or "stop"
        return obj


RowScoring = Generator[JudgeRequest, JudgeReply, dict]


class Benchmark:
    """Defaults shared by most benchmarks; a module overrides what its reference does differently."""

    key: str = ""                 # suite key
    alias: str = ""               # the reference's dataset name (official_alias)
    route: str = "official_vlmevalkit"   # the suite's route: official_vlmevalkit | direct_score | dedicated_score
    raw_format: str = "vlmevalkit_tsv"   # vlmevalkit_tsv | hf_parquet
    hf_split: str | None = None          # hf_parquet: the split whose files are read
    #: where the reference calls the Qwen3-32B judge: None, "fallback" (only when the rule-based
    #: extraction fails) or "every_row"; the suite manifest's structured ``judge`` field comes from here
    judge: str | None = None
    #: the upstream functions that define the protocol (docs/evaluation.md lists them)
    upstream: tuple = ()
    #: result fields the conformance check compares with the reference's (besides ``score``)
    reported: tuple = ()
    #: where the reference fetched the TSV artifact when it re-pinned the provenance URL (md5 unchanged)
    artifact_url: str | None = None

    # ---------------------------------------------------------------- loading
    def rows_from_records(self, records: list[dict], base_dir=None) -> list[Row]:
        """VLMEvalKit's ImageBaseDataset: drop rows without an image, resolve image references, split
        image lists; ``image_path`` rows read their files from ``base_dir``."""
        return table.vlmeval_rows(records, base_dir, Row)

    def read_raw(self, raw_dir, files) -> list[Row]:
        """The rows of the raw files ``files`` (for a TSV benchmark: its one TSV) in ``raw_dir``."""
        path = files[0]
        return self.rows_from_records(table.read_tsv(path), raw_dir)

    # ---------------------------------------------------------------- prompt
    #: the text column of VLMEvalKit's default prompt (``ImageBaseDataset.build_prompt``)
    question_column: str = "question"

    def build_prompt(self, row: Row) -> list[dict]:
        """VLMEvalKit's default ``ImageBaseDataset.build_prompt``: every image of the row, then the question
        cell as it is (``question_column``; a missing cell stays None -- NaN in the reference, sent as "nan").
        Benchmarks whose reference overrides it define their own."""
        return msg.images(row) + [msg.text(row.get(self.question_column))]

    def request_messages(self, row: Row) -> list[dict]:
        """The chat message the reference's generation client sends (empty text parts dropped)."""
        return msg.request_messages(self.build_prompt(row))

    # ---------------------------------------------------------------- scoring
    def prepare(self, rows: list[Row], responses: list) -> list[dict]:
        """Scoring items: the reference's scorers (official, direct and dedicated routes alike) read the
        prediction workbook after its Excel round trip."""
        records = [dict(r.fields, prediction=resp) for r, resp in zip(rows, responses)]
        return table.workbook_roundtrip(records)

    def score_row(self, item: dict) -> RowScoring:  # pragma: no cover - every benchmark defines it
        raise NotImplementedError
        yield

    def finish_rows(self, items: list[dict], results: list[dict]) -> list[dict]:
        """After every row's scorer has returned: a pass over all rows together (rows whose scorer failed
        are left out). Default: the results as they are. A benchmark whose reference scores from a table
        written and read back as a whole (column-wise type inference over all rows) finishes its scores here."""
        return results

    def probe_requests(self) -> list[JudgeRequest]:
        """Requests the reference sends once per evaluate() before any row (VLMEvalKit's judge.working())."""
        return []

    def aggregate(self, items: list[dict], results: list[dict]) -> dict:
        """Plain mean of the row scores, in percent."""
        if not results:
            raise BenchmarkError(f"{self.key}: no rows to aggregate")
        values = [float(r["score"]) for r in results]
        mean = sum(values) / len(values) * 100
        return {"score": mean, "table": {"accuracy": mean}}

    # ---------------------------------------------------------------- fixtures
    def fixture_records(self, rng, n: int) -> list[dict]:  # pragma: no cover - every benchmark defines it
        """``n`` raw rows in the benchmark's own format for the local DAG (images as PNG bytes under
        ``_images``)."""
        raise NotImplementedError

    def write_fixture_files(self, raw_dir, records: list[dict]) -> list[str]:  # pragma: no cover
        """Non-TSV sources only: write ``records`` (each with ``_images``) in the source's own layout into
        ``raw_dir``; -> the written file names (relative). TSV benchmarks are written by the data layer."""
        raise NotImplementedError

