"""The match model (design §4): a registered game and its options, a match over the Rust core or a pure-Python
game, and saves. It imports the registry and the base, never a service or a face."""
