"""The parts of the table companion that need no terminal (`examples/trismaugistus_table/`).

The checklist of physical actions is checked against the states of seeded games (a hand-checked card,
the setup, a round's end, and every step of games under non-default rulings with the uniform
reporter); the notes on unusual reports one by one; the completion against the engine's menu; the help
against the notation's table.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_rules import trismaugistus as tm
from tabletop_rules.trismaugistus.agents import random_agent
from tabletop_rules.trismaugistus.vocabulary import ELEMENTS

from .companion_games import (
    HEADS,
    OBJECTIVES,
    PURPOSE,
    SETUP,
    checklist,
    complete,
    help_for,
    menu_lines,
    notes,
    seeded_game,
    syntax_table,
)


def _steps(seed: int, setup: str = SETUP) -> list[tuple[tm.State, tm.Move, tm.State]]:
    lines, states = seeded_game(seed, setup)
    return [(states[i], tm.parse_move(states[i], lines[i]), states[i + 1]) for i in range(len(lines))]


def test_the_checklist_of_a_card():
    before, move, after = _steps(4)[5]
    assert move == tm.CardDrawn("FX-Y7")
    assert checklist(before, after, move) == [
        "Take the red die from the wild bowl and put it on the automa's tracker card at potency 3"
        " (placed at 5, the card uses 2).",
        "Take 1 ether die off the automa's tracker card (0 left).",
        "Move the automa's VP marker from 0 to 5.",
        "Put FX-Y7 face up on the automa's discard pile.",
    ]


def test_the_checklist_of_the_setup_and_of_a_round_end():
    steps = _steps(4)
    before, move, after = steps[0]
    setup = checklist(before, after, move)
    assert "Shuffle the automa deck, face down: 9 cards: FX-G3, FX-G4, FX-Y1, FX-Y2, FX-Y4, FX-Y5, FX-Y7," \
        " FX-Y8, FX-Y9." in setup  # fmt: skip
    assert "Put the yellow tie-break cube on the earth track." in setup
    assert "Move the automa's water marker from 0 to 1." in setup
    ends = [checklist(b, a, m) for b, m, a in steps if a.phase == "round_start" and b.phase == "play"]
    assert len(ends) == 2
    assert "Put 2 ether dice on the automa's tracker card (2 in all)." in ends[0]
    assert (
        "Turn order for round 2: you are first player (the automa's turn-order disc on space 2)." in ends[0]
    )


def test_the_checklist_follows_the_state_on_every_step():
    """Each change of the automa's pieces gives its item; the player's own reports give none."""
    for seed, setup in ((4, SETUP), (5, SETUP), (11, OBJECTIVES), (12, OBJECTIVES)):
        for before, move, after in _steps(seed, setup)[1:]:
            items = checklist(before, after, move)
            text = "\n".join(items)
            if isinstance(move, tm.HumanDraftDie | tm.HumanTakeExperiment | tm.HumanTakeArtifact
                          | tm.ReportBoard | tm.HumanCompleteObjective | tm.ReportFinalScore):  # fmt: skip
                assert items == []
            b, a = before.automa, after.automa
            assert (f"VP marker from {b.vp} to {a.vp}." in text) == (a.vp != b.vp)
            assert ("ether di" in text) == (a.ether != b.ether)
            assert (" gold (" in text) == (a.gold != b.gold)
            for eid in a.experiments[len(b.experiments) :]:
                assert f"Move experiment {eid}" in text
            for aid in a.artifacts[len(b.artifacts) :]:
                assert f"Move artifact {aid}" in text
            taken = sum(x - y for old, new in zip(before.board.bowls, after.board.bowls, strict=True)
                        for x, y in zip(old, new, strict=True))  # fmt: skip
            if isinstance(move, tm.CardDrawn):
                assert text.count("die from the") == taken
            if isinstance(move, tm.ObjectiveDie):
                assert "Put a cube from the supply on objective" in text


RULINGS = st.fixed_dictionaries(
    {},
    optional={
        "reshuffle_timing": st.sampled_from(["on_draw", "on_empty"]),
        "purple_discard_timing": st.sampled_from(["before_extra_draw", "end_of_turn"]),
        "artifact_choice": st.sampled_from(["placed_potency_parity", "roll_d6", "first_slot"]),
        "automa_finish_timing": st.sampled_from(["on_third_die_exhausted", "on_next_turn"]),
        "no_die_card_handling": st.sampled_from(["discard_unresolved", "resolve_action_only"]),
        "starting_experiment_resolved": st.booleans(),
    },
)
SOME = settings(max_examples=12, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


@SOME
@given(seed=st.integers(0, 10_000), options=RULINGS, setup=st.sampled_from([SETUP, OBJECTIVES]))
def test_the_checklist_accounts_for_every_change_under_any_ruling(
    seed: int, options: dict[str, Any], setup: str
):
    """The uniform reporter (several dice a turn, any take) and non-default rulings: every die taken from a
    bowl, every card discarded and every track moved on an automa step has its item."""
    lines, states = seeded_game(seed, setup, options=options, agent=random_agent)
    for i, line in enumerate(lines[:-1]):
        if i == 0:  # the setup: its own items, tested above
            continue
        before, after = states[i], states[i + 1]
        move = tm.parse_move(before, line)
        text = "\n".join(checklist(before, after, move))
        b, a = before.automa, after.automa
        assert ("VP marker" in text) == (a.vp != b.vp)
        for element, old, new in zip(ELEMENTS, b.levels, a.levels, strict=True):
            assert (f"{element} marker from {old} to {new}" in text) == (old != new)
        if isinstance(move, tm.CardDrawn):
            taken = sum(map(sum, before.board.bowls)) - sum(map(sum, after.board.bowls))
            assert text.count("die from the") == taken
            kept = 0
            while kept < min(len(b.discard), len(a.discard)) and b.discard[kept] == a.discard[kept]:
                kept += 1
            for card in a.discard[kept:]:
                assert f"Put {card} face up on the automa's discard pile." in text


@SOME
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 60))
def test_completion_builds_every_accepted_line_word_by_word(seed: int, steps: int):
    """Each move the engine accepts now (but the board reports, which take any text) is reached by
    completing its words one by one from their first letter."""
    _, states = seeded_game(seed, agent=random_agent)
    state = states[min(steps, len(states) - 1)]
    for line in menu_lines(state):
        words = line.split()
        if words[0] in ("report", "setup"):
            continue
        for k, word in enumerate(words):
            assert word in complete(state, words[:k], word[:1]), (line, k)


def test_the_notes_name_each_unusual_report():
    steps = _steps(4)
    play = steps[2][0]
    draft = tm.HumanDraftDie("iron", "white")
    assert notes(play, draft, [], None) == []
    assert notes(play, tm.HumanDraftDie("iron", "red"), [draft], None) == [
        "this is your second die this turn; a turn normally uses one"
    ]
    take = tm.HumanTakeExperiment("iron", "FX-E02")
    assert notes(play, take, [draft], None) == []
    assert notes(play, tm.HumanTakeExperiment("wild", "FX-E10"), [draft], None) == [
        "the wild area is reached with a wild die (B-6); you drafted iron/white"
    ]
    assert notes(play, tm.HumanTakeArtifact("red", "FX-A02"), [draft], None) == [
        "the red offer is reached with a red die (B-6); you drafted iron/white"
    ]
    assert notes(play, take, [draft, take], None) == [
        "more cards taken than dice drafted this turn (this is take 2)"
    ]
    assert notes(play, tm.HumanEndTurn(False), [], None) == ["you end the turn without drafting a die"]
    assert notes(play, tm.HumanEndTurn(False), [draft], None) == []


def test_completion_offers_what_the_engine_accepts_now():
    steps = _steps(4)
    setup, start, play, automa = steps[0][0], steps[1][0], steps[2][0], steps[5][0]
    assert complete(play, [], "dr") == ["draft", "draw"]
    assert complete(play, [], "u", ["undo", "why"]) == ["undo"]
    assert complete(play, ["draft"], "iron/") == ["iron/black", "iron/red", "iron/white"]
    assert complete(play, ["experiment"], "") == ["copper", "iron", "mercury", "tin", "wild"]
    assert complete(play, ["experiment", "iron"], "") == ["FX-E02"]
    assert complete(play, ["end"], "") == []
    assert complete(automa, ["draw"], "FX-Y") == sorted(f"FX-Y{n}" for n in (1, 2, 4, 5, 7, 8, 9))
    assert complete(setup, ["setup"], "") == ["d1", "d2", "d3"]
    assert complete(setup, ["setup", "d2"], "exp=") == ["exp=FX-S1", "exp=FX-S2", "exp=FX-S3", "exp=FX-S4"]
    assert complete(setup, ["setup", "d2", "exp=FX-S1"], "a") == ["art="]
    assert complete(start, ["report"], "r") == ["refill", "round_start"]
    assert complete(start, ["report", "round_start"], "areas=iron:FX-E01,co") == ["areas=iron:FX-E01,copper:"]
    assert "areas=iron:FX-E01+FX-E03" in complete(start, ["report"], "areas=iron:FX-E01+")
    assert complete(start, ["report"], "offers=red:FX-A0") == [
        "offers=red:FX-A01",
        "offers=red:FX-A02",
        "offers=red:FX-A07",
    ]


def test_the_help_reads_the_notation_table():
    table = syntax_table()
    assert set(table) == set(PURPOSE) == set(HEADS)
    assert table["draft"] == ["draft iron/black"]
    assert table["end"] == ["end or end finished"]
    state = _steps(4)[2][0]
    text = help_for(state, "experiment")
    assert "  syntax: experiment copper FX-E01" in text
    assert "    experiment iron FX-E02" in text
