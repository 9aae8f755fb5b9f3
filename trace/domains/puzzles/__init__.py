"""Scenes and tasks of the puzzles domain."""
