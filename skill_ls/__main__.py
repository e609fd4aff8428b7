"""`python -m skill_ls` runs the command line."""

import sys

from skill_ls.cli import main

if __name__ == "__main__":
    sys.exit(main())
