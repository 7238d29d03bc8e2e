"""``python -m ravenry.faces.cli``: the ``ravenry`` command without its console script (tests, subprocesses)."""

from ravenry.faces.cli import main

main()
