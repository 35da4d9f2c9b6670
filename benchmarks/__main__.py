"""``python -m benchmarks``: the whole benchmark suite in one command (see benchmarks/README.md).

    python -m benchmarks            # default run: under 10 minutes on 2 cores
    python -m benchmarks --quick    # under a minute: small limits, for CI smoke use
"""

import sys

from benchmarks.suite import main

if __name__ == "__main__":
    sys.exit(main())
