"""geometry/circle_theorem: one circle with marked measures.  ``scene``: the sampler and renderer
(SCENE); ``tasks``: the angle tasks; ``lengths``: the length tasks.

Importing the package imports the task modules, which register on SCENE."""

from .scene import SCENE
from . import tasks, lengths  # noqa: F401  (register their tasks on SCENE)
