"""The plugin registry (design §4, §5): the pluggy hook specifications, entry-point discovery with the validated
``Registry`` of games, variants and bots, and the host's own plugin (the core bots). Below it is only the base
(``specs``, ``errors``, ``_core``)."""
