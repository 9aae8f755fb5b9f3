"""geometry/triangle_relations: a triangle with marked measures.  ``scene``: the sampler and renderer
(SCENE); ``tasks``: the tasks on one triangle; ``right``: the right-triangle and trigonometry tasks.

Importing the package imports the task modules, which register on SCENE."""

from .scene import SCENE
from . import tasks, right  # noqa: F401  (register their tasks on SCENE)
