"""pages/mixed_infographic_page: a page of mixed infographic modules.  ``scene``: the sampler and
renderer (SCENE); ``tasks``: its tasks.

Importing the package imports the task modules, which register on SCENE."""

from .scene import SCENE
from . import tasks  # noqa: F401  (registers its tasks on SCENE)
