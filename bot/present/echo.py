"""A move's notation as the bot shows it back to a player ("You played: `issue social-security`").

The notation a ruleset writes names some things by id (`social_security`, `voter_suppression`, `civil_rights`);
a player never reads an id. Shown back, each such word is joined with hyphens instead, a form every title's parser
reads as the same id, so what a player sees is still what they can type.
"""
from __future__ import annotations

import re

# a word of letters and digits joined by underscores, outside a longer token (`#12`, `a/b`, a link)
_JOINED = re.compile(r"(?<![\w/.#-])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?![\w])")


def notation(text: str) -> str:
    """`55 advertise social_security taxes` → `55 advertise social-security taxes`."""
    return _JOINED.sub(lambda m: m.group(0).replace("_", "-"), text)
