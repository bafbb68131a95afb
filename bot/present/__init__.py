"""Each ruleset's presenter, by the ruleset's stable name (the name it has in engine/registry.py).

A presenter (bot/present/base.py) turns one ruleset's views into plain text and sections the
tables format: the console board and hand (bot/present/text.py, bot/tables/local_turn.py, /game status) and the
sections of a seat's private brief (bot/discord/ui.py). It knows nothing of Discord.

A new ruleset writes bot/present/<ruleset>.py (a `Presenter` subclass overriding what it shows)
and adds one line to PRESENTERS below. The tables name no ruleset: they call `for_view`. A
ruleset without a presenter falls back to `Presenter()`, which shows no board or hand text.
"""
from __future__ import annotations

from typing import Any

from bot.present.base import Presenter, Section
from bot.present.campaign_manager_2008 import CampaignManager2008Presenter
from bot.present.campaign_trail import CampaignTrailPresenter
from bot.present.electioneer import ElectioneerPresenter
from bot.present.nineteen_sixty import NineteenSixtyPresenter
from bot.present.presidential_election import PresidentialElectionPresenter

PRESENTERS: dict[str, Presenter] = {
    "electioneer": ElectioneerPresenter(),
    "campaign_trail": CampaignTrailPresenter(),
    "presidential_election": PresidentialElectionPresenter(),
    "campaign_manager_2008": CampaignManager2008Presenter(),
    "nineteen_sixty": NineteenSixtyPresenter(),
}

_SHOWS_NOTHING = Presenter()


def for_view(view: Any) -> Presenter:
    """The presenter of the view's ruleset (its `ruleset` field), or one that shows nothing."""
    return for_ruleset(getattr(view, "ruleset", None))


def for_ruleset(name: str | None) -> Presenter:
    """The presenter of the ruleset of that stable name (a game record's `ruleset`), or one that shows nothing."""
    return PRESENTERS.get(name or "", _SHOWS_NOTHING)


__all__ = ["PRESENTERS", "Presenter", "Section", "for_ruleset", "for_view"]
