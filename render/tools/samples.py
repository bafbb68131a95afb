"""Fixed, deterministic views used by the render tests, the goldens and bench/bench_render.py."""
from __future__ import annotations

from render.mapview import LegendEntry, MapView, MarkerView, PanelView, PartyView, StateView
from render.usdata import STATES, ev_table

PARTIES3 = [
    PartyView(code="DEM", name="Democratic", colour="blue", letter="D"),
    PartyView(code="REP", name="Republican", colour="red", letter="R"),
    PartyView(code="LIB", name="Libertarian", colour="gold", letter="L"),
]


def _lcg(seed: int):
    x = seed
    while True:
        x = (1103515245 * x + 12345) % (1 << 31)
        yield x


def busy_map_view(seed: int = 7, highlights: int = 6) -> MapView:
    """Three parties' counts in all 51 states, pawns, homes, cities, highlights, panels."""
    rnd = _lcg(seed)
    ev = ev_table("2024")
    states = {}
    totals = {"DEM": 0, "REP": 0, "LIB": 0}
    for k, abbr in enumerate(STATES):
        counts = {"DEM": next(rnd) % 13, "REP": next(rnd) % 13, "LIB": next(rnd) % 6}
        counts = {p: max(1, n) for p, n in counts.items()}
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        lead, margin = ranked[0][0], ranked[0][1] - ranked[1][1]
        if margin == 0:
            fill, strength = None, "tied"
        else:
            fill, strength = lead, ("solid" if margin >= 4 else "lean")
            totals[lead] += ev[abbr]
        markers = []
        r = next(rnd) % 17
        if r == 0:
            markers.append(MarkerView(kind="pawn", party="DEM"))
        elif r == 1:
            markers.append(MarkerView(kind="pawn", party="REP"))
        elif r == 2:
            markers.append(MarkerView(kind="pawn", party="LIB"))
        elif r == 3:
            markers.append(MarkerView(kind="city"))
        if abbr in ("DE", "TX", "CO"):
            markers.append(MarkerView(kind="home", party={"DE": "DEM", "TX": "REP", "CO": "LIB"}[abbr]))
        states[abbr] = StateView(fill=fill, strength=strength, counts=counts, markers=markers,
                                 highlight=(k * 7 % 51) < highlights)
    return MapView(
        game="Campaign Trail", turn="Turn 5 of 9", to_move="Democrats to move",
        deadline="deadline Fri 18:00 UTC", parties=PARTIES3, states=states, ev_totals=totals,
        panels=[
            PanelView(title="Democrats", party="DEM", rows=[("War chest", "$4"), ("Momentum", "3"), ("Cards", "5")]),
            PanelView(title="Republicans", party="REP", rows=[("War chest", "$6"), ("Momentum", "1"), ("Cards", "4")]),
            PanelView(title="Libertarians", party="LIB", rows=[("War chest", "$2"), ("Momentum", "0")]),
        ],
        legend=[LegendEntry(marker="pawn", text="candidate"), LegendEntry(marker="city", text="debate city")],
    )


def small_map_view() -> MapView:
    """Two parties, a handful of states, one tie, one pawn each: the common early-game picture."""
    parties = PARTIES3[:2]
    states = {
        "CA": StateView(fill="DEM", strength="solid", counts={"DEM": 6, "REP": 1}),
        "TX": StateView(fill="REP", strength="solid", counts={"DEM": 1, "REP": 5},
                        markers=[MarkerView(kind="home", party="REP")]),
        "PA": StateView(fill="DEM", strength="lean", counts={"DEM": 3, "REP": 2}, highlight=True,
                        markers=[MarkerView(kind="pawn", party="DEM")]),
        "OH": StateView(strength="tied", counts={"DEM": 2, "REP": 2}, highlight=True,
                        markers=[MarkerView(kind="pawn", party="REP")]),
        "NY": StateView(fill="DEM", strength="solid", counts={"DEM": 4},
                        markers=[MarkerView(kind="home", party="DEM")]),
        "FL": StateView(fill="REP", strength="lean", counts={"REP": 2, "DEM": 1}),
        "NJ": StateView(fill="DEM", strength="lean", counts={"DEM": 2}),
        "MA": StateView(fill="DEM", strength="solid", counts={"DEM": 3}),
        "GA": StateView(fill="REP", strength="tied", counts={"DEM": 1, "REP": 1},
                        markers=[MarkerView(kind="city")]),
    }
    ev = ev_table("2024")
    totals = {"DEM": sum(ev[a] for a in ("CA", "PA", "NY", "NJ", "MA")), "REP": ev["TX"] + ev["FL"]}
    return MapView(game="Campaign Trail", turn="Turn 2 of 9", to_move="Republicans to move",
                   parties=parties, states=states, ev_totals=totals,
                   panels=[PanelView(title="Democrats", party="DEM", rows=[("War chest", "$3")]),
                           PanelView(title="Republicans", party="REP", rows=[("War chest", "$3")])])


# ---------------------------------------------------------------- more players and eras

PARTIES6 = [
    PartyView(code="ANA", name="Ana", colour="blue", letter="A"),
    PartyView(code="BEN", name="Ben", colour="red", letter="B"),
    PartyView(code="CLEO", name="Cleo", colour="gold", letter="C"),
    PartyView(code="DEV", name="Dev", colour="purple", letter="D"),
    PartyView(code="ELI", name="Eli", colour="green", letter="E"),
    PartyView(code="FAY", name="Fay", colour="teal", letter="F"),
]

# Four regions for the samples (the Census Bureau's, as a stand-in: each ruleset defines its own).
REGIONS4 = {
    "East": ["CT", "ME", "MA", "NH", "RI", "VT", "NJ", "NY", "PA"],
    "Midwest": ["IL", "IN", "MI", "OH", "WI", "IA", "KS", "MN", "MO", "NE", "ND", "SD"],
    "South": ["DE", "DC", "FL", "GA", "MD", "NC", "SC", "VA", "WV", "AL", "KY", "MS", "TN", "AR", "LA", "OK", "TX"],
    "West": ["AZ", "CO", "ID", "MT", "NV", "NM", "UT", "WY", "AK", "CA", "HI", "OR", "WA"],
}


def six_party_leader_view(seed: int = 5) -> MapView:
    """Presidential Election with six players (2004–2008 electoral votes): votes of up to six players in
    every state, shown as leader and margin; two-, three- and six-way ties (some in callout states), leans,
    every player's pawn in one state."""
    rnd = _lcg(seed)
    ev = ev_table("2004")
    codes = [p.code for p in PARTIES6]
    forced_ties = {"OH": codes[:2], "NJ": codes[1:3], "MO": codes[2:5], "NM": codes, "DE": codes[3:5]}
    states, totals = {}, {c: 0 for c in codes}
    for k, abbr in enumerate(STATES):
        counts = {c: next(rnd) % 14 for c in codes if next(rnd) % 3}
        if abbr in forced_ties:
            counts = {c: 4 for c in forced_ties[abbr]} | {c: 1 for c in codes if c not in forced_ties[abbr]}
        if not any(counts.values()):
            continue
        ranked = sorted(counts.values(), reverse=True) + [0]
        lean = ranked[0] - ranked[1] <= 2
        leader = next(c for c in codes if counts.get(c) == ranked[0])
        if ranked[0] != ranked[1]:
            totals[leader] += ev[abbr]
        markers = [MarkerView(kind="pawn", party=codes[k % 6])] if k % 5 == 0 else []
        if abbr == "TX":
            markers = [MarkerView(kind="pawn", party=c) for c in codes]
        states[abbr] = StateView(strength="lean" if lean else "solid", counts=counts, markers=markers,
                                 highlight=abbr in ("OH", "PA"))
    return MapView(game="Presidential Election", turn="Week 6 of 9", to_move="Cleo to move", parties=PARTIES6,
                   states=states, ev_era="2004", ev_totals=totals, count_style="leader",
                   panels=[PanelView(title=p.name, party=p.code, rows=[("Funds", f"${3 + i}M")])
                           for i, p in enumerate(PARTIES6[:4])])


def regions_1960_view() -> MapView:
    """1960: two parties, 1960 electoral votes (537, DC none), count chips and four regions' borders."""
    parties = [PartyView(code="KEN", name="Kennedy", colour="blue", letter="K"),
               PartyView(code="NIX", name="Nixon", colour="red", letter="N")]
    rnd = _lcg(1960)
    ev = ev_table("1960")
    states, totals = {}, {"KEN": 0, "NIX": 0}
    for abbr in STATES:
        if next(rnd) % 4 == 0:
            continue
        counts = {"KEN": next(rnd) % 5, "NIX": next(rnd) % 5}
        if counts["KEN"] == counts["NIX"]:
            fill, strength = None, "tied"
        else:
            fill = max(counts, key=counts.get)
            strength = "solid" if abs(counts["KEN"] - counts["NIX"]) >= 3 else "lean"
            totals[fill] += ev[abbr]
        states[abbr] = StateView(fill=fill, strength=strength, counts={p: n for p, n in counts.items() if n})
    return MapView(game="1960: The Making of the President", turn="Turn 4 of 9", to_move="Nixon to move",
                   parties=parties, states=states, ev_era="1960", ev_totals=totals, regions=REGIONS4)


# ---------------------------------------------------------------- Electioneer US

def _policy(pid: str, party: str, name: str, effects: dict[str, int]):
    from engine.electioneer.views import PolicyCard

    return PolicyCard(id=pid, name=name, party=party, effects=effects)


def electioneer_midgame(viewer: str | None = None):
    """Month 3, campaigning in Georgia: two months decided, a theatric marker, a swapped issue."""
    from engine.electioneer.views import ElectioneerView, Marker, StateCard

    d1 = _policy("D01", "DEM", "Clean Energy Jobs", {"environment": 2, "economy": 1, "defense": -1})
    d10 = _policy("D10", "DEM", "Prescription Price Caps", {"healthcare": 2, "immigration": -1})
    r2 = _policy("R02", "REP", "Tax Cut Extension", {"economy": 2, "healthcare": -1})
    r13 = _policy("R13", "REP", "Fentanyl Crackdown", {"crime": 1, "immigration": 1})
    states = [
        StateCard(code="PA", name="Pennsylvania", electors=19, colour="DEM", revealed=True,
                  issues=["economy", "environment"], month=1, winner="DEM", played={"DEM": d1, "REP": r2},
                  totals={"DEM": 3, "REP": 2}),
        StateCard(code="MI", name="Michigan", electors=15, colour="DEM", revealed=True,
                  issues=["immigration", "crime"], month=2, winner="REP", played={"DEM": d10, "REP": r13},
                  totals={"DEM": -1, "REP": 2},
                  markers=[Marker(seat="REP", delta=2, source="Rally in Detroit")]),
        StateCard(code="GA", name="Georgia", electors=16, colour="REP", revealed=True,
                  issues=["healthcare", "economy"], month=3),
        StateCard(code="NC", name="North Carolina", electors=16, colour="REP", revealed=False, issues=[None, None]),
        StateCard(code="AZ", name="Arizona", electors=11, colour="REP", revealed=False, issues=[None, None]),
        StateCard(code="WI", name="Wisconsin", electors=10, colour="DEM", revealed=False, issues=[None, None]),
        StateCard(code="NV", name="Nevada", electors=6, colour="DEM", revealed=False, issues=[None, None]),
    ]
    return ElectioneerView(
        viewer=viewer, month=3, phase="campaign", phase_label="Both players: choose a policy to campaign on",
        current_state="GA", states=states, platforms={"DEM": [d1, d10], "REP": [r2, r13]},
        committed={"DEM": True, "REP": False}, commitments={"DEM": "3f2a…"}, waiting_on=["REP"],
        month_bonus={"DEM": 0, "REP": 1}, projection={"DEM": 35, "REP": 31}, issue_deck_count=14,
        hand_counts={"DEM": 3, "REP": 3}, theatric_counts={"DEM": 3, "REP": 2}, deck_counts={"DEM": 9, "REP": 9},
    )


def electioneer_final():
    """Election day is over: every issue revealed, seven policies each, a winner."""
    from engine.electioneer.views import ElectioneerView, Marker, StateCard

    names = [("PA", "Pennsylvania", 19, "DEM"), ("MI", "Michigan", 15, "DEM"), ("GA", "Georgia", 16, "REP"),
             ("NC", "North Carolina", 16, "REP"), ("AZ", "Arizona", 11, "REP"), ("WI", "Wisconsin", 10, "DEM"),
             ("NV", "Nevada", 6, "DEM")]
    issues = [["economy", "environment"], ["immigration", "crime"], ["healthcare", "economy"],
              ["education", "defense"], ["immigration", "immigration"], ["economy", "crime"],
              ["healthcare", "environment"]]
    winners = ["DEM", "REP", "REP", "DEM", "REP", "DEM", "DEM"]
    dem = [_policy(f"D{i:02d}", "DEM", n, e) for i, (n, e) in enumerate([
        ("Clean Energy Jobs", {"environment": 2, "economy": 1, "defense": -1}),
        ("Public Option", {"healthcare": 2, "immigration": -1}),
        ("Universal Pre-K", {"education": 2, "defense": -1}),
        ("Middle-Class Tax Credit", {"economy": 2, "defense": -1}),
        ("Infrastructure Bill", {"economy": 1, "environment": 1}),
        ("Safe Schools Initiative", {"education": 1, "crime": 1}),
        ("Alliance Renewal", {"defense": 1, "economy": 1, "immigration": -1})], start=1)]
    rep = [_policy(f"R{i:02d}", "REP", n, e) for i, (n, e) in enumerate([
        ("Border Wall Completion", {"immigration": 2, "environment": -1}),
        ("Tax Cut Extension", {"economy": 2, "healthcare": -1}),
        ("Tough on Crime Act", {"crime": 2, "education": -1}),
        ("Defense Buildup", {"defense": 2, "economy": -1}),
        ("Asylum Reform", {"immigration": 2, "education": -1}),
        ("Veterans First", {"defense": 1, "healthcare": 1}),
        ("Fentanyl Crackdown", {"crime": 1, "immigration": 1})], start=1)]
    carried = ["DEM", "REP", "REP", "DEM", "REP", "DEM", "DEM"]  # PA 19 + WI 10 + NV 6 + NC 16 = 51 DEM
    carried[3] = "DEM"
    finals = [{"DEM": 4, "REP": 1}, {"DEM": -1, "REP": 3}, {"DEM": 2, "REP": 2}, {"DEM": 3, "REP": 2},
              {"DEM": -2, "REP": 4}, {"DEM": 3, "REP": 1}, {"DEM": 2, "REP": -1}]
    states = []
    for k, ((code, name, ev, colour), iss, win) in enumerate(zip(names, issues, winners)):
        states.append(StateCard(code=code, name=name, electors=ev, colour=colour, revealed=True, issues=iss,
                                month=k + 1, winner=win, played={"DEM": dem[k], "REP": rep[k]},
                                totals={"DEM": 2 if win == "DEM" else 1, "REP": 2 if win == "REP" else 0},
                                markers=[Marker(seat="DEM", delta=1, source="Town hall")] if code == "WI" else [],
                                carried_by=carried[k], election_totals=finals[k]))
    return ElectioneerView(
        viewer=None, month=8, phase="over", phase_label="The votes are counted", current_state=None,
        states=states, platforms={"DEM": dem, "REP": rep}, committed={}, commitments={}, waiting_on=[],
        month_bonus={"DEM": 0, "REP": 0}, projection={"DEM": 51, "REP": 42}, issue_deck_count=14,
        hand_counts={"DEM": 0, "REP": 0}, theatric_counts={"DEM": 1, "REP": 0}, deck_counts={"DEM": 4, "REP": 4},
        winner="DEM", final_electors={"DEM": 51, "REP": 42},
    )


# ---------------------------------------------------------------- Campaign Trail

def campaign_trail_midgame(viewer: str | None = None):
    """September, round 4, Republicans to move in a 3-player game: every kind of state (solid,
    lean, tied, empty), two pawns sharing a state, home states, money and registered voters."""
    from engine.campaign_trail.views import CampaignTrailView, PartyView as CTParty, SeatView, StateView as CTState
    from engine.campaign_trail.views import TurnView

    from render.usdata import NAMES

    ev = ev_table("2012")
    rnd = _lcg(11)
    order = ("DEM", "REP", "LIB")
    states = []
    totals = {p: 0 for p in order}
    held = {p: 0 for p in order}
    for abbr in STATES:
        voters = {"DEM": next(rnd) % 7, "REP": next(rnd) % 7, "LIB": next(rnd) % 4}
        if abbr in ("ND", "SD", "WY", "VT"):
            voters = {p: 0 for p in order}
        top = max(voters.values())
        tied = [p for p in order if voters[p] == top]
        majority = tied[(len(abbr) + ord(abbr[0])) % len(tied)]  # a stand-in for the tiebreaker stars
        totals[majority] += ev[abbr]
        held[majority] += 1
        states.append(CTState(code=abbr, name=NAMES[abbr], ev=ev[abbr], region="sample", voters=voters,
                              majority=majority))
    parties = {
        "DEM": CTParty(seats=["DEM"], registered=7, money=140, ev=totals["DEM"], states=held["DEM"]),
        "REP": CTParty(seats=["REP"], registered=11, money=260, ev=totals["REP"], states=held["REP"]),
        "LIB": CTParty(seats=["LIB"], registered=3, money=40, ev=totals["LIB"], states=held["LIB"]),
    }
    seats = {
        "DEM": SeatView(party="DEM", role="SOLO", candidate="genius", home="PA", pawn="OH", hand_count=4),
        "REP": SeatView(party="REP", role="SOLO", candidate="wealthy", home="TX", pawn="OH", hand_count=5),
        "LIB": SeatView(party="LIB", role="SOLO", candidate="outsider", home="CO", pawn="NJ", hand_count=5),
    }
    return CampaignTrailView(
        viewer=viewer, phase="play", month="September", round=4, order=["REP", "LIB", "DEM"], current_party="REP",
        waiting_on=["REP"], states=states, ev=totals, parties=parties, seats=seats,
        deck_counts={"August": 0, "September": 17, "October": 30}, discard_count=21, discard_top=58,
        turn=TurnView(seat="REP"),
    )


def campaign_trail_teams():
    """A 6-player game (two seats a party) in October: pawns and homes shared by team-mates."""
    from engine.campaign_trail.views import SeatView

    base = campaign_trail_midgame()
    seats = {
        "DEM-P": SeatView(party="DEM", role="P", home="PA", pawn="MI", hand_count=3),
        "DEM-VP": SeatView(party="DEM", role="VP", home="PA", pawn="MI", hand_count=5),
        "REP-P": SeatView(party="REP", role="P", home="TX", pawn="FL", hand_count=4),
        "REP-VP": SeatView(party="REP", role="VP", home="GA", pawn="GA", hand_count=5),
        "LIB-P": SeatView(party="LIB", role="P", home="CO", pawn="NH", hand_count=5),
        "LIB-VP": SeatView(party="LIB", role="VP", home="NV", pawn="AZ", hand_count=2),
    }
    parties = {code: p.model_copy(update={"seats": [f"{code}-P", f"{code}-VP"]}) for code, p in base.parties.items()}
    return base.model_copy(update={
        "month": "October", "round": 9, "order": ["LIB", "DEM", "REP"], "current_party": "DEM",
        "waiting_on": ["DEM-P"], "seats": seats, "parties": parties,
        "deck_counts": {"August": 0, "September": 0, "October": 6}})


# ---------------------------------------------------------------- look at them

def write_samples(out_dir: str, phone_width: int = 400) -> list[str]:
    """Render the shared-map samples to out_dir, each at full size and scaled to `phone_width` px wide
    (how Discord shows a 1600-px picture on a phone), for a person to open and read."""
    from pathlib import Path

    from PIL import Image

    from render.usmap import render_closeup, render_map, render_tiles

    pictures = {
        "six_party_leader": lambda: render_map(six_party_leader_view()),
        "six_party_leader_tiles": lambda: render_tiles(six_party_leader_view()),
        "six_party_leader_closeup": lambda: render_closeup(six_party_leader_view()),
        "regions_1960": lambda: render_map(regions_1960_view()),
        "regions_1960_tiles": lambda: render_tiles(regions_1960_view()),
        "map_busy": lambda: render_map(busy_map_view()),
    }
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, draw in pictures.items():
        full = out / f"{name}.png"
        full.write_bytes(draw().png)
        im = Image.open(full).convert("RGB")
        small = im.resize((phone_width, round(im.height * phone_width / im.width)), Image.Resampling.LANCZOS)
        small.save(out / f"{name}_{phone_width}.png")
        written += [str(full), str(out / f"{name}_{phone_width}.png")]
    return written


if __name__ == "__main__":
    import sys

    for path in write_samples(sys.argv[1] if len(sys.argv) > 1 else "samples"):
        print(path)
