"""symbolic/organic_structure: skeletal structures of organic molecules.  ``molecule``: building
valid structures on the plane; ``scene``: the sampler and renderer (SCENE); ``tasks``: counting
bonds by order and rings by size.

Importing the package imports the task module, which registers on SCENE."""

from .scene import SCENE
from . import tasks  # noqa: F401  (registers its tasks on SCENE)
