"""The scenario runner itself: it passes what holds, fails what does not, and says why."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.electioneer import content as content_mod
from engine.scenario import CaseResult, run_file, run_paths


def _write(tmp_path: Path, text: str, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_text("ruleset: electioneer\ncases:\n" + text, encoding="utf-8")
    return path


def _one(tmp_path: Path, text: str) -> CaseResult:
    results = run_file(_write(tmp_path, text))
    assert len(results) == 1, results
    return results[0]


def test_pass_line_names_file_case_and_rule(tmp_path) -> None:
    r = _one(tmp_path, """
  - name: deck
    rule: "Setup, Setting The Scene"
    expect: {view.public.issue_deck_count: 14}
""")
    assert r.passed and r.line.startswith("PASS ") and r.line.endswith("s.yaml::deck — Setup, Setting The Scene")


@pytest.mark.parametrize("case, reason", [
    ("expect: {view.public.issue_deck_count: 13}", "expected 13, got 14"),
    ("expect: {view.public.states.ZZ.issues: 1}", "no element with code/id ZZ"),
    ("expect: {view.public.states.0.revealed: 1}", "expected 1, got true"),  # booleans are not numbers
    ("expect: {view.public.hand_counts: {contains: GREEN}}", 'expected to contain "GREEN"'),
    ("expect: {view.public.hand_counts: {len: 3}}", "expected length 3"),
    ("expect: {view: 1}", "name a seat"),
    ("expect: {nowhere.x: 1}", "unknown expectation root"),
    ("steps: [{seat: DEM, move: keep}]", "unexpected error illegal_verb"),
    ("steps: [{seat: DEM, move: keep, error: unknown_card}]", "expected error unknown_card, got illegal_verb"),
    ("steps: [{seat: DEM, move: 'play', error: illegal}]", "expected error illegal, got malformed"),
    ("setup: {players.DEM.hnd: [D01]}", "Extra inputs are not permitted"),
    ("setup: {players.DEM.deck: [D01]}", "in two places"),
    ("setup: {boards.GA.issues: [defense, defense], boards.NC.issues: [defense, defense]}", "defense: 4 tiles"),
    ("setup: {nonsense.x: 1}", "no such field"),
    ("cards: [{id: D99, party: DEM, name: X, effects: {taxes: 2}}]", "unknown issue"),
    ("cards: [{id: X1, name: X}]", "give `party`"),
    ("frobnicate: 1", "unknown case key"),
])
def test_failures_say_why(tmp_path, case, reason) -> None:
    r = _one(tmp_path, f"""
  - name: c
    rule: r
    {case}
""")
    assert not r.passed, r.line
    assert reason in r.reason, r.reason
    assert r.line.startswith("FAIL ") and "::c — " in r.line


def test_a_case_needs_a_rule(tmp_path) -> None:
    r = _one(tmp_path, "  - name: c\n    expect: {}\n")
    assert not r.passed and "rule" in r.reason


def test_unreadable_file_is_one_failure(tmp_path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("cases: [unclosed", encoding="utf-8")
    [r] = run_file(path)
    assert not r.passed and "cannot read" in r.reason


def test_setup_fix_ups_keep_the_state_consistent(tmp_path) -> None:
    r = _one(tmp_path, """
  - name: c
    rule: r
    setup:
      order: [PA, GA, NC, MI, AZ, WI, NV]
      boards.PA.issues: [crime, healthcare]
      players.DEM.hand: [D01, D02, D03, D04, D05]
    expect:
      view.public.current_state: PA
      view.public.states.PA.revealed: true
      view.public.states.PA.issues: [crime, healthcare]
      view.public.issue_deck_count: 14
      view.public.deck_counts.DEM: 9
      view.DEM.hand: {contains: [D01, D05]}
""")
    assert r.passed, r.line


def test_inline_cards_are_installed_for_one_case_only(tmp_path) -> None:
    base = content_mod.load()
    r = _one(tmp_path, """
  - name: c
    rule: r
    cards:
      - {id: D99, party: DEM, name: Test Policy, effects: {crime: 2}}
    setup:
      order: [PA, GA, NC, MI, AZ, WI, NV]
      boards.PA.issues: [crime, defense]
      players.DEM.hand: [D99, D01, D02, D03, D04]
      players.REP.hand: [R13, R01, R02, R03, R04]
    steps:
      - {seat: DEM, move: discard D01}
      - {seat: REP, move: discard R01}
      - {seat: DEM, move: campaign D99}
      - {seat: REP, move: campaign R13}
    expect:
      view.public.states.PA.totals: {DEM: 2, REP: 1}
      view.public.platforms.DEM.0.name: Test Policy
""")
    assert r.passed, r.line
    assert content_mod.load() is base and "D99" not in content_mod.load().policies


def test_run_paths_walks_directories_and_counts(tmp_path) -> None:
    _write(tmp_path, "  - {name: a, rule: r, expect: {view.public.month: 1}}\n", "a.yaml")
    _write(tmp_path, "  - {name: b, rule: r, expect: {view.public.month: 2}}\n", "b.yaml")
    lines, passed, failed = run_paths([tmp_path, tmp_path / "missing.yaml"])
    assert (passed, failed) == (1, 2)
    assert lines[0].startswith("FAIL") and "no such file" in lines[0]
    assert any(line.startswith("PASS") and "a.yaml::a" in line for line in lines)


def test_a_refused_step_must_change_nothing(tmp_path) -> None:
    # the runner compares state hashes around every refused step; a legal one must be accepted
    r = _one(tmp_path, """
  - name: c
    rule: r
    steps:
      - {seat: DEM, move: "discard D01; campaign D01", error: not_your_decision}
    expect:
      view.public.committed: {DEM: false, REP: false}
""")
    # seed 1 deals D01 to DEM: the discard is legal, the campaign is not yet; neither applies
    assert r.passed, r.line


# ---------------------------------------------------------------- YAML whose meaning a library would pick

_SHARED_KEY = """defs:
  a: &a {players.DEM.hand: [D01, D02, D03, D04, D11]}
  b: &b {players.DEM.hand: [D02, D03, D04, D11, D12]}
cases:
  - name: first
    rule: "x"
  - name: merges_two_that_disagree
    rule: "x"
    setup: {<<: [*a, *b]}
"""


def test_a_merge_of_mappings_that_share_a_key_is_refused_naming_file_case_and_key(tmp_path) -> None:
    # PyYAML 6.0.2 let the first merged mapping win, 6.0.4 the last: such a case meant different things.
    path = tmp_path / "merge.yaml"
    path.write_text("ruleset: electioneer\n" + _SHARED_KEY, encoding="utf-8")
    results = run_file(path)
    assert len(results) == 1 and not results[0].passed
    line = results[0].line
    assert "merge.yaml::merges_two_that_disagree" in line and "`players.DEM.hand`" in line and "merged" in line


def test_a_mapping_may_override_what_it_merges_and_disjoint_merges_pass(tmp_path) -> None:
    path = tmp_path / "ok.yaml"
    path.write_text("""ruleset: electioneer
defs:
  a: &a {players.DEM.hand: [D01, D02, D03, D04, D11]}
  c: &c {month: 1}
cases:
  - name: override
    rule: "x"
    setup: {<<: [*a, *c], players.DEM.hand: [D01, D02, D03, D04, D11]}
    expect: {view.DEM.hand: {len: 5}}
""", encoding="utf-8")
    assert [r.passed for r in run_file(path)] == [True]


def test_a_key_written_twice_in_one_mapping_is_refused(tmp_path) -> None:
    r = _one(tmp_path, """
  - name: twice
    rule: "x"
    expect: {view.public.issue_deck_count: 14, view.public.issue_deck_count: 13}
""")
    assert not r.passed and r.case == "twice" and "written twice" in r.reason


def test_content_files_are_read_by_the_same_strict_loader(tmp_path, monkeypatch) -> None:
    from engine import content, yamlfile

    (tmp_path / "cards.yaml").write_text("a: &a {k: 1}\nb: &b {k: 2}\nc: {<<: [*a, *b]}\n", encoding="utf-8")
    monkeypatch.setattr(content, "DATA_DIR", tmp_path)
    content.read_data.cache_clear()
    try:
        with pytest.raises(yamlfile.AmbiguousYaml, match="`k`"):
            content.read_data("cards.yaml")
        problems: list[str] = []
        assert content.validate(content.ContentModel, "cards.yaml", problems) is None
        assert problems and "cards.yaml" in problems[0] and "`k`" in problems[0]
    finally:
        content.read_data.cache_clear()
