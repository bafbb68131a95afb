"""`python -m bot` — the same as the `stumpbot` command, for machines where pip's script folder is not on PATH."""
import sys

from bot.cli import main

sys.exit(main())
