"""Print the text of a PDF (example script; skill-ls never runs it)."""

import sys

print(f"would extract text from {sys.argv[1]}")
