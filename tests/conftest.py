"""Suite-wide fixtures, the order modules are scheduled in, and the per-test CPU time in JUnit reports."""

import resource

import pytest


@pytest.fixture(autouse=True, scope="module")
def _scene_instances():
    """A module's checks share the instances taskcheck generates (taskcheck.instance); drop them when the
    module is done, so a worker holds one module's instances at a time."""
    yield
    import taskcheck

    taskcheck.clear_instances()


def pytest_collection_modifyitems(config, items):
    """The order pytest-xdist's loadscope hands modules to workers (pyproject: --no-loadscope-reorder): the
    modules marked ``early(seconds)`` first, longest first, then the others by number of tests, largest
    first (xdist's own order).  A worker takes its next module when it has finished the last, so a module
    that takes a quarter of the run (the local DAG) must start at once: started late, it runs on alone
    with the other core idle.  Tests keep their order inside a module."""
    modules: dict[str, list] = {}
    for item in items:
        modules.setdefault(item.nodeid.split("::")[0], []).append(item)

    def key(entry):
        mark = entry[1][0].get_closest_marker("early")
        return (0, -(mark.args[0] if mark.args else 0)) if mark else (1, -len(entry[1]))

    items[:] = [item for _, group in sorted(modules.items(), key=key) for item in group]


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
