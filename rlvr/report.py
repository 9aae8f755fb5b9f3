"""Human-readable views of an ``rlvr aggregate`` results.json (rounding happens only here).

``write_report(results, dir)`` writes
* ``report.md``   -- table 1: benchmarks (suite order) x models, "mean ± sd" to two decimals, then one
  row per category and an Overall row; table 2: paired change of every non-base model vs its base
  ("+mean ± sd"), per benchmark, per category, overall, and the number of benchmarks improved.
* ``report.html`` -- the same two tables.
* ``base_vs_trained.png`` -- one dumbbell panel per (base, model) pair: per benchmark, the base and the
  model mean (matplotlib Agg; no timestamps or version in the metadata, so bytes are stable).
* with learning cards of online training runs (``rlvr cards``; ``write_report(..., cards=[DIR])``): a
  "Training" section per trained model -- its reward curve, reward and accuracy of the first and last
  quarter of the steps, validation reward before and after training, the TRACE-validation change against its
  base -- and the cards themselves, copied to ``cards/<model>/`` and linked.

Everything is rendered from the results dict alone, so a report always agrees with its results.json.
"""

from __future__ import annotations

import html
from pathlib import Path

SEP = " ± "


def fmt(mean, sd, signed=False) -> str:
    m = format(mean, "+.2f" if signed else ".2f")
    return m if sd is None else m + SEP + format(sd, ".2f")


def _display(results):
    return {m["model"]: m.get("display") or m["model"] for m in results["models"]}


def tables(results) -> list[dict]:
    """-> [{title, header: [..], rows: [[..]]}]: the score table and the paired-delta table."""
    names = _display(results)
    models = [m["model"] for m in results["models"]]
    bench = {(r["model"], r["benchmark"]): r for r in results["summaries"]["benchmark"]}
    cat = {(r["model"], r["category"]): r for r in results["summaries"]["category"]}
    overall = {r["model"]: r for r in results["summaries"]["overall"]}
    n_seeds = len(results["seeds"])

    header = ["Benchmark", "Category"] + [names[m] for m in models]
    rows = []
    for b in results["suite"]["benchmarks"]:
        rows.append([b["display"], b["category"]]
                    + [fmt(bench[(m, b["key"])]["mean"], bench[(m, b["key"])]["sd"]) for m in models])
    for c in (x["category"] for x in results["suite"]["categories"]):
        rows.append([f"Category: {c}", c] + [fmt(cat[(m, c)]["mean"], cat[(m, c)]["sd"]) for m in models])
    rows.append(["Overall", "all"] + [fmt(overall[m]["mean"], overall[m]["sd"]) for m in models])
    over = (f"mean ± sample sd over {n_seeds} seeds {results['seeds']}" if n_seeds > 1
            else f"one seed {results['seeds']}, no sd")
    out = [{"title": f"Scores (percent), {over}",
            "header": header, "rows": rows}]

    comps = results["comparisons"]
    if comps:
        header = ["Benchmark", "Category"] + [f"{names[c['model']]} − {names[c['base']]}" for c in comps]
        rows = []
        for i, b in enumerate(results["suite"]["benchmarks"]):
            cells = []
            for c in comps:
                d = c["benchmark_deltas"][i]
                assert d["benchmark"] == b["key"]
                cells.append(fmt(d["mean"], d["sd"], signed=True))
            rows.append([b["display"], b["category"]] + cells)
        for j, name in enumerate(x["category"] for x in results["suite"]["categories"]):
            cells = []
            for c in comps:
                d = c["category_deltas"][j]
                assert d["category"] == name
                cells.append(fmt(d["mean"], d["sd"], signed=True))
            rows.append([f"Category: {name}", name] + cells)
        rows.append(["Overall", "all"]
                    + [fmt(c["overall_delta"]["mean"], c["overall_delta"]["sd"], signed=True) for c in comps])
        rows.append(["Benchmarks improved", "mean delta > 0"]
                    + [f"{c['benchmarks_improved']}/{c['benchmark_count']}" for c in comps])
        out.append({"title": "Paired change vs the same-scale base model (per seed, then mean ± sample sd)",
                    "header": header, "rows": rows})
    validation = {e["model"]: e for e in results.get("trace_validation") or []}
    if validation:
        domains = sorted({d for e in validation.values() for d in e.get("by_domain", {})})
        rows = [["Overall", "all"] + [fmt(validation[m]["score"], None) if m in validation else "" for m in models]]
        for d in domains:
            rows.append([f"Domain: {d}", d] + [fmt(validation[m]["by_domain"][d]["score"], None)
                                               if d in validation.get(m, {}).get("by_domain", {}) else ""
                                               for m in models])
        out.append({"title": "TRACE validation (percent exact match; unresolved answers count 0)",
                    "header": ["Split", "Domain"] + [names[m] for m in models], "rows": rows})
    return out


def training(results, cards) -> list[dict]:
    """One entry per cards directory (``.../<model>/cards``): the run's summary and the TRACE-validation
    change of that model against its base (percent points), when both were scored."""
    import json

    validation = {e["model"]: e for e in results.get("trace_validation") or []}
    base_of = {m["model"]: m.get("base") for m in results["models"]}
    out = []
    for d in cards or []:
        model = Path(d).parent.name
        summary = json.loads((Path(d) / "cards.json").read_text(encoding="utf-8"))["summary"]
        base = base_of.get(model)
        change = None
        if base and model in validation and base in validation:
            change = {"base": base, "base_score": validation[base]["score"], "score": validation[model]["score"],
                      "delta": validation[model]["score"] - validation[base]["score"]}
        out.append({"model": model, "dir": str(d), "summary": summary, "trace_validation": change})
    return out


def _training_lines(entries, names) -> list[str]:
    lines = []
    for t in entries:
        s, name = t["summary"], names.get(t["model"], t["model"])
        lines.append(f"**{name}** ({s['steps']} GRPO steps): reward {s['reward_first_quarter']:.3f} in the first "
                     f"quarter of the steps, {s['reward_last_quarter']:.3f} in the last (accuracy "
                     f"{s['accuracy_first_quarter']:.3f} -> {s['accuracy_last_quarter']:.3f}).")
        if len(s["validation"]) >= 2:
            a, b = s["validation"][0], s["validation"][-1]
            lines.append(f"Validation reward at step {a['step']}: {a['reward']:.4f} (accuracy {a['acc']:.4f}); at step "
                         f"{b['step']}: {b['reward']:.4f} (accuracy {b['acc']:.4f}).")
        if t["trace_validation"]:
            c = t["trace_validation"]
            lines.append(f"TRACE validation: {names.get(c['base'], c['base'])} {fmt(c['base_score'], None)}, "
                         f"{name} {fmt(c['score'], None)} ({fmt(c['delta'], None, signed=True)} points).")
        if s.get("warm_start"):
            w = s["warm_start"]
            lines.append(f"GRPO started from a format-only warm start ({w['instances']} prompts x {w['epochs']} "
                         "epochs, targets drawn from the answer pool, never the prompt's own answer).")
        lines.append(f"Per-task learning cards: cards/{t['model']}/index.html")
    return lines


def _md_cell(s: str) -> str:
    return s.replace("|", "\\|")


def render_markdown(results, train=()) -> str:
    lines = [f"# Results: suite {results['suite']['suite_id']}", ""]
    if train:
        lines += ["## Training", ""]
        for line in _training_lines(train, _display(results)):
            lines += [line, ""]
    for t in tables(results):
        lines += [f"## {t['title']}", "",
                  "| " + " | ".join(_md_cell(h) for h in t["header"]) + " |",
                  "|" + "|".join(["---", "---"] + ["---:"] * (len(t["header"]) - 2)) + "|"]
        lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in t["rows"]]
        lines.append("")
    return "\n".join(lines)


def render_html(results, train=()) -> str:
    e = html.escape
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             f"<title>Results: suite {e(str(results['suite']['suite_id']))}</title>",
             "<style>table{border-collapse:collapse;font:13px sans-serif;margin-bottom:2em}"
             "th,td{border:1px solid #bbb;padding:3px 6px}td.n{text-align:right;white-space:nowrap}"
             "tr.agg td{font-weight:bold;background:#f3f3f3}</style>",
             "</head><body>", f"<h1>Results: suite {e(str(results['suite']['suite_id']))}</h1>"]
    if train:
        parts.append("<h2>Training</h2>")
        names = _display(results)
        for t in train:
            parts.append(f'<p><img src="cards/{e(t["model"])}/reward.png" width="630" '
                         f'alt="reward curve of {e(t["model"])}"></p>')
            for line in _training_lines([t], names)[:-1]:
                parts.append(f"<p>{e(line.replace('**', ''))}</p>")
            parts.append(f'<p><a href="cards/{e(t["model"])}/index.html">Per-task learning cards of '
                         f'{e(names.get(t["model"], t["model"]))}</a></p>')
    for t in tables(results):
        parts += [f"<h2>{e(t['title'])}</h2>", "<table>",
                  "<tr>" + "".join(f"<th>{e(h)}</th>" for h in t["header"]) + "</tr>"]
        for row in t["rows"]:
            cls = ' class="agg"' if row[0].startswith(("Category:", "Overall", "Benchmarks")) else ""
            parts.append(f"<tr{cls}><td>{e(row[0])}</td><td>{e(row[1])}</td>"
                         + "".join(f'<td class="n">{e(c)}</td>' for c in row[2:]) + "</tr>")
        parts.append("</table>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def render_plot(results, path) -> None:
    import matplotlib

    matplotlib.rcParams["svg.hashsalt"] = "rlvr-aggregate"
    from matplotlib.figure import Figure

    names = _display(results)
    bench = {(r["model"], r["benchmark"]): r["mean"] for r in results["summaries"]["benchmark"]}
    benchmarks = results["suite"]["benchmarks"]
    comps = results["comparisons"]
    n = max(len(comps), 1)
    cols = min(n, 3)
    rows = -(-n // cols)
    height = max(3.0, 0.26 * len(benchmarks) + 1.2)
    fig = Figure(figsize=(4.6 * cols, height * rows), dpi=100)
    if not comps:
        ax = fig.add_subplot(1, 1, 1)
        ax.text(0.5, 0.5, "no base/trained pairs in MODELS", ha="center", va="center")
        ax.set_axis_off()
    ys = list(range(len(benchmarks)))[::-1]
    for i, c in enumerate(comps):
        ax = fig.add_subplot(rows, cols, i + 1)
        base = [bench[(c["base"], b["key"])] for b in benchmarks]
        model = [bench[(c["model"], b["key"])] for b in benchmarks]
        for y, lo, hi in zip(ys, base, model):
            ax.plot([lo, hi], [y, y], color="#2a9d8f" if hi > lo else "#e76f51", linewidth=2, zorder=1)
        ax.scatter(base, ys, color="#999999", s=18, zorder=2, label=names[c["base"]])
        ax.scatter(model, ys, color="#264653", s=18, zorder=3, label=names[c["model"]])
        ax.set_yticks(ys)
        ax.set_yticklabels([b["display"] for b in benchmarks] if i % cols == 0 else [], fontsize=7)
        ax.set_xlabel("score (%), mean over seeds", fontsize=8)
        ax.tick_params(axis="x", labelsize=7)
        od = c["overall_delta"]
        ax.set_title(f"{names[c['model']]}\nvs {names[c['base']]}: {fmt(od['mean'], od['sd'], signed=True)}",
                     fontsize=8)
        ax.grid(axis="x", color="#e5e5e5", linewidth=0.6)
        ax.legend(fontsize=6, loc="lower right")
    fig.tight_layout()
    save_png(fig, path)


def save_png(fig, path) -> None:
    """A matplotlib figure as PNG bytes that depend on the figure only (no software tag), atomically."""
    from tracegen.core.files import atomic_file

    with atomic_file(path) as tmp:
        fig.savefig(tmp, format="png", metadata={"Software": None})


def write_report(results, out_dir, cards=()) -> dict:
    import shutil

    from tracegen.core.files import staged, write_atomic

    from .receipts import MARKER

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = {"markdown": out / "report.md", "html": out / "report.html", "plot": out / "base_vs_trained.png"}
    train = training(results, cards)
    for t in train:
        dest = out / "cards" / t["model"]
        with staged(dest, force=True) as staging:
            shutil.copytree(t["dir"], staging, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns(MARKER))  # not Snakemake's marker
        paths[f"cards:{t['model']}"] = dest / "index.html"
    write_atomic(paths["markdown"], render_markdown(results, train))
    write_atomic(paths["html"], render_html(results, train))
    render_plot(results, paths["plot"])
    return paths
