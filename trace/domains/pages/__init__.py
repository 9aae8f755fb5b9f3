"""Scenes and tasks of the pages domain."""
