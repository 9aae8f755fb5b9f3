"""A static HTML gallery: one example per task, grouped by domain and scene.

Each card shows the image with its annotation drawn over it (an SVG layer, toggled by a
checkbox), the prompt, the answer and the difficulty.  The header counts tasks per domain,
answer type and annotation type, and coverage against the 1,000-task reference catalog
(shipped as ``tracegen/data/catalog_tasks.tsv``).

With ``reference=DIR`` (a folder of reference samples: ``DIR/<task_id>/seed0.png`` and
``seed0.json``, e.g. ``../shared/reference/catalog/ref_samples``), each card also shows the
reference generator's sample for the task beside ours, with its prompt and answer, so the two
can be compared by eye.  The samples are copied into the gallery folder, never into the package.
"""

from __future__ import annotations

import csv
import html
import json
import shutil
from collections import Counter, defaultdict
from pathlib import Path

CATALOG = Path(__file__).with_name("data") / "catalog_tasks.tsv"

CSS = """
body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1d21}
header{background:#1f2a44;color:#fff;padding:16px 24px}
header h1{margin:0 0 6px 0;font-size:22px}
main{padding:16px 24px}
table.counts{border-collapse:collapse;margin:8px 16px 8px 0;display:inline-table;vertical-align:top;background:#fff}
table.counts td,table.counts th{border:1px solid #ccd;padding:3px 8px;font-size:13px;text-align:left}
h2{margin-top:28px;border-bottom:2px solid #1f2a44}
h3{margin:18px 0 6px 0;font-size:16px;color:#334}
.cards{display:flex;flex-wrap:wrap;gap:14px}
.card{background:#fff;border:1px solid #d5d8de;border-radius:6px;width:430px;padding:10px;box-sizing:border-box}
.card.pair{width:880px}
.pair .side{display:inline-block;vertical-align:top;width:49%;margin-right:1%}
.side h5{margin:2px 0 4px 0;font-size:12px;color:#556}
.ref img{width:100%;height:auto;display:block}
.noref{font-size:12px;color:#889;padding:20px 0}
.card h4{margin:0 0 6px 0;font-size:13px;word-break:break-all}
.frame{position:relative;width:100%}
.frame img{width:100%;height:auto;display:block}
.frame svg{position:absolute;left:0;top:0;width:100%;height:100%;pointer-events:none}
body.hide-ann .frame svg{display:none}
pre{white-space:pre-wrap;font-size:12px;background:#f7f7f9;padding:6px;border-radius:4px;max-height:180px;overflow:auto}
.meta{font-size:12px;color:#445}
.answer{font-weight:600}
"""

SCRIPT = """
function check(){
  const imgs=[...document.querySelectorAll('img')];
  const broken=imgs.filter(i=>!(i.complete&&i.naturalWidth>0)).length;
  document.body.dataset.imagesTotal=imgs.length;
  document.body.dataset.imagesBroken=broken;
  document.getElementById('imgstatus').textContent=(imgs.length-broken)+'/'+imgs.length+' images loaded';
}
window.addEventListener('load',check);
document.getElementById('toggle').addEventListener('change',e=>{
  document.body.classList.toggle('hide-ann',!e.target.checked);});
"""


def load_catalog() -> dict[str, dict]:
    with open(CATALOG, newline="", encoding="utf-8") as f:
        return {row["task_id"]: row for row in csv.DictReader(f, delimiter="\t")}


def _svg(annotation_type: str, value, width: int, height: int) -> str:
    from .core.annotation import items, split_type

    base, form = split_type(annotation_type)
    parts = []
    for k, g in enumerate(items(annotation_type, value)):
        if base == "point":
            parts.append(f'<circle cx="{g[0]}" cy="{g[1]}" r="7" />')
        elif base == "bbox":
            parts.append(f'<rect x="{g[0]}" y="{g[1]}" width="{g[2] - g[0]}" height="{g[3] - g[1]}" />')
        else:
            parts.append(f'<line x1="{g[0][0]}" y1="{g[0][1]}" x2="{g[1][0]}" y2="{g[1][1]}" />')
        if form == "sequence":
            x, y = (g if base == "point" else g[:2] if base == "bbox" else g[0])
            parts.append(f'<text x="{x + 8}" y="{y - 8}" fill="#e0007a" stroke="none" font-size="16">{k + 1}</text>')
    return (f'<svg viewBox="0 0 {width} {height}" preserveAspectRatio="none" fill="none" '
            f'stroke="#e0007a" stroke-width="3">{"".join(parts)}</svg>')


def _reference_sample(reference: Path, task_id: str):
    """(png path, sample dict) of a task's reference sample, or None when there is none."""
    d = reference / task_id
    png, meta = d / "seed0.png", d / "seed0.json"
    if not png.is_file():
        return None
    try:
        sample = json.loads(meta.read_text(encoding="utf-8")) if meta.is_file() else {}
    except (OSError, ValueError):
        sample = {}
    return png, sample if isinstance(sample, dict) else {}


def _reference_side(task_id: str, found) -> str:
    if found is None:
        return '<div class="side ref"><h5>reference</h5><div class="noref">no reference sample</div></div>'
    _, sample = found
    size = sample.get("image_size_original") or []
    size_text = f" · original {size[0]}×{size[1]}" if len(size) == 2 else ""
    prompt = str(sample.get("prompt_answer_only", ""))
    answer = json.dumps(sample.get("answer")) if "answer" in sample else ""
    return (f'<div class="side ref"><h5>reference (seed 0{html.escape(size_text)})</h5>'
            f'<img src="reference/{task_id}.png" alt="reference {html.escape(task_id)}">'
            f'<div class="meta">query <b>{html.escape(str(sample.get("query_id", "")))}</b></div>'
            f'<pre>{html.escape(prompt)}</pre><div class="answer">answer: {html.escape(answer)}</div></div>')


def build(output, *, seed: int = 0, tasks=None, force: bool = False, reference=None) -> Path:
    """Render one example per task into ``output/index.html`` (+ images/); with ``reference``,
    beside each the reference sample from ``reference/<task_id>/seed0.png`` (+ seed0.json)."""
    from . import registry
    from .core import engine
    from .core.files import check_output, staged

    output = Path(output)
    check_output(output, force)
    if reference is not None:
        reference = Path(reference)
        if not reference.is_dir():
            raise FileNotFoundError(f"reference samples folder {reference} does not exist")
    with staged(output, force=force) as staging:
        (staging / "images").mkdir()
        ids = list(tasks) if tasks else registry.task_ids()
        catalog = load_catalog()
        refs = {}
        if reference is not None:
            (staging / "reference").mkdir()
            for tid in ids:
                refs[tid] = _reference_sample(reference, tid)
                if refs[tid] is not None:
                    shutil.copyfile(refs[tid][0], staging / "reference" / f"{tid}.png")
        by_scene: dict[tuple, list] = defaultdict(list)
        counts = {"domain": Counter(), "answer type": Counter(), "annotation type": Counter()}
        for tid in ids:
            spec = registry.get(tid)
            inst = engine.generate(spec, seed=seed, split="gallery", index=0)
            rec = inst.record
            (staging / "images" / f"{tid}.png").write_bytes(inst.png())
            by_scene[(spec.domain, spec.scene_id)].append(rec)
            counts["domain"][spec.domain] += 1
            counts["answer type"][spec.answer_type] += 1
            counts["annotation type"][spec.annotation_type] += 1
        ours = set(ids)
        cat_domains = Counter(row["domain"] for row in catalog.values())
        cov_domain = Counter(row["domain"] for tid, row in catalog.items() if tid in ours)
        extra = sorted(ours - set(catalog))

        out = ['<!doctype html><html><head><meta charset="utf-8"><title>tracegen gallery</title>',
               f"<style>{CSS}</style></head><body>",
               f"<header><h1>tracegen task gallery</h1><div>{len(ids)} tasks · seed {seed} · "
               + (f"reference samples for {sum(v is not None for v in refs.values())} · " if reference else "")
               + f"catalog coverage {len(ours & set(catalog))}/{len(catalog)} · "
               '<label><input type="checkbox" id="toggle" checked> show annotations</label> · '
               '<span id="imgstatus"></span></div></header><main>']
        for title, counter in counts.items():
            rows = "".join(f"<tr><td>{html.escape(k)}</td><td>{v}</td></tr>" for k, v in sorted(counter.items()))
            out.append(f'<table class="counts"><tr><th>{title}</th><th>tasks</th></tr>{rows}</table>')
        rows = "".join(f"<tr><td>{d}</td><td>{cov_domain[d]}</td><td>{n}</td>"
                       f"<td>{100 * cov_domain[d] / n:.1f}%</td></tr>" for d, n in sorted(cat_domains.items()))
        out.append('<table class="counts"><tr><th>catalog domain</th><th>implemented</th><th>catalog</th>'
                   f"<th>coverage</th></tr>{rows}</table>")
        if extra:
            out.append(f"<p class='meta'>Tasks beyond the catalog: {', '.join(map(html.escape, extra))}</p>")
        for domain in sorted({d for d, _ in by_scene}):
            out.append(f'<h2 id="{domain}">{html.escape(domain)}</h2>')
            for (d, scene), recs in sorted(by_scene.items()):
                if d != domain:
                    continue
                out.append(f'<h3 id="{d}-{scene}">{html.escape(d)} / {html.escape(scene)} ({len(recs)} tasks)</h3>'
                           '<div class="cards">')
                for rec in recs:
                    im = rec["images"][0]
                    ours = (
                        f'<div class="frame"><img src="images/{rec["task"]}.png" width="{im["width"]}" '
                        f'height="{im["height"]}" alt="{html.escape(rec["task"])}">'
                        f'{_svg(rec["annotation_gt"]["type"], rec["annotation_gt"]["value"], im["width"], im["height"])}'
                        f'</div><div class="meta">query <b>{html.escape(rec["query_id"])}</b> · difficulty '
                        f'{rec["difficulty"]} · {rec["answer_gt"]["type"]} · {rec["annotation_gt"]["type"]} · '
                        f'{im["width"]}×{im["height"]}</div>'
                        f'<pre>{html.escape(rec["prompts"]["answer_only"])}</pre>'
                        f'<div class="answer">answer: {html.escape(json.dumps(rec["answer_gt"]["value"]))}</div>')
                    if reference is None:
                        out.append(f'<div class="card" id="{rec["task"]}"><h4>{html.escape(rec["task"])}</h4>'
                                   f'{ours}</div>')
                    else:
                        out.append(f'<div class="card pair" id="{rec["task"]}"><h4>{html.escape(rec["task"])}</h4>'
                                   f'<div class="side ours"><h5>ours (seed {seed})</h5>{ours}</div>'
                                   f'{_reference_side(rec["task"], refs.get(rec["task"]))}</div>')
                out.append("</div>")
        out.append(f"</main><script>{SCRIPT}</script></body></html>")
        (staging / "index.html").write_text("\n".join(out), encoding="utf-8")
    return output / "index.html"
