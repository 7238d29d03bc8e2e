"""Record engine throughput for every installed game beside OpenSpiel's hearts (``pip install ".[peers]"``).

Usage: python benches/bench.py [--game ID ...] [--quick]   (the same as ``ravenry bench``)
"""

import sys

from ravenry.cli import main

if __name__ == "__main__":
    sys.argv = ["ravenry", "bench", *sys.argv[1:]]
    main()
