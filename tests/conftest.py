"""Suite-wide fixtures."""

import pytest


@pytest.fixture(autouse=True, scope="module")
def _scene_instances():
    """A module's checks share the instances taskcheck generates (taskcheck.instance); drop them when the
    module is done, so a worker holds one module's instances at a time."""
    yield
    import taskcheck

    taskcheck.clear_instances()
