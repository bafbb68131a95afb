"""What Campaign Trail's prompts say, read along seeded bot-played games (3 players with Dirty Politics, and Solo
Play against REP): a prompt asked by a politick, dirty trick or candidate ability names it and gives its whole text;
a card's or politick's option carries its text; a repeated choice says which one of how many; the campaign states
its cap; and the help explains every term the prompts use."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from engine.campaign_trail import content as content_mod
from engine.campaign_trail import rules
from engine.campaign_trail.ruleset import RULESET as R
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play

GAMES = ((({"dirty": True}), 3, 1), (({"dirty": True}), 3, 2), (({"ai": ["REP"]}), 1, 1), (({"ai": ["REP"]}), 1, 4))
COUNT = re.compile(r"\((\d+) of (?:at most )?(\d+)")
# politicks and abilities whose effect asks for several answers in a row
REPEATED = ("social_media_post", "poll_win", "stadium_rally", "grassroots", "october_surprise_money",
            "october_surprise_voters", "bribes")
TERMS = ("register", "registered voters", "politick", "response window", "autopass", "ethically minded", "home region",
         "undecided supply", "war chest", "pawn", "convert", "in play", "issue", "reference state", "threshold",
         "ethics voters", "electoral votes", "running mate", "dirty trick")


class Asked:
    """One decision of a game, with the state it was asked in."""

    def __init__(self, state: Any, seat: str) -> None:
        self.state = state
        self.seat = seat
        self.decision = R.decisions(state, seat)

    @property
    def politick(self) -> str | None:
        """The politick whose effect is paused for this answer (read from the frames, as the engine keeps them)."""
        c = content_mod.load()
        for frame in reversed(self.state.frames.frames):
            pid = frame.proc.split("|")[-1].removesuffix(":play")
            if pid in c.politicks:
                return pid
        return None


@lru_cache(maxsize=None)
def _game(options: tuple[tuple[str, Any], ...], count: int, seed: int) -> list[Asked]:
    opts = {k: list(v) if isinstance(v, tuple) else v for k, v in options}
    state = R.setup(opts, rules.seat_names(count, opts), seed)
    rng = Rng(seed * 131 + count)
    out = []
    for _ in range(3000):
        if R.outcome(state) is not None:
            break
        seat = owing_seats(R, state)[0]
        asked = Asked(state, seat)
        out.append(asked)
        state = play(R, state, seat, [R.bot_action(state, seat, rng)]).state
    return out


def _all() -> list[Asked]:
    return [a for opts, count, seed in GAMES
            for a in _game(tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in opts.items()), count, seed)]


def _politick_of_card(number: int) -> list[Any]:
    c = content_mod.load()
    a = c.card(number).actions
    return [c.politicks[a.get(x)] for x in ("politick", "dirty_tricks") if a.get(x)]


def test_a_prompt_asked_by_a_politick_names_it_and_gives_its_whole_text() -> None:
    c = content_mod.load()
    asked = [a for a in _all() if a.politick is not None and a.decision.options]
    assert len({a.politick for a in asked}) >= 3  # the games reach several politicks that ask
    missing = [(a.politick, a.decision.prompt) for a in asked
               if c.politicks[a.politick].name not in a.decision.prompt
               or c.politicks[a.politick].text not in a.decision.prompt]
    assert not missing, missing[:3]


def test_every_card_and_politick_option_carries_the_politicks_text() -> None:
    """Playing a card, taking its politick or dirty trick, answering a response window: the option's detail holds
    the politick's whole text (the label stays short)."""
    c = content_mod.load()
    bad = []
    for a in _all():
        for o in a.decision.all_options():
            verb, args = o.action.verb, o.action.args
            if verb == "play":
                texts = [p.text for p in _politick_of_card(int(args[0]))]
            elif verb in ("politick", "dirty_tricks"):
                texts = [c.politicks[c.card(a.state.turn.card).actions.get(verb)].text]
            elif verb == "respond":
                texts = [p.text for p in _politick_of_card(int(args[0]))]
            else:
                continue
            if any(t not in o.detail for t in texts) or any(t in o.label for t in texts):
                bad.append((a.decision.prompt, o.label, o.detail))
    assert not bad, bad[:3]


def test_advertise_issues_show_by_their_names_not_their_ids() -> None:
    ids = [i for i in content_mod.load().debate_issues if "_" in i]
    shown = [t for a in _all() for t in (a.decision.prompt, *(o.detail for o in a.decision.all_options()))]
    assert not [t for t in shown if any(i in t for i in ids)]


def test_a_repeated_choice_says_which_one_of_how_many() -> None:
    """Social Media Post's nine states, Bribes' three swaps, a politick's voters placed one by one: (k of n)."""
    asked = [a for a in _all() if a.politick in REPEATED and a.state.wait is not None
             and a.state.wait["kind"] in ("vote", "pick", "strike")]
    assert asked
    uncounted = [a.decision.prompt for a in asked if not COUNT.search(a.decision.prompt)]
    assert not uncounted, uncounted[:3]
    smp = [int(COUNT.search(a.decision.prompt)[1]) for a in asked if a.politick == "social_media_post"]
    assert smp and smp[:9] == list(range(1, 10))


def test_the_campaign_prompt_states_its_cap_before_the_player_types() -> None:
    """The campaign's cap shows where the campaign is chosen (the card's text) and at each voter placed."""
    campaign = [a for a in _all() if a.state.turn is not None and a.state.turn.action == "campaign"
                and a.state.wait is None and a.state.window is None and a.decision.options]
    assert campaign
    assert all(re.search(r"\(\d+ of at most \d+ placed", a.decision.prompt) for a in campaign)
    choosing = [o.detail for a in _all() for o in a.decision.options if o.action.verb in ("play", "campaign")
                and "Campaign" in (o.detail if o.action.verb == "play" else "Campaign")]
    assert choosing and all("up to 6" in d for d in choosing)


def test_the_help_explains_every_term_the_prompts_use() -> None:
    words = R.help_text().lower()
    assert not [t for t in TERMS if t not in words]
    prompts = " ".join(a.decision.prompt for a in _all()).lower()
    used = [t for t in TERMS if t in prompts]
    assert "registered voters" in used and "politick" in used
