from .scene import SCENE
from . import tasks, points, props  # noqa: F401  (register their tasks on SCENE)
