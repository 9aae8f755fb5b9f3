"""bench/test_cost.py: the suite's seconds per task and the extrapolation, from a JUnit report; and the order
tests/conftest.py hands modules to the workers in."""

import importlib.util
from pathlib import Path

import pytest

PATH = Path(__file__).resolve().parents[1] / "bench" / "test_cost.py"
_spec = importlib.util.spec_from_file_location("bench_test_cost", PATH)
cost = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cost)


def _case(module, name, wall, cpu=None):
    prop = "" if cpu is None else f'<properties><property name="cpu_s" value="{cpu}"/></properties>'
    return f'<testcase classname="{module}" name="{name}" time="{wall}">{prop}</testcase>'


def _report(tmp_path, cases):
    path = tmp_path / "report.xml"
    path.write_text('<?xml version="1.0"?><testsuites><testsuite name="pytest">' + "".join(cases)
                    + "</testsuite></testsuites>")
    return path


def test_per_task_and_fixed_seconds_and_the_extrapolation(tmp_path, capsys):
    path = _report(tmp_path, [
        _case("tests.domains.test_charts_heatmap", "test_tasks", 9.0, 3.0),
        _case("tests.domains.test_charts_heatmap", "test_two_process_determinism", 3.0, 1.0),
        _case("tests.test_style", "test_every_scene_under_every_style[charts-heatmap]", 2.0, 1.0),
        _case("tests.test_style", "test_png_bytes_are_pinned", 1.0, 0.5),
        _case("tests.test_workflow", "test_local_data_stage_writes_receipts_for_every_job", 90.0, 30.0),
    ])
    e = cost.estimate(cost.read_report(path), tasks=5, target=50, workers=2)
    assert (e["per_task_total_s"], e["fixed_s"], e["s_per_task"]) == (5.0, 30.5, 1.0)
    assert e["target_serial_s"] == 30.5 + 50 and e["target_parallel_s"] == (30.5 + 50) / 2
    assert e["longest_module"] == ("tests.test_workflow", 30.0)
    assert cost.estimate(cost.read_report(path, "wall"), tasks=5, target=50, workers=2)["per_task_total_s"] == 14.0
    assert cost.main([str(path), "--tasks", "5", "--target-tasks", "50"]) == 0
    out = capsys.readouterr().out
    assert "per task: 1.00 s" in out and "at 50 tasks: 1.3 min serial, 0.7 min on 2 workers" in out


@pytest.mark.parametrize("content, message", [
    (None, "no report"),
    ("not xml", "not a JUnit XML report"),
    ('<testsuite><testcase classname="tests.test_x" name="test_y" time="1.0"/></testsuite>', "use --clock wall"),
])
def test_bad_reports_are_one_line(tmp_path, capsys, content, message):
    path = tmp_path / "report.xml"
    if content is not None:
        path.write_text(content)
    assert cost.main([str(path), "--tasks", "5"]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_the_suite_writes_each_tests_cpu_seconds_with_its_subprocesses(tmp_path):
    """tests/conftest.py puts the cpu_s property bench/test_cost.py reads into the report: here a test whose
    child process burns 0.3 s of CPU time while the test itself sleeps."""
    import os
    import subprocess
    import sys

    (tmp_path / "test_burn.py").write_text(
        "import subprocess, sys, time\n"
        "def test_burn():\n"
        "    subprocess.run([sys.executable, '-c', 'import time\\nt = time.process_time()\\n"
        "while time.process_time() - t < 0.3: pass'], check=True)\n"
        "    time.sleep(0.5)\n")
    tests = Path(__file__).resolve().parent
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tests), os.environ.get("PYTHONPATH", "")]))
    r = subprocess.run([sys.executable, "-m", "pytest", "-p", "conftest", "-p", "no:cacheprovider", "-q",
                        "--rootdir", str(tmp_path), "-c", os.devnull, "--junitxml", str(tmp_path / "r.xml"),
                        str(tmp_path / "test_burn.py")], capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    [(module, name, cpu)] = cost.read_report(tmp_path / "r.xml")
    [(_, _, wall)] = cost.read_report(tmp_path / "r.xml", "wall")
    assert name == "test_burn" and 0.3 <= cpu < wall


class _Item:
    def __init__(self, nodeid, mark=None):
        self.nodeid, self.mark = nodeid, mark

    def get_closest_marker(self, name):
        return self.mark if name == "early" else None


def test_long_modules_are_scheduled_first_then_the_rest_by_size():
    import conftest

    early = pytest.mark.early
    items = [_Item("tests/a.py::one"), _Item("tests/b.py::one"), _Item("tests/b.py::two"),
             _Item("tests/dag.py::run", early(900).mark), _Item("tests/dag.py::check", early(900).mark),
             _Item("tests/c.py::one"), _Item("tests/resume.py::run", early(120).mark),
             _Item("tests/plain.py::run", early.mark)]
    conftest.pytest_collection_modifyitems(None, items)
    assert [i.nodeid for i in items] == ["tests/dag.py::run", "tests/dag.py::check", "tests/resume.py::run",
                                         "tests/plain.py::run", "tests/b.py::one", "tests/b.py::two",
                                         "tests/a.py::one", "tests/c.py::one"]
