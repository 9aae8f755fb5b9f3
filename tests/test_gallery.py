"""The HTML gallery: one card per task, annotation overlays, counts and catalog coverage,
opened in headless Chromium (every image must load) with a screenshot."""

import re
import shutil
import subprocess

import pytest

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


@pytest.mark.skipif(CHROMIUM is None, reason="chromium not installed (scripts/setup.sh --test installs it)")
def test_every_image_loads_in_headless_chromium(page, tmp_path):
    out, _ = page
    url = (out / "index.html").resolve().as_uri()
    flags = [CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=15000"]
    dom = subprocess.run(flags + ["--dump-dom", url], capture_output=True, text=True, timeout=180).stdout
    total = re.search(r'data-images-total="(\d+)"', dom)
    broken = re.search(r'data-images-broken="(\d+)"', dom)
    assert total and broken, "page script did not run"
    assert int(total.group(1)) == len(registry.task_ids())
    assert int(broken.group(1)) == 0
    shot = tmp_path / "gallery.png"
    subprocess.run(flags + ["--window-size=1400,1800", f"--screenshot={shot}", url],
                   capture_output=True, timeout=180)
    assert shot.is_file() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
