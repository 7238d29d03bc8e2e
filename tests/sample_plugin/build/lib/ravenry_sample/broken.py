"""A plugin whose import fails: the host must report it and carry on."""

import ravenry_sample_missing_dependency  # noqa: F401
