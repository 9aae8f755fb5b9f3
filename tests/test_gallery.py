"""The HTML gallery: one card per task, annotation overlays, counts and catalog coverage,
opened in headless Chromium (every image must load) with a screenshot."""

import html
import json
import os
import re
import signal
import shutil
import subprocess

import pytest

import refdata
from tracegen import gallery, registry

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    out = tmp_path_factory.mktemp("g") / "gallery"
    index = gallery.build(out)
    return out, index.read_text()


def test_one_card_per_task_with_overlay_and_coverage(page):
    out, text = page
    ids = registry.task_ids()
    assert len(re.findall(r'<div class="card"', text)) == len(ids)
    for tid in ids:
        assert f'id="{tid}"' in text and (out / "images" / f"{tid}.png").is_file()
    assert text.count("<svg ") == len(ids)
    catalog = gallery.load_catalog()
    covered = len(set(ids) & set(catalog))
    assert f"catalog coverage {covered}/{len(catalog)}" in text
    assert 'id="toggle"' in text
    for scene in {(registry.meta(t)["domain"], registry.meta(t)["scene_id"]) for t in ids}:
        assert f'id="{scene[0]}-{scene[1]}"' in text


def _chromium(args, timeout=180) -> str:
    """Run headless Chromium in its own process group (ended as a whole, also on timeout); stdout."""
    p = subprocess.Popen([CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                          "--virtual-time-budget=15000", *args], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    try:
        return p.communicate(timeout=timeout)[0]
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()


def check_in_chromium(index, tmp_path, images: int) -> None:
    """Every image of the page loads (the page script counts them), and a screenshot renders."""
    url = index.resolve().as_uri()
    profile = f"--user-data-dir={tmp_path / 'profile'}"
    dom = _chromium([profile, "--dump-dom", url])
    total = re.search(r'data-images-total="(\d+)"', dom)
    broken = re.search(r'data-images-broken="(\d+)"', dom)
    assert total and broken, "page script did not run"
    assert int(total.group(1)) == images and int(broken.group(1)) == 0
    shot = tmp_path / "gallery.png"
    _chromium([profile, "--window-size=1400,1800", f"--screenshot={shot}", url])
    assert shot.is_file() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000


@pytest.mark.skipif(CHROMIUM is None, reason="chromium not installed (scripts/setup.sh --test installs it)")
def test_every_image_loads_in_headless_chromium(page, tmp_path):
    out, _ = page
    check_in_chromium(out / "index.html", tmp_path, len(registry.task_ids()))


REF_SAMPLES = refdata.copy("catalog/ref_samples")   # the reference's seed-0 samples of these four tasks
PAIR_TASKS = ["task_charts__heatmap__colorbar_threshold_cell_count", "task_symbolic__clock__full_time_readout",
              "task_three_d__object_cluster__total_object_count"]


@pytest.fixture(scope="module")
def pair_page(tmp_path_factory):
    out = tmp_path_factory.mktemp("g") / "pairs"
    index = gallery.build(out, tasks=PAIR_TASKS + ["task_games__go__group_liberty_count"], reference=REF_SAMPLES)
    return out, index.read_text()


def test_reference_samples_beside_ours(pair_page, tmp_path):
    out, text = pair_page
    assert text.count('<div class="card pair"') == 4
    for tid in PAIR_TASKS:
        sample = json.loads((REF_SAMPLES / tid / "seed0.json").read_text())
        assert (out / "reference" / f"{tid}.png").read_bytes() == (REF_SAMPLES / tid / "seed0.png").read_bytes()
        assert f'src="reference/{tid}.png"' in text
        assert html.escape(sample["prompt_answer_only"]) in text
    # a task without a sample says so (here: a sample folder that lacks it)
    partial = tmp_path / "samples"
    shutil.copytree(REF_SAMPLES / PAIR_TASKS[0], partial / PAIR_TASKS[0])
    page = gallery.build(tmp_path / "g2", tasks=PAIR_TASKS[:2], reference=partial).read_text()
    assert page.count("no reference sample") == 1 and "reference samples for 1 " in page
    with pytest.raises(FileNotFoundError, match="reference samples folder"):
        gallery.build(tmp_path / "g3", tasks=PAIR_TASKS[:1], reference=tmp_path / "nope")
    assert not (tmp_path / "g3").exists()


@pytest.mark.skipif(CHROMIUM is None, reason="chromium not installed (scripts/setup.sh --test installs it)")
def test_reference_pairs_load_in_headless_chromium(pair_page, tmp_path):
    out, _ = pair_page
    check_in_chromium(out / "index.html", tmp_path, 4 + 4)   # ours + the four samples
