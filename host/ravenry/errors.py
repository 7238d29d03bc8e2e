"""Ravenry's exceptions. The classes are created in the Rust core so that Rust and Python raise the same ones."""

from ravenry._core import IllegalAction, OptionError, RavenryError, SnapshotError, UnknownGame


class PluginError(RavenryError):
    """A plugin that failed to load or registered something invalid."""


__all__ = ["RavenryError", "IllegalAction", "OptionError", "SnapshotError", "UnknownGame", "PluginError"]
