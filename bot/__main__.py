"""`python -m bot` — the same as the `stumpbot` command, for machines where pip's script folder is not on PATH.

Guarded: a worker process started fresh (spawn, where the system cannot fork) imports this module as its main one,
and must not start the bot again."""
import sys

from bot.cli import main

if __name__ == "__main__":
    sys.exit(main())
