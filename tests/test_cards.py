"""`rlvr cards`: per-task learning cards of a run on the online stream -- one row per task with figures
recomputed from the run's task log, an HTML page of small multiples that renders in headless Chromium
(every image loads), stable bytes, and one clear error for a run without a task log."""

from __future__ import annotations

import json
import os
import random

import pytest

for _k, _v in {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}.items():
    os.environ.setdefault(_k, _v)

from rlvr.cli import main as rlvr_main  # noqa: E402
from rlvr.training import cards, online  # noqa: E402
from rlvr.training import profiles as P  # noqa: E402
from rlvr.training.reward import compute_score  # noqa: E402

from test_gallery import CHROMIUM, check_in_chromium  # noqa: E402

TASKS = ["task_graph__node_link__shortest_path_length", "task_games__go__marked_group_stone_count",
         "task_charts__single_series__turning_point_count"]
B, N, STEPS = 6, 2, 8


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    """A run directory as the online stream leaves it: 8 steps scored by a scripted policy (right on the
    first task, right half the time on the second, never on the third), plus a reward curve and validation."""
    run = tmp_path_factory.mktemp("run")
    spec = online.settings({"seed": 2, "mix": [{"id": t} for t in TASKS], "workers": 0,
                            "curriculum": {"min_samples": 4, "window": 8}})
    stream = online.Stream(spec, online.row_context(spec, P.load("tiny-cpu-online")), batch_size=B, steps=STEPS,
                           rollout_n=N, journal=run / "online" / "journal", run_dir=run, log=lambda *_: None)
    rng = random.Random(0)
    metrics = []
    for step in range(1, STEPS + 1):
        rewards = []
        for r in stream.batch(step):
            gt = json.loads(r["reward_model"]["ground_truth"])["value"]
            for _ in range(N):
                right = {TASKS[0]: True, TASKS[1]: rng.random() < 0.5, TASKS[2]: False}[r["extra_info"]["task"]]
                text = json.dumps({"answer": gt if right else "no"}) + " " * rng.randrange(5)
                rewards.append(compute_score(r["data_source"], text, r["reward_model"]["ground_truth"],
                                             r["extra_info"]))
        metrics.append({"step": step, "reward/mean": sum(x["score"] for x in rewards) / len(rewards),
                        "reward/acc": sum(x["acc"] for x in rewards) / len(rewards),
                        "reward/format": sum(x["format"] for x in rewards) / len(rewards)})
    stream.state_dict()   # the last step's journal goes to the task log, as at a checkpoint
    stream.close()
    (run / "metrics.jsonl").write_text("".join(json.dumps(m) + "\n" for m in metrics))
    (run / "validation.jsonl").write_text("".join(json.dumps({"step": s, "reward": v, "acc": v, "format": 1.0,
                                                             "responses": 10, "tasks": {}}) + "\n"
                                                  for s, v in ((0, 0.1), (STEPS, 0.4))))
    return run


@pytest.fixture(scope="module")
def page(run_dir, tmp_path_factory):
    out = tmp_path_factory.mktemp("cards") / "cards"
    assert rlvr_main(["cards", str(run_dir), "--out", str(out)]) == 0
    return out


def test_one_row_per_task_with_figures_from_the_task_log(run_dir, page):
    log = [json.loads(x) for x in (run_dir / online.TASK_LOG).read_text().splitlines()]
    assert [x["step"] for x in log] == list(range(1, STEPS + 1))
    lines = (page / "cards.tsv").read_text().splitlines()
    header, rows = lines[0].split("\t"), [dict(zip(lines[0].split("\t"), x.split("\t"))) for x in lines[1:]]
    assert header[:4] == ["task", "responses", "steps_observed", "pass_rate"] and len(rows) == len(TASKS)
    by_task = {r["task"]: r for r in rows}
    for task in TASKS:
        seen = [x["tasks"][task] for x in log if task in x["tasks"]]
        n = sum(o["responses"] for o in seen)
        assert int(by_task[task]["responses"]) == n and int(by_task[task]["steps_observed"]) == len(seen)
        assert float(by_task[task]["pass_rate"]) == pytest.approx(sum(o["passed"] for o in seen) / n, abs=1e-4)
        assert float(by_task[task]["format_rate"]) == pytest.approx(1.0)
        length = sum(o["length"] * o["responses"] for o in seen) / n
        assert float(by_task[task]["mean_response_length"]) == pytest.approx(length, abs=1e-3)
    assert float(by_task[TASKS[0]]["pass_rate"]) == 1.0 and float(by_task[TASKS[2]]["pass_rate"]) == 0.0
    # the curriculum took the solved task up and the failed one down (or kept it at the bottom, re-weighted)
    assert int(by_task[TASKS[0]]["difficulty_last"]) >= int(by_task[TASKS[0]]["difficulty_first"])
    assert int(by_task[TASKS[0]]["moves"]) >= 1 and float(by_task[TASKS[2]]["weight_last"]) == 0.25
    data = json.loads((page / "cards.json").read_text())
    assert [t["task"] for t in data["tasks"]] == sorted(TASKS)
    assert len(data["tasks"][0]["series"]["rung_steps"]) == STEPS
    assert data["summary"]["validation"][0]["step"] == 0 and data["summary"]["steps"] == STEPS


def test_page_and_images_are_written_and_stable(run_dir, page, tmp_path):
    html = (page / "index.html").read_text()
    for task in TASKS:
        assert f'id="{task}"' in html and (page / "img" / f"{task}.png").read_bytes()[:4] == b"\x89PNG"
    assert 'src="reward.png"' in html and "data-images-total" in html
    again = tmp_path / "again"
    cards.write_cards(run_dir, again)
    for f in ["index.html", "cards.tsv", "cards.json", "reward.png"] + [f"img/{t}.png" for t in TASKS]:
        assert (again / f).read_bytes() == (page / f).read_bytes(), f


@pytest.mark.skipif(CHROMIUM is None, reason="chromium not installed (scripts/setup.sh --test installs it)")
def test_cards_render_in_headless_chromium(page, tmp_path):
    check_in_chromium(page / "index.html", tmp_path, len(TASKS) + 1)


def test_a_run_without_a_task_log_is_one_clear_error(tmp_path, capsys):
    (tmp_path / "run").mkdir()
    assert rlvr_main(["cards", str(tmp_path / "run"), "--out", str(tmp_path / "out")]) == 1
    out = capsys.readouterr().out
    assert "tasks.jsonl is missing or empty" in out and "Traceback" not in out and not (tmp_path / "out").exists()
