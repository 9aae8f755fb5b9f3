"""Suite-wide fixtures and the per-test CPU time in JUnit reports."""

import resource

import pytest


@pytest.fixture(autouse=True, scope="module")
def _scene_instances():
    """A module's checks share the instances taskcheck generates (taskcheck.instance); drop them when the
    module is done, so a worker holds one module's instances at a time."""
    yield
    import taskcheck

    taskcheck.clear_instances()


def _cpu_s() -> float:
    """CPU seconds of this process and of the child processes it has waited for."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


_CPU_START = pytest.StashKey[float]()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    item.stash[_CPU_START] = _cpu_s()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Each test's CPU seconds (setup + call + teardown, its subprocesses included) become the ``cpu_s``
    property of its JUnit test case: unlike wall time it does not grow when the machine is busy, so
    bench/test_cost.py can check the suite's budget on a shared machine."""
    if call.when == "teardown" and _CPU_START in item.stash:
        item.user_properties.append(("cpu_s", round(_cpu_s() - item.stash[_CPU_START], 3)))
    yield
