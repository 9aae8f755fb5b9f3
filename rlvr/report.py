"""Human-readable views of an ``rlvr aggregate`` results.json (rounding happens only here).

``write_report(results, dir)`` writes
* ``report.md``   -- table 1: benchmarks (suite order) x models, "mean ± sd" to two decimals, then one
  row per category and an Overall row; table 2: paired change of every non-base model vs its base
  ("+mean ± sd"), per benchmark, per category, overall, and the number of benchmarks improved.
* ``report.html`` -- the same two tables.
* ``base_vs_trained.png`` -- one dumbbell panel per (base, model) pair: per benchmark, the base and the
  model mean (matplotlib Agg; no timestamps or version in the metadata, so bytes are stable).

Everything is rendered from the results dict alone, so a report always agrees with its results.json.
"""

from __future__ import annotations

import html
import os
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


def _md_cell(s: str) -> str:
    return s.replace("|", "\\|")


def render_markdown(results) -> str:
    lines = [f"# Results: suite {results['suite']['suite_id']}", ""]
    for t in tables(results):
        lines += [f"## {t['title']}", "",
                  "| " + " | ".join(_md_cell(h) for h in t["header"]) + " |",
                  "|" + "|".join(["---", "---"] + ["---:"] * (len(t["header"]) - 2)) + "|"]
        lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in t["rows"]]
        lines.append("")
    return "\n".join(lines)


def render_html(results) -> str:
    e = html.escape
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             f"<title>Results: suite {e(str(results['suite']['suite_id']))}</title>",
             "<style>table{border-collapse:collapse;font:13px sans-serif;margin-bottom:2em}"
             "th,td{border:1px solid #bbb;padding:3px 6px}td.n{text-align:right;white-space:nowrap}"
             "tr.agg td{font-weight:bold;background:#f3f3f3}</style>",
             "</head><body>", f"<h1>Results: suite {e(str(results['suite']['suite_id']))}</h1>"]
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
    path = Path(path)
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}.png")
    try:
        fig.savefig(tmp, format="png", metadata={"Software": None})
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def write_report(results, out_dir) -> dict:
    from .aggregate import write_atomic

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = {"markdown": out / "report.md", "html": out / "report.html", "plot": out / "base_vs_trained.png"}
    write_atomic(paths["markdown"], render_markdown(results))
    write_atomic(paths["html"], render_html(results))
    render_plot(results, paths["plot"])
    return paths
