"""geometry/coordinate_plane: a coordinate plane.  ``scene``: the sampler and renderer (SCENE);
``tasks``: the counting tasks; ``choice``: the tasks that pick a lettered candidate.

Importing the package imports the task modules, which register on SCENE."""

from .scene import SCENE
from . import tasks, choice  # noqa: F401  (register their tasks on SCENE)
