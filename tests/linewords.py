"""Check 6 of tests/linecheck.py, `words`: counting and grammar in every line a person reads.

 - `words/plural-mark` — a noun with "(s)" stuck on ("2 voter(s)"): a line knows its count and says "1 voter" or
   "2 voters".
 - `words/one-plural` — "1" (or "+1") before a plural noun, with at most two words between ("1 support checks",
   "(1 checks)", "+1 more states"). The nouns are the ones the games count (COUNTED below).
 - `words/a-an` — "a" before a word that starts with a vowel sound ("a issue"), or "an" before one that starts with
   a consonant ("an card"). Abbreviations in capitals are left alone (how a reader says "NH" is not the check's).
 - `words/repeated` — the same line twice in a row within one post or brief ("REP puts a voter in FL." four times
   is one line that counts them).
 - `words/you` — "you" or "your" in a public line: the channel is read by every seat and by spectators, so a
   public line names the seat. Left out: quoted move notation (`…`), and a card's own words quoted after its name
   and a colon (a card speaks to whoever holds it, as the printed card does).
 - `words/score-order` — "X wins …, 15–78": the winner's figure comes first.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

# the nouns the games count, plural: a "1" before one of these is a slip
COUNTED = ("votes", "voters", "cards", "ballots", "checks", "cubes", "states", "markers", "points", "turns", "moves",
           "deadlines", "seats", "players", "spaces", "issues", "rolls", "tokens", "chips", "actions", "steps",
           "hours", "days", "minutes", "months", "rounds", "events", "endorsements", "plays", "options", "dice",
           "supporters", "delegates", "politicks", "responses", "times", "games", "electors", "regions", "cities",
           "candidates", "tiles", "news", "funds", "dollars", "letters", "words", "lines", "posts", "reminders")
# words that may stand between the "1" and its noun without taking the count ("1 of your cubes" counts "1")
NOT_BETWEEN = {"of", "in", "for", "to", "and", "or", "from", "on", "at", "each", "per", "with", "the", "your", "a",
               "an", "than", "vs", "v", "is", "are", "was", "by", "out", "into", "over", "under", "left", "behind",
               "up", "down", "after", "before", "but", "then", "if", "so", "as", "its", "their",
               "his", "her", "this", "that", "these", "those", "all", "any", "every", "no", "not"}
ONE = re.compile(r"(?<![\w.,/–−\-:#])(\+?)1 ((?:[A-Za-z][\w\-]* ){0,2}?)(" + "|".join(COUNTED) + r")\b")
PLURAL_MARK = re.compile(r"\b[A-Za-z]+\(s\)")
A_AN = re.compile(r"(?<![\w'’\-])([Aa]n?) [\"“'‘`]?([A-Za-z][\w\-]*)")
# a vowel letter that does not start with a vowel sound, and a consonant letter that does
YOO = re.compile(r"^(?:uni(?!n)|use|usu|uti|ura|ure|uro|eu|ewe|one\b|one-|once|ubi)", re.I)
SILENT_H = re.compile(r"^(?:hour|honest|honou?r|heir)", re.I)
YOU = re.compile(r"\b(?:you|your|yours|yourself)\b", re.I)
SCORE = re.compile(r"\bwins\b[^.;\n]*?(\d+)[–-](\d+)(?!\s*\()")
CODE = re.compile(r"`[^`\n]*`")
# a card's own words, quoted after its name and a colon ("plays O05 “Name”: In a state of your choice, …", "plays
# #23 Name as an event, +1 rest cube for the bag: …"): a card speaks to whoever plays it, as the printed card does
CARD_WORDS = re.compile(r"(?:”|#\d+[^:\n]*): .*$")


def _between_ok(words: str) -> bool:
    return all(w.lower() not in NOT_BETWEEN and not w[0].isdigit() for w in words.split())


def _vowel_sound(word: str) -> bool | None:
    """Whether `word` starts with a vowel sound; None where the check cannot tell (an abbreviation, a number)."""
    if len(word) > 1 and word.isupper() or word[0].isdigit():
        return None
    if len(word) == 1:  # a letter named: "a K", "an N"
        return None
    w = word.lower()
    if w[0] in "aeiou":
        return not YOO.match(w)
    return bool(SILENT_H.match(w))


def line_problems(line: str) -> list[tuple[str, str]]:
    """(kind, why) of each slip in one line."""
    out: list[tuple[str, str]] = []
    for m in PLURAL_MARK.finditer(line):
        out.append(("words/plural-mark", f"{m.group(0)!r}: the count is known, so the noun agrees with it"))
    for m in ONE.finditer(line):
        if _between_ok(m.group(2)) and not (m.group(3) == "news" or m.group(3) == "times" and m.group(2)):
            out.append(("words/one-plural", f"{m.group(0)!r}: 1 takes the singular"))
    for m in A_AN.finditer(CODE.sub("`x`", line)):
        article, word = m.group(1).lower(), m.group(2)
        vowel = _vowel_sound(word)
        if vowel is True and article == "a":
            out.append(("words/a-an", f"{m.group(0)!r}: “an” before a vowel sound"))
        elif vowel is False and article == "an":
            out.append(("words/a-an", f"{m.group(0)!r}: “a” before a consonant sound"))
    m = SCORE.search(line)
    if m and int(m.group(1)) < int(m.group(2)):
        out.append(("words/score-order", f"{m.group(0)!r}: the winner's figure comes first"))
    return out


def text_problems(text: str, *, public: bool, post: bool) -> list[tuple[str, str]]:
    """(kind, why) of each slip in one text a person reads: each line's, a line repeated straight after itself
    (`post`: a post or brief, whose lines are one message), and "you" in a public text."""
    out: list[tuple[str, str]] = []
    lines = text.split("\n")
    for k, line in enumerate(lines):
        out += line_problems(line)
        if post and k and line.strip() and line == lines[k - 1]:
            out.append(("words/repeated", f"{line!r} twice in a row: one line that counts them"))
        if public and (m := YOU.search(CARD_WORDS.sub("", CODE.sub("", line)))):
            out.append(("words/you", f"{m.group(0)!r} in a public line: name the seat"))
    return out


def check_words(texts: Iterable[Any]) -> tuple[list[tuple[Any, str, str]], int]:
    """(problems as (text, kind, why), lines looked at) over linecheck's Texts."""
    out: list[tuple[Any, str, str]] = []
    seen = 0
    for t in texts:
        if t.source in ("shown",):  # a label shortened for a button: its words are the label's, checked whole
            continue
        public = t.audience in ("public", "log") or t.audience.startswith("follower:")
        seen += t.text.count("\n") + 1
        for kind, why in text_problems(t.text, public=public, post=t.source in ("post", "brief")):
            out.append((t, kind, why))
    return out, seen
