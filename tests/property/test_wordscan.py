"""The fast whole-word scan the leak and prompt tests use (tests/wordscan.py) finds exactly what `\\b(?:body)\\b`
finds, over texts of card ids, digits, letters (accented too), underscores, spaces and punctuation."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.wordscan import whole_words

BODIES = [r"[AC][0-9]{2}", r"[OM]\d{2}|N\d{2}|GN\d", r"[DRT]\d{2}", r"Kennedy|Nix"]
TEXTS = st.text(alphabet="ACDGMNORTKennedyix0129 _-é\n#", max_size=40)


@pytest.mark.parametrize("body", BODIES)
@settings(max_examples=300, deadline=None)
@given(text=TEXTS)
def test_the_fast_scan_finds_what_the_plain_pattern_finds(body: str, text: str) -> None:
    assert whole_words(body).findall(text) == re.compile(rf"\b(?:{body})\b").findall(text)


def test_a_match_inside_a_word_is_not_one() -> None:
    assert whole_words(r"[AC]\d\d").findall("XC22 C22, (A01) C223 _C22 éC22") == ["C22", "A01"]
