"""Services over the match model (design §4): headless batch simulation and where its chunks run, tournaments,
engine benchmarks and the researchers' environments. They may import the whole public API (``import ravenry``),
never a face."""
