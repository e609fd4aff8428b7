"""`python -m skill_ls` runs the command line."""

import sys

from skill_ls.cli import main

sys.exit(main())
