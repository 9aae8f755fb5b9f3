"""``rlvr cards RUN_DIR --out DIR``: per-task learning cards of a training run.

Reads what a run leaves in its directory (``WORK/<run key>`` or the published checkpoint directory):

* ``tasks.jsonl`` -- one line per observed step: per task the responses, pass rate (exact answers),
  format rate, mean response length (characters), mean difficulty and size of the instances, and the
  curriculum's rung, weight and pass-rate estimate after the step (written by the online stream from the
  rollout journal, :mod:`rlvr.training.online`);
* ``metrics.jsonl`` (the reward curve), ``validation.jsonl`` (validation before / after training) and
  ``warm_start.json`` when present.

Writes ``DIR/cards.tsv`` and ``DIR/cards.json`` (one row per task: responses, pass rate first / last
quarter, format rate, mean response length, difficulty trajectory, moves, last weight),
``DIR/index.html`` with the run's reward curve and one small-multiple card per task (pass rate per step
with its moving mean and the target band; the rung -- difficulty plus the size knob -- on the right axis),
``DIR/reward.png`` and ``DIR/img/<task>.png`` (matplotlib, Agg, no timestamps: same run, same bytes).
The page carries a check script (every image must load) used by the headless-Chromium test.
"""

from __future__ import annotations

import argparse
import html
import json
from pathlib import Path

from ..report import save_png

TASK_LOG = "tasks.jsonl"
SCRIPT = """
window.addEventListener('load', function () {
  var imgs = Array.prototype.slice.call(document.images);
  var bad = imgs.filter(function (i) { return !(i.complete && i.naturalWidth > 0); }).length;
  document.body.setAttribute('data-images-total', imgs.length);
  document.body.setAttribute('data-images-broken', bad);
});
"""


class CardsError(ValueError):
    pass


def _jsonl(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def load_run(run_dir) -> dict:
    run = Path(run_dir)
    if not run.is_dir():
        raise CardsError(f"{run} is not a run directory")
    steps = _jsonl(run / TASK_LOG)
    if not steps:
        raise CardsError(f"{run / TASK_LOG} is missing or empty: cards need a run on the online stream "
                         "(a profile with an online section)")
    warm = run / "warm_start.json"
    return {"steps": steps, "metrics": _jsonl(run / "metrics.jsonl"), "validation": _jsonl(run / "validation.jsonl"),
            "warm_start": json.loads(warm.read_text(encoding="utf-8")) if warm.is_file() else None,
            "band": steps[-1].get("band")}


def _quarter_rate(points: list[tuple], first: bool):
    """Pass rate over the first (or last) quarter of a task's observed steps (response-weighted)."""
    if not points:
        return None
    k = max(1, len(points) // 4)
    part = points[:k] if first else points[-k:]
    n = sum(p[1] for p in part)
    return sum(p[2] for p in part) / n if n else None


def task_rows(run: dict) -> list[dict]:
    """One row per task of the run's task log."""
    tasks = sorted({t for line in run["steps"] for t in (line.get("curriculum") or {})}
                   | {t for line in run["steps"] for t in line["tasks"]})
    rows = []
    for task in tasks:
        obs = [(line["step"], line["tasks"][task]) for line in run["steps"] if task in line["tasks"]]
        points = [(step, o["responses"], o["passed"]) for step, o in obs]
        rung = [(line["step"], line["curriculum"][task]) for line in run["steps"]
                if line.get("curriculum") and task in line["curriculum"]]
        responses = sum(o["responses"] for _, o in obs)
        moves = sum(1 for line in run["steps"] if task in (line.get("moved") or {}))
        rows.append({
            "task": task,
            "responses": responses,
            "steps_observed": len(obs),
            "pass_rate": (sum(o["passed"] for _, o in obs) / responses) if responses else None,
            "pass_rate_first_quarter": _quarter_rate(points, True),
            "pass_rate_last_quarter": _quarter_rate(points, False),
            "format_rate": (sum(o["format"] * o["responses"] for _, o in obs) / responses) if responses else None,
            "mean_response_length": (sum(o["length"] * o["responses"] for _, o in obs) / responses)
            if responses else None,
            "difficulty_first": rung[0][1]["difficulty"] if rung else (obs[0][1]["difficulty"] if obs else None),
            "difficulty_last": rung[-1][1]["difficulty"] if rung else (obs[-1][1]["difficulty"] if obs else None),
            "size_last": rung[-1][1]["size"] if rung else None,
            "moves": moves,
            "weight_last": rung[-1][1]["weight"] if rung else None,
            "series": {"steps": [s for s, _ in obs], "pass_rate": [o["pass_rate"] for _, o in obs],
                       "responses": [o["responses"] for _, o in obs], "format": [o["format"] for _, o in obs],
                       "length": [o["length"] for _, o in obs],
                       "rung_steps": [s for s, _ in rung],
                       "difficulty": [r["difficulty"] for _, r in rung],
                       "size": [r["size"] for _, r in rung]},
        })
    return rows


# --------------------------------------------------------------------------------------------------
# plots
# --------------------------------------------------------------------------------------------------

def _moving(values: list[float], k: int) -> list[float]:
    out = []
    for i in range(len(values)):
        part = values[max(0, i - k + 1):i + 1]
        out.append(sum(part) / len(part))
    return out


def rung_level(difficulty, size) -> float:
    """A rung as one number for the plots: the difficulty, shifted by the size knob within +-0.3."""
    return float(difficulty) + (0.0 if size is None else (float(size) - 0.5) * 0.6)


def plot_task(row: dict, band, steps_total: int, path: Path) -> None:
    from matplotlib.figure import Figure

    s = row["series"]
    fig = Figure(figsize=(3.3, 2.1), dpi=80)
    ax = fig.add_subplot(1, 1, 1)
    if band:
        ax.axhspan(band[0], band[1], color="#2a9d8f", alpha=0.12, linewidth=0)
    if s["steps"]:
        ax.scatter(s["steps"], s["pass_rate"], s=6, color="#264653", alpha=0.45, linewidths=0)
        ax.plot(s["steps"], _moving(s["pass_rate"], 5), color="#264653", linewidth=1.4)
        ax.plot(s["steps"], s["format"], color="#e9c46a", linewidth=0.9, linestyle="--")
    ax.set_ylim(-0.03, 1.03)
    ax.set_xlim(0, max(steps_total, 1) + 1)
    ax.tick_params(labelsize=6)
    ax.set_title(row["task"].replace("task_", "", 1), fontsize=6.5)
    ax.grid(color="#eeeeee", linewidth=0.5)
    if s["rung_steps"]:
        ax2 = ax.twinx()
        ax2.step(s["rung_steps"], [rung_level(d, z) for d, z in zip(s["difficulty"], s["size"])], where="post",
                 color="#e76f51", linewidth=1.2)
        ax2.set_ylim(0.5, 3.5)
        ax2.set_yticks([1, 2, 3])
        ax2.tick_params(labelsize=6, colors="#e76f51")
    fig.tight_layout(pad=0.3)
    save_png(fig, path)


def plot_reward(run: dict, path: Path) -> None:
    from matplotlib.figure import Figure

    m = run["metrics"]
    fig = Figure(figsize=(7.0, 2.6), dpi=90)
    ax = fig.add_subplot(1, 1, 1)
    if m:
        steps = [r["step"] for r in m]
        for key, color, label in (("reward/mean", "#264653", "reward"), ("reward/acc", "#2a9d8f", "accuracy"),
                                  ("reward/format", "#e9c46a", "format")):
            vals = [r[key] for r in m]
            ax.plot(steps, vals, color=color, alpha=0.3, linewidth=0.8)
            ax.plot(steps, _moving(vals, 5), color=color, linewidth=1.8, label=f"{label} (5-step mean)")
    for v in run["validation"]:
        ax.scatter([v["step"]], [v["reward"]], marker="D", color="#e76f51", zorder=5, s=22)
    if run["validation"]:
        ax.scatter([], [], marker="D", color="#e76f51", label="validation reward")
    ax.set_xlabel("step", fontsize=8)
    ax.set_ylim(-0.02, 1.02)
    ax.tick_params(labelsize=7)
    ax.grid(color="#eeeeee", linewidth=0.5)
    ax.legend(fontsize=7, loc="upper left")
    fig.tight_layout()
    save_png(fig, path)


# --------------------------------------------------------------------------------------------------
# outputs
# --------------------------------------------------------------------------------------------------

TSV_COLUMNS = ("task", "responses", "steps_observed", "pass_rate", "pass_rate_first_quarter",
               "pass_rate_last_quarter", "format_rate", "mean_response_length", "difficulty_first",
               "difficulty_last", "size_last", "moves", "weight_last")


def _fmt(v) -> str:
    if v is None:
        return ""
    if isinstance(v, float):
        return f"{v:.4f}"
    return str(v)


def summary(run: dict) -> dict:
    """Reward curve and validation figures of the run (for the report)."""
    m = run["metrics"]
    k = max(1, len(m) // 4)
    mean = lambda rows, key: sum(r[key] for r in rows) / len(rows) if rows else None  # noqa: E731
    val = run["validation"]
    return {"steps": len(m),
            "reward_first_quarter": mean(m[:k], "reward/mean"), "reward_last_quarter": mean(m[-k:], "reward/mean"),
            "accuracy_first_quarter": mean(m[:k], "reward/acc"), "accuracy_last_quarter": mean(m[-k:], "reward/acc"),
            "validation": [{k2: v[k2] for k2 in ("step", "reward", "acc", "format", "responses")} for v in val],
            "warm_start": run["warm_start"]}


def render_html(run: dict, rows: list[dict], summ: dict) -> str:
    e = html.escape
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8"><title>Learning cards</title>',
             "<style>body{font:13px sans-serif;margin:1.2em}table{border-collapse:collapse;margin:1em 0}"
             "th,td{border:1px solid #ccc;padding:2px 6px}td.n{text-align:right}"
             ".cards{display:flex;flex-wrap:wrap;gap:8px}.card{border:1px solid #ddd;padding:4px;width:272px}"
             ".card p{margin:2px 0;font-size:11px}</style></head><body>",
             "<h1>Learning cards</h1>",
             f"<p>{len(rows)} tasks, {summ['steps']} steps. Reward curve (thin: per step; thick: 5-step mean; "
             "diamonds: validation reward before / after training):</p>",
             '<img src="reward.png" alt="reward curve" width="630">']
    if summ["validation"]:
        parts.append("<table><tr><th>validation at step</th><th>reward</th><th>accuracy</th><th>format</th>"
                     "<th>responses</th></tr>")
        for v in summ["validation"]:
            parts.append(f'<tr><td class="n">{v["step"]}</td><td class="n">{v["reward"]:.4f}</td>'
                         f'<td class="n">{v["acc"]:.4f}</td><td class="n">{v["format"]:.4f}</td>'
                         f'<td class="n">{v["responses"]}</td></tr>')
        parts.append("</table>")
    if summ["warm_start"]:
        w = summ["warm_start"]
        parts.append(f"<p>Before GRPO: a format-only warm start ({w['instances']} prompts x {w['epochs']} epochs, "
                     f"targets drawn from {len(w['answer_pool'])} answer values, never the prompt's own answer).</p>")
    parts.append("<h2>Per task</h2><p>Dots: pass rate per step; dark line: 5-step mean; dashed: format rate; "
                 "band: the curriculum's target; red steps (right axis): difficulty, shifted by the size knob "
                 "(&plusmn;0.3).</p>")
    parts.append("<table><tr>" + "".join(f"<th>{e(c)}</th>" for c in TSV_COLUMNS) + "</tr>")
    for r in rows:
        parts.append("<tr>" + "".join(f'<td{" class=n" if c != "task" else ""}>{e(_fmt(r[c]))}</td>'
                                      for c in TSV_COLUMNS) + "</tr>")
    parts.append('</table><div class="cards">')
    for r in rows:
        parts.append(f'<div class="card" id="{e(r["task"])}"><img src="img/{e(r["task"])}.png" width="264" '
                     f'alt="{e(r["task"])}"><p>pass {_fmt(r["pass_rate_first_quarter"])} &rarr; '
                     f'{_fmt(r["pass_rate_last_quarter"])}; difficulty {_fmt(r["difficulty_first"])} &rarr; '
                     f'{_fmt(r["difficulty_last"])}; format {_fmt(r["format_rate"])}; '
                     f'length {_fmt(r["mean_response_length"])}</p></div>')
    parts.append(f"</div><script>{SCRIPT}</script></body></html>")
    return "\n".join(parts) + "\n"


def write_cards(run_dir, out) -> Path:
    """Write the cards of ``run_dir`` to ``out`` (atomically: staged, then renamed); returns index.html."""
    import matplotlib

    from tracegen.core.canonical import pretty_json
    from tracegen.core.files import staged

    matplotlib.use("Agg")
    run = load_run(run_dir)
    rows = task_rows(run)
    summ = summary(run)
    out = Path(out)
    with staged(out, force=True) as staging:
        (staging / "img").mkdir()
        steps_total = max((line["step"] for line in run["steps"]), default=0)
        for r in rows:
            plot_task(r, run["band"], steps_total, staging / "img" / f"{r['task']}.png")
        plot_reward(run, staging / "reward.png")
        (staging / "cards.json").write_text(pretty_json({"summary": summ, "tasks": rows}), encoding="utf-8")
        (staging / "cards.tsv").write_text("\t".join(TSV_COLUMNS) + "\n" + "".join(
            "\t".join(_fmt(r[c]) for c in TSV_COLUMNS) + "\n" for r in rows), encoding="utf-8")
        (staging / "index.html").write_text(render_html(run, rows, summ), encoding="utf-8")
    return out / "index.html"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("run_dir", metavar="RUN_DIR", help="a training run's directory (WORK/<run key> or the "
                                                           "published checkpoints) with tasks.jsonl")
    parser.add_argument("--out", required=True, help="output directory (index.html, cards.tsv, cards.json, img/)")


def run(args) -> int:
    try:
        index = write_cards(args.run_dir, args.out)
    except CardsError as e:
        print(f"rlvr cards: error: {e}")
        return 1
    rows = json.loads((index.parent / "cards.json").read_text(encoding="utf-8"))["tasks"]
    print(f"{len(rows)} task cards -> {index}")
    return 0
