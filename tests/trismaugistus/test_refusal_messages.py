"""The sentence of every refusal of `test_refusals.py`, word for word (the messages are part of the API:
each says what was wrong). A refusal that the move's shape makes (`moves.SHAPES`) names the field; the
rules' own refusals say what in the state refuses the move."""

from __future__ import annotations

import pytest

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core.errors import IllegalMoveError, InvalidMoveError

from .test_refusals import CASES

MESSAGES = {
    "setup: a report before it": ("the game starts with its Setup"),
    "setup: a draft before it": ("the game starts with its Setup"),
    "setup: twice": ("the game is already set up"),
    "setup: difficulty 4": ("Setup.difficulty must be an int in 1..3, not 4"),
    "setup: objectives_enabled an int": ("Setup.objectives_enabled must be a bool, not 1"),
    "setup: objectives_enabled zero": ("Setup.objectives_enabled must be a bool, not 0"),
    "setup: a board experiment to start with": (
        "'FX-E01' is not a starting experiment of pack fictional-example-v1"
    ),
    "setup: an unknown experiment": ("'FX-NOPE' is not a starting experiment of pack fictional-example-v1"),
    "setup: a board artifact to start with": (
        "'FX-A01' is not a starting artifact of pack fictional-example-v1"
    ),
    "setup: an unknown artifact": ("'FX-NOPE' is not a starting artifact of pack fictional-example-v1"),
    "setup: a cube on no mastery track": (
        "Setup.tiebreak_track must be one of ['earth', 'fire', 'water', 'air'], not 'sky'"
    ),
    "setup: a cube away from the artifact's one symbol": (
        "the starting artifact FX-AS2 shows fire, so the tie-break cube goes on fire, not earth (T-RULING-2)"
    ),
    "setup: no cube for an artifact of two symbols": (
        "the starting artifact FX-AS5 shows 2 elemental symbols, so the tie-break track must be "
        "given (T-RULING-2)"
    ),
    "setup: a row of three objectives": (
        "with objectives, the row must list 4 different objective ids of the pack"
    ),
    "setup: an unknown objective": (
        "with objectives, the row must list 4 different objective ids of the pack"
    ),
    "setup: an objective twice": (
        "Setup.objective_row must list each item once, not ('FX-O1', 'FX-O2', 'FX-O3', 'FX-O1')"
    ),
    "setup: a row as a list": (
        "Setup.objective_row must be a tuple of 0..4 items, not ['FX-O1', 'FX-O2', 'FX-O3', 'FX-O4']"
    ),
    "setup: a row without the module": ("an objective row is given but the objectives module is off"),
    "setup: an unknown unavailable masterpiece": (
        "'FX-M9' is not a masterpiece of pack fictional-example-v1"
    ),
    "setup: an unavailable masterpiece twice": (
        "Setup.masterpieces_unavailable must list each item once, not ('FX-M1', 'FX-M1')"
    ),
    "setup: bonus spaces out of order": (
        "Setup.bonus_layout for earth must list distinct levels in rising order"
    ),
    "setup: two bonus spaces on one level": (
        "Setup.bonus_layout for earth must list distinct levels in rising order"
    ),
    "setup: a bonus space past the track's end": (
        "Setup.bonus_layout for earth: level 8 is not on a track of max level 7"
    ),
    "setup: an unknown bonus kind": (
        "Setup.bonus_layout[0][0].kind must be one of ['ether_die', 'vp_5', 'advance_nearest'], not 'gold_3'"
    ),
    "setup: three bonus tracks": (
        "Setup.bonus_layout must be a tuple of 4 items, not ((BonusSpace(level=2, "
        "kind='ether_die'), BonusSpace(level..."
    ),
    "setup: purple cards without the module": (
        "objective_purple_ids is given but the objectives module is off"
    ),
    "setup: four purple cards at difficulty 1": (
        "objective_purple_ids must name 3 different purple cards at difficulty 1"
    ),
    "setup: a green card as a purple one": (
        "objective_purple_ids must name 3 different purple cards at difficulty 1"
    ),
    "round start: a draft": ("round 1 starts with the report of the roll"),
    "round start: ending the turn": ("round 1 starts with the report of the roll"),
    "round start: a correction": (
        "round 1 starts with the report of the roll (reason round_start, with the bowls)"
    ),
    "round start: no roll": (
        "round 1 starts with the report of the roll (reason round_start, with the bowls)"
    ),
    "round start: an unknown reason": (
        "ReportBoard.reason must be one of ['round_start', 'refill', 'correction'], not 'whim'"
    ),
    "round start: a menu report naming an owned experiment": ("FX-E05 has already been taken"),
    "report: six dice in a bowl": ("the iron bowl holds 6 dice; a bowl holds at most 5 (B-3)"),
    "report: an experiment beside a bowl without an area": (
        "the copper bowl has no experiment area in pack fictional-example-v1"
    ),
    "report: a starting experiment in an area": (
        "'FX-S2' is not a board experiment of pack fictional-example-v1"
    ),
    "report: an unknown experiment": ("'FX-E99' is not a board experiment of pack fictional-example-v1"),
    "report: an experiment already taken": ("FX-E01 has already been taken"),
    "report: an experiment in two areas": ("an experiment is reported in two places"),
    "report: three artifacts in an offer": ("the red offer has 3 artifacts; it holds 2"),
    "report: an artifact in another colour's offer": (
        "'FX-A03' is not a red board artifact of pack fictional-example-v1"
    ),
    "report: a starting artifact on offer": (
        "'FX-AS1' is not a black board artifact of pack fictional-example-v1"
    ),
    "report: an unknown artifact": ("'FX-A99' is not a red board artifact of pack fictional-example-v1"),
    "report: an artifact already taken": ("FX-A01 has already been taken"),
    "report: an artifact twice": ("an artifact is reported twice"),
    "report: objectives without the module": ("the objectives module is off"),
    "report: a row of three objectives": ("the objective row must list 4 different objectives"),
    "report: an objective twice": ("the objective row must list 4 different objectives"),
    "report: an unknown objective": ("'FX-O9' is not an objective of pack fictional-example-v1"),
    "report: three cubes on a face-up objective": ("FX-O1 cannot hold 3 cubes face up"),
    "report: bonus spaces out of order": (
        "ReportBoard.bonus_layout for earth must list distinct levels in rising order"
    ),
    "human: a round-start report mid-round": (
        "a round-start report is accepted only before the first turn of a round"
    ),
    "human: a report with an unknown reason": (
        "ReportBoard.reason must be one of ['round_start', 'refill', 'correction'], not 'whim'"
    ),
    "human: a die not in its bowl": ("there is no red die in the lead bowl"),
    "human: a die of no face": (
        "HumanDraftDie.face must be one of ['lead', 'tin', 'iron', 'copper', 'mercury', 'wild'], not 'gold'"
    ),
    "human: a fourth die": ("the human has already drafted 3 dice this round (B-1)"),
    "human: an experiment from another area": ("FX-E01 is not in the iron experiment area"),
    "human: an experiment of no face": (
        "HumanTakeExperiment.face must be one of ['lead', 'tin', 'iron', 'copper', 'mercury', "
        "'wild'], not 'gold'"
    ),
    "human: an artifact from another offer": ("FX-A01 is not in the white artifact offer"),
    "human: an artifact of no colour": (
        "HumanTakeArtifact.colour must be one of ['red', 'white', 'black'], not 'blue'"
    ),
    "human: an objective without the module": ("the objectives module is off"),
    "human: an objective already face down": ("the objective at position 1 is already face down"),
    "human: objective 5": ("HumanCompleteObjective.position must be an int in 1..4, not 5"),
    "human: finishing the round before the third die": (
        "the human has drafted 0 dice this round; the round is finished with the third (or when the"
        " bowls are empty)"
    ),
    "human: finishing the round with an int": ("HumanEndTurn.finished_round must be a bool, not 1"),
    "human: a card drawn on the human's turn": (
        "CardDrawn(card_id='FX-Y1') is a chance outcome, but no card, die or masterpiece is awaited"
    ),
    "human: a final score mid-game": (
        "the human's final score is reported once the automa's final score is known"
    ),
    "chance: a report while a card is awaited": ("the engine is waiting for chance (card), not for a report"),
    "chance: a board report while a card is awaited": (
        "the engine is waiting for chance (card), not for a report"
    ),
    "chance: a card not in the draw pile": ("'FX-P1' is not in the automa's draw pile"),
    "chance: an unknown card": ("'FX-NOPE' is not in the automa's draw pile"),
    "chance: the black die while a card is awaited, objectives on": (
        "ObjectiveDie(position=1) does not answer the pending card"
    ),
    "chance: a card as a str subclass": (
        "CardDrawn.card_id must be an automa card id of the pack (a str of 1..200 characters), not "
        "MyStr('FX-Y1')"
    ),
    "chance: taking an experiment while a card is awaited": (
        "the engine is waiting for chance (card), not for a report"
    ),
    "chance: taking an artifact while a card is awaited": (
        "the engine is waiting for chance (card), not for a report"
    ),
    "human: an area named by a str subclass": (
        "HumanTakeExperiment.face must be one of ['lead', 'tin', 'iron', 'copper', 'mercury', "
        "'wild'], not MyStr('copper')"
    ),
    "human: an experiment named by a str subclass": (
        "HumanTakeExperiment.experiment_id must be an experiment id of the pack (a str of 1..200 "
        "characters), not MyStr('FX-E01')"
    ),
    "human: a die named by a str subclass": (
        "HumanDraftDie.face must be one of ['lead', 'tin', 'iron', 'copper', 'mercury', 'wild'], "
        "not MyStr('iron')"
    ),
    "black die: position True": ("ObjectiveDie.position must be an int in 1..4, not True"),
    "chance: the black die while a card is awaited": (
        "ObjectiveDie(position=1) does not answer the pending card"
    ),
    "chance: a masterpiece while a card is awaited": (
        "MasterpieceDrawn(masterpiece_id='FX-M1') does not answer the pending card"
    ),
    "chance: the artifact die while a card is awaited": (
        "ArtifactDie(slot=1) does not answer the pending card"
    ),
    "black die: a face-down objective": ("position 1 is not a face-up objective"),
    "black die: a card instead": ("CardDrawn(card_id='FX-Y1') does not answer the pending objective_die"),
    "black die: position 0": ("ObjectiveDie.position must be an int in 1..4, not 0"),
    "black die: position 5": ("ObjectiveDie.position must be an int in 1..4, not 5"),
    "black die: a raw 7": ("ObjectiveDieRaw.value must be an int in 1..6, not 7"),
    "artifact die: slot 3": ("ArtifactDie.slot must be an int in 1..2, not 3"),
    "artifact die: a card instead": ("CardDrawn(card_id='FX-Y1') does not answer the pending artifact_die"),
    "masterpiece: an unavailable one": ("'FX-M2' is not in the masterpiece deck"),
    "over: a report": ("the game is over (only the human's final score can still be reported)"),
    "over: a chance outcome": ("the game is over (only the human's final score can still be reported)"),
    "final score: twice": ("the human's final score has already been reported (80)"),
    "final score: 10000": ("ReportFinalScore.points must be an int in 0..9999, not 10000"),
}


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_refusal_says_why_word_for_word(case) -> None:  # type: ignore[no-untyped-def]
    """REL-MOVES-4: the refusal's sentence, the same from `check_move` and `apply`."""
    state = case.state()
    for attempt in (tm.check_move, tm.apply):
        with pytest.raises((IllegalMoveError, InvalidMoveError)) as caught:
            attempt(state, case.move)
        assert str(caught.value) == MESSAGES[case.name]


def test_every_case_has_its_sentence() -> None:
    assert sorted(MESSAGES) == sorted(c.name for c in CASES)
