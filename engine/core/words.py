"""Counted nouns and articles, one way for every game and every table: "1 voter", "2 voters", "an issue", and a run of
the same line said once with its count."""
from __future__ import annotations

import re

# nouns whose plural is not the noun and an "s"
IRREGULAR = {"die": "dice", "city": "cities", "news": "news", "delegacy": "delegacies", "party": "parties",
             "penalty": "penalties", "press": "presses", "bonus": "bonuses", "box": "boxes", "match": "matches",
             "pass": "passes", "loss": "losses", "campaign manager": "campaign managers"}
# a vowel letter that starts a consonant sound, and a consonant letter that starts a vowel sound
_YOO = re.compile(r"^(?:uni(?!n)|use|usu|uti|ura|ure|uro|eu|ewe|one\b|one-|once|ubi)", re.I)
_SILENT_H = re.compile(r"^(?:hour|honest|honou?r|heir)", re.I)


def plural_of(noun: str) -> str:
    """"voter" -> "voters", "city" -> "cities", "support check" -> "support checks" (the last word takes it)."""
    if noun in IRREGULAR:
        return IRREGULAR[noun]
    head, _, last = noun.rpartition(" ")
    if last in IRREGULAR:
        return f"{head} {IRREGULAR[last]}".strip()
    return f"{noun}s"


def plural(n: int, noun: str, many: str | None = None) -> str:
    """"1 voter", "2 voters", "0 cards", "−1 vote": the noun agrees with its count (`many`: an irregular plural)."""
    return f"{n} {noun if abs(n) == 1 else (many or plural_of(noun))}"


def noun(n: int, noun_: str, many: str | None = None) -> str:
    """The noun alone, agreeing with `n`: "voter" or "voters" (for "3 more voters" and the like)."""
    return noun_ if abs(n) == 1 else (many or plural_of(noun_))


def article(word: str) -> str:
    """"a" or "an" before `word`, by its first sound: "an issue", "a union", "an hour". An abbreviation in capitals
    takes "a" unless its letter's name starts with a vowel sound ("an NC", "an FL", "a TX")."""
    w = word.strip("\"“”'‘’`")
    if not w:
        return "a"
    if len(w) > 1 and w.isupper():
        return "an" if w[0] in "AEFHILMNORSX" else "a"
    lower = w.lower()
    if lower[0] in "aeiou":
        return "a" if _YOO.match(lower) else "an"
    return "an" if _SILENT_H.match(lower) else "a"


def with_article(word: str) -> str:
    """`word` after its article: "an issue", "a state"."""
    return f"{article(word)} {word}"


def times(line: str, n: int) -> str:
    """A line said `n` times in a row, said once: "DEM passes." -> "DEM passes (3 times)."."""
    if n == 1:
        return line
    end = line[-1] if line and line[-1] in ".!" else ""
    return f"{line[:len(line) - len(end)]} ({n} times){end}"
