"""Hostile inputs at every boundary of Trismaugistus: forged moves, impossible states, packs, notation, CLI.

Every refusal must be one of the library's typed errors, with a short message, and must change nothing.
"""

from __future__ import annotations

import copy
import json
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

import tabletop_rules
from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import (
    CHANCE,
    IllegalMoveError,
    InvalidContentError,
    InvalidMoveError,
    InvalidStateError,
    TabletopRulesError,
    random_playout,
)
from tabletop_rules.testing import finished_playout
from tabletop_rules.trismaugistus import moves as mv
from tabletop_rules.trismaugistus.agents import heuristic_human
from tabletop_rules.trismaugistus.cli import main as cli_main
from tabletop_rules.trismaugistus.content import loader

try:
    import numpy as np
except ImportError:  # pragma: no cover - numpy is optional
    np = None

MOVE_ERRORS = (IllegalMoveError, InvalidMoveError)
MAX_MESSAGE = 600  # no error message repeats a whole input


class Int(int):
    """An int look-alike: a subclass is not an int of the game."""


class Str(str):
    """A str look-alike."""


def _bad_ints() -> list[Any]:
    values: list[Any] = [1.0, True, False, Int(1), "1", None, 10**400, -(10**400), [1]]
    if np is not None:
        values += [np.int64(1), np.int8(2)]
    return values


BAD_INTS = _bad_ints()
BAD_STRS: list[Any] = [Str("iron"), b"iron", 1, None, ["iron"], "\ud800", "x" * 100_000]
BAD_BOOLS: list[Any] = [1, 0, None, "true", Int(1), 1.0] + ([np.bool_(True)] if np is not None else [])


# --- states where each kind of move is awaited ------------------------------------------------------


def _states(seed: int, setup: str, options: Any = None) -> Iterator[tm.State]:
    start = tm.new_game_with_setup(setup, options)
    yield from finished_playout(tm, seed, initial=start, agents=[heuristic_human]).states(tm)


@pytest.fixture(scope="module")
def awaiting() -> dict[str, tm.State]:
    """One state per kind of awaited move."""
    found: dict[str, tm.State] = {"setup": tm.new_game()}
    objectives = "setup d2 exp=FX-S1 art=FX-AS2 objectives=FX-O1,FX-O2,FX-O3,FX-O4"
    for seed in range(20):
        for s in _states(seed, objectives, tm.Options(artifact_choice="roll_d6")):
            if s.phase == "round_start":
                found.setdefault("round_start", s)
            elif (
                s.phase == "play"
                and s.pending is None
                and s.human_dice < 3
                and any(any(c) for c in s.board.bowls)
            ):
                found.setdefault("human", s)
            elif s.pending is not None:
                found.setdefault(s.pending.kind, s)
            if s.phase == "over":
                found.setdefault("over", s)
        if len(found) >= 8:
            break
    assert set(found) >= {"setup", "round_start", "human", "card", "objective_die", "masterpiece", "over"}
    return found


def _refused(state: tm.State, move: Any) -> None:
    before = tm.to_json(state)
    assert not tm.is_legal(state, move)
    with pytest.raises(MOVE_ERRORS) as info:
        tm.apply(state, move)
    assert len(str(info.value)) < MAX_MESSAGE
    with pytest.raises(MOVE_ERRORS):
        tm.check_move(state, move)
    assert tm.to_json(state) == before


# --- forged moves, field by field -----------------------------------------------------------------

LEGAL_SETUP = tm.Setup(2, False, "FX-S1", "FX-AS2")
FORGED_FIELDS: list[tuple[str, Any, str, list[Any]]] = [
    ("setup", LEGAL_SETUP, "difficulty", BAD_INTS),
    ("setup", LEGAL_SETUP, "objectives_enabled", BAD_BOOLS),
    ("setup", LEGAL_SETUP, "starting_experiment", BAD_STRS),
    ("setup", LEGAL_SETUP, "starting_artifact", BAD_STRS),
    ("setup", LEGAL_SETUP, "tiebreak_track", [Str("fire"), 1, ["fire"]]),
    ("setup", LEGAL_SETUP, "objective_row", [["FX-O1"], (1,), (Str("FX-O1"),), ("FX-O1",) * 1000, "FX-O1"]),
    ("setup", LEGAL_SETUP, "masterpieces_unavailable", [["FX-M1"], (1,), (Str("FX-M1"),), "FX-M1"]),
    ("setup", LEGAL_SETUP, "objective_purple_ids", [["FX-P1"], (None,), ()]),
    ("setup", LEGAL_SETUP, "bonus_layout", [[(), (), (), ()], ((),) * 3, (((2, "vp_5"),), (), (), ()),
                                           ((tm.content.BonusSpace(2.0, "vp_5"),), (), (), ())]),  # type: ignore[arg-type]
    ("over", mv.ReportFinalScore(80), "points", BAD_INTS),
]  # fmt: skip


@pytest.mark.parametrize(("where", "legal", "field", "values"), FORGED_FIELDS)
def test_forged_fields_are_refused(awaiting: dict[str, tm.State], where: str, legal: Any, field: str,
                                   values: list[Any]):  # fmt: skip
    state = awaiting[where]
    assert tm.is_legal(state, legal)
    for value in values:
        _refused(state, attrs.evolve(legal, **{field: value}))


def test_forged_human_moves(awaiting: dict[str, tm.State]):  # B-6, T-OBJ-3
    state = awaiting["human"]
    draft = next(m for m in tm.legal_moves(state) if isinstance(m, tm.HumanDraftDie))
    for value in BAD_STRS:
        _refused(state, attrs.evolve(draft, face=value))
        _refused(state, attrs.evolve(draft, colour=value))
        _refused(state, tm.HumanTakeExperiment(value, "FX-E01"))
        _refused(state, tm.HumanTakeArtifact("red", value))
    for value in BAD_BOOLS:
        _refused(state, tm.HumanEndTurn(value))
    for value in BAD_INTS:
        _refused(state, tm.HumanCompleteObjective(value))


def test_forged_board_reports(awaiting: dict[str, tm.State]):  # B-3
    state = awaiting["round_start"]
    good = next(m for m in tm.legal_moves(state) if isinstance(m, tm.ReportBoard))
    assert good.bowls is not None
    bowls = list(good.bowls)
    forged = [
        attrs.evolve(good, bowls=[list(c) for c in bowls]),
        attrs.evolve(good, bowls=tuple((float(c[0]), c[1], c[2]) for c in bowls)),
        attrs.evolve(good, bowls=tuple((True, c[1], c[2]) for c in bowls)),
        attrs.evolve(good, bowls=tuple((Int(c[0]), c[1], c[2]) for c in bowls)),
        attrs.evolve(good, bowls=((10**400, 0, 0), *tuple(bowls[1:]))),
        attrs.evolve(good, bowls=((-1, 0, 0), *tuple(bowls[1:]))),
        attrs.evolve(good, bowls=tuple(bowls) * 100),
        attrs.evolve(good, experiment_areas=(("FX-E01",),) * 5 + ((1,),)),
        attrs.evolve(good, experiment_areas=((Str("FX-E01"),),) + ((),) * 5),
        attrs.evolve(good, artifact_offers=[(), (), ()]),
        attrs.evolve(good, artifact_offers=(("\ud800",), (), ())),
        attrs.evolve(good, objective_row=(tm.ObjectiveSlot("FX-O1", 1, 0),) * 4),  # type: ignore[arg-type]
        attrs.evolve(good, objective_row=(tm.ObjectiveSlot("FX-O1", True, 1.0),) * 4),  # type: ignore[arg-type]
        attrs.evolve(good, reason=Str("round_start")),
        attrs.evolve(good, reason="roll"),
    ]
    if np is not None:
        forged.append(attrs.evolve(good, bowls=tuple((np.int64(c[0]), c[1], c[2]) for c in bowls)))
    for move in forged:
        _refused(state, move)


def test_forged_chance_outcomes(awaiting: dict[str, tm.State]):  # C-1, C-2, C-3, C-4
    card = awaiting["card"]
    real = tm.chance_outcomes(card)[0][0]
    for value in BAD_STRS:
        _refused(card, tm.CardDrawn(value))
    _refused(card, tm.CardDrawn(Str(real.card_id)))  # type: ignore[union-attr]
    die = awaiting["objective_die"]
    for value in BAD_INTS:
        _refused(die, tm.ObjectiveDie(value))
        _refused(die, tm.ObjectiveDieRaw(value))
    _refused(die, tm.ObjectiveDieRaw(7))
    master = awaiting["masterpiece"]
    for value in BAD_STRS:
        _refused(master, tm.MasterpieceDrawn(value))
    if "artifact_die" in awaiting:
        for value in BAD_INTS:
            _refused(awaiting["artifact_die"], tm.ArtifactDie(value))
    for value in (1.0, True, Int(1)):
        _refused(card, tm.ArtifactDie(value))


def test_look_alike_moves_are_not_moves(awaiting: dict[str, tm.State]):
    state = awaiting["human"]

    @attrs.frozen
    class HumanEndTurn:  # the same name and fields, another class
        finished_round: bool = False

    class Sub(tm.HumanEndTurn):
        pass

    for move in (HumanEndTurn(False), Sub(False), ("end",), "end", None, object()):
        _refused(state, move)
    assert tm.is_legal(state, tm.HumanEndTurn(False))


# --- from_json: every field class -----------------------------------------------------------------


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    else:
        yield path, value


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    out = copy.deepcopy(data)
    target = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return out


def _rejected_or_valid(data: Any) -> None:
    try:
        state = tm.state_from_dict(data)
    except InvalidStateError as exc:
        message = str(exc)
    else:
        tm.validate(state)  # a mutation that happens to be a valid state
        return
    assert len(message) < MAX_MESSAGE


def _mid_game_dict(awaiting: dict[str, tm.State]) -> dict[str, Any]:
    return tm.state_to_dict(awaiting["objective_die"])


def test_from_json_refuses_absurd_numbers_everywhere(awaiting: dict[str, tm.State]):
    for name in ("objective_die", "over", "round_start"):
        data = tm.state_to_dict(awaiting[name])
        for path, leaf in _leaves({k: v for k, v in data.items() if k not in ("pack", "config")}):
            if type(leaf) is int:
                for bad in (10**400, -(10**400), -1, True, 1.5, str(leaf)):
                    with pytest.raises(InvalidStateError):
                        tm.state_from_dict(_set(data, path, bad))


def test_from_json_refuses_bad_text_everywhere(awaiting: dict[str, tm.State]):
    data = _mid_game_dict(awaiting)
    for path, leaf in _leaves({k: v for k, v in data.items() if k != "config"}):
        if type(leaf) is str:
            for bad in ("\ud800", leaf + "\udfff", 7):
                with pytest.raises(InvalidStateError):
                    tm.state_from_dict(_set(data, path, bad))
        elif type(leaf) is bool:
            for bad in (1, None, "true"):
                with pytest.raises(InvalidStateError):
                    tm.state_from_dict(_set(data, path, bad))
        elif leaf is None:
            for bad in (10**400, "\ud800", [None]):
                _rejected_or_valid(_set(data, path, bad))


def test_from_json_refuses_huge_collections(awaiting: dict[str, tm.State]):
    data = _mid_game_dict(awaiting)
    huge = {
        ("trace",): [["T-X", "y"]] * 20_000,
        ("trace", 0): ["T-X", "y" * 60_000],
        ("automa", "discard"): ["FX-G1"] * 10_000,
        ("board", "bowls"): [[0, 0, 0]] * 10_000,
        ("masterpiece_deck",): ["FX-M1"] * 10_000,
        ("board", "objectives"): data["board"]["objectives"] * 1000,
    }
    started = time.perf_counter()
    for path, value in huge.items():
        with pytest.raises(InvalidStateError):
            tm.state_from_dict(_set(data, path, value))
    assert time.perf_counter() - started < 5
    with pytest.raises(InvalidStateError):
        tm.from_json("[" * 100_000)
    with pytest.raises(InvalidStateError):
        tm.from_json(" " * (tm.MAX_JSON_CHARS + 1))
    text = tm.to_json(awaiting["objective_die"]).replace('"turn":', '"turn":1' + "0" * 300 + ',"x":', 1)
    with pytest.raises(InvalidStateError):
        tm.from_json(text)


@pytest.mark.parametrize(
    "change",
    [
        {"phase": "setup"},
        {"phase": "round_start"},
        {"phase": "scoring"},
        {"phase": "over"},
        {"round": 1, "first_player": "automa"},
        {"to_move": "human"},
        {"pending": None},
        {"human_finished": True, "automa_finished": True},
        {"first_finisher": "automa"},
        {"difficulty": 3},
        {"objectives_enabled": False},
    ],
)
def test_from_json_refuses_inconsistent_flows(awaiting: dict[str, tm.State], change: dict[str, Any]):
    data = _mid_game_dict(awaiting)  # round >= 1, the automa's turn, a black die pending
    data.update(change)
    with pytest.raises(InvalidStateError):
        tm.state_from_dict(data)


def test_validate_refuses_states_built_in_code(awaiting: dict[str, tm.State]):
    state = awaiting["objective_die"]
    a = state.automa
    forgeries: list[Callable[[], tm.State]] = [
        lambda: attrs.evolve(state, turn=10**400),
        lambda: attrs.evolve(state, turn=True),
        lambda: attrs.evolve(state, automa=attrs.evolve(a, vp=10**400)),
        lambda: attrs.evolve(state, automa=attrs.evolve(a, gold=1.0)),  # type: ignore[arg-type]
        lambda: attrs.evolve(state, automa=attrs.evolve(a, ether=Int(1))),
        lambda: attrs.evolve(state, trace=(tm.TraceLine("", "\ud800"),)),
        lambda: attrs.evolve(state, trace=[tm.TraceLine("", "x")]),  # type: ignore[arg-type]
        lambda: attrs.evolve(state, trace=(("", 5),)),  # type: ignore[arg-type]
    ]
    # Compiled, the native records (`core.frozen.native_record`) check their fields' types when built
    # (a bare TypeError) and store a bool or an int subclass as the plain int it equals, a valid value:
    # those cannot be forged there.
    stored_as_int = {1, 4}
    for i, forge in enumerate(forgeries):
        try:
            bad = forge()
        except TypeError:
            assert tabletop_rules.COMPILED
            continue
        if tabletop_rules.COMPILED and i in stored_as_int:
            tm.validate(bad)
            continue
        with pytest.raises(InvalidStateError):
            tm.validate(bad)


# --- packs ----------------------------------------------------------------------------------------


def _pack_dict() -> dict[str, Any]:
    return tm.pack_to_dict(tm.default_pack())


def test_pack_numbers_and_texts_are_bounded():
    data = _pack_dict()
    started = time.perf_counter()
    for path, leaf in _leaves(data):
        if type(leaf) is int:
            for bad in (10**400, -(10**400), True, 1.5):
                with pytest.raises(InvalidContentError) as info:
                    tm.pack_from_dict(_set(data, path, bad))
                assert len(str(info.value)) < MAX_MESSAGE
        elif type(leaf) is str and path[0] in ("note", "pack_id", "experiments", "automa_cards"):
            for bad in ("\ud800", "x" * 100_000):
                with pytest.raises(InvalidContentError) as info:
                    tm.pack_from_dict(_set(data, path, bad))
                assert len(str(info.value)) < MAX_MESSAGE
    assert time.perf_counter() - started < 10


def test_pack_sizes_are_bounded_before_work():
    data = _pack_dict()
    for key in ("experiments", "artifacts", "automa_cards", "masterpieces", "objectives"):
        big = copy.deepcopy(data)
        big[key] = big[key] * 10_000
        started = time.perf_counter()
        with pytest.raises(InvalidContentError, match="at most"):
            tm.pack_from_dict(big)
        assert time.perf_counter() - started < 0.5
    big = copy.deepcopy(data)
    big["experiments"][0]["element_symbols"] = ["fire"] * 1000
    with pytest.raises(InvalidContentError):
        tm.pack_from_dict(big)
    big = copy.deepcopy(data)
    big["tracks"][0]["max_level"] = 10**6
    big["tracks"][0]["end_vp_by_level"] = [0] * (10**6 + 1)
    with pytest.raises(InvalidContentError):
        tm.pack_from_dict(big)


def test_packs_without_a_playable_setup_are_refused():  # B-9, T-SETUP-6
    data = _pack_dict()
    no_start = copy.deepcopy(data)
    no_start["experiments"] = [e for e in no_start["experiments"] if e["stage"] != "starting"]
    with pytest.raises(InvalidContentError, match="starting experiment"):
        tm.pack_from_dict(no_start)
    no_art = copy.deepcopy(data)
    no_art["artifacts"] = [a for a in no_art["artifacts"] if not a["starting"]]
    with pytest.raises(InvalidContentError, match="starting artifact"):
        tm.pack_from_dict(no_art)


def test_packs_built_in_code_get_every_loader_check():
    pack = tm.default_pack()
    experiments = (attrs.evolve(pack.experiments[0], vp=10**400), *pack.experiments[1:])
    for bad in (
        attrs.evolve(pack, experiments=experiments),
        attrs.evolve(pack, experiments=list(pack.experiments)),
        attrs.evolve(pack, pack_id="\ud800"),
        "not a pack",
    ):
        with pytest.raises(InvalidContentError):
            tm.new_game(pack=bad)  # type: ignore[arg-type]


# REL-CONTENT-1: content that validates gives a playable game
def test_every_mutated_pack_that_loads_is_playable():
    data = _pack_dict()
    rng = random.Random(5)
    leaves = [(p, v) for p, v in _leaves(data) if type(v) is int]
    played = 0
    for _ in range(40):
        path, leaf = rng.choice(leaves)
        try:
            pack = tm.pack_from_dict(_set(data, path, leaf + rng.choice((-2, -1, 1, 2, 5))))
        except InvalidContentError:
            continue
        state = tm.new_game(pack=pack)
        setups = tm.legal_moves(state)
        assert setups
        start = tm.apply(state, setups[rng.randrange(len(setups))])
        final = random_playout(tm, played, initial=start, agents=[heuristic_human], max_moves=3000).final
        assert tm.is_terminal(final)
        played += 1
    assert played >= 5


# --- notation -------------------------------------------------------------------------------------

UNICODE_DIGITS = ["\u0663", "\uff13", "\u00b3", "\u2463", "\u0b69", "\U0001d7d1"]  # 3 in other scripts


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_notation_reads_ascii_digits_only(awaiting: dict[str, tm.State], digit: str):
    texts = [f"cube {digit}", f"black-die {digit}", f"objective {digit}", f"artifact-die {digit}",
             f"setup d{digit} exp=FX-S1 art=FX-AS2", f"report bowls=iron:r{digit}",
             f"report score 1{digit}"]  # fmt: skip
    for state in awaiting.values():
        for text in texts:
            with pytest.raises(MOVE_ERRORS):
                tm.parse_move(state, text)


def test_notation_refuses_huge_and_odd_texts(awaiting: dict[str, tm.State]):
    state = awaiting["human"]
    started = time.perf_counter()
    for text in (
        "x" * (tm.MAX_MOVE_TEXT + 1),
        "draw " + "A" * 10**7,
        "report " + "areas=iron:FX-E01 " * 10**5,
        "cube " + "9" * 5000,
        "report score " + "9" * 5000,
        "draw \ud800",
        "draft iron/red\x00",
        "end\u2028finished",
    ):
        with pytest.raises(MOVE_ERRORS) as info:
            tm.parse_move(state, text)
        assert len(str(info.value)) < MAX_MESSAGE
    assert time.perf_counter() - started < 2
    for text in (b"end", None, Str("end"), 5, ["end"]):
        with pytest.raises(InvalidMoveError):
            tm.parse_move(state, text)  # type: ignore[arg-type]


def test_move_to_str_of_forged_moves_is_a_move_error(awaiting: dict[str, tm.State]):
    state = awaiting["human"]
    for move in (object(), None, tm.ReportBoard(bowls=((1, 2),)), tm.ReportBoard(experiment_areas=5)):  # type: ignore[arg-type]
        with pytest.raises(MOVE_ERRORS):
            tm.move_to_str(state, move)  # type: ignore[arg-type]


# --- the command line -----------------------------------------------------------------------------


def test_cli_checks_sizes_and_truncates_echoes(tmp_path: Any, capsys: Any):
    huge = tmp_path / "huge.json"
    huge.write_text(" " * (loader.MAX_CONTENT_CHARS + 10), encoding="utf-8")
    bad_string = tmp_path / "bad.json"
    data = _pack_dict()
    data["pack_id"] = 7
    data["note"] = "N" * 5000
    data["experiments"][0]["type"] = "T" * 100_000
    bad_string.write_text(json.dumps(data), encoding="utf-8")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe" * 100)
    cases = [str(huge), str(bad_string), str(binary), str(tmp_path), str(tmp_path / "missing.json"),
             "a\x00b", "p" * 10_000]  # fmt: skip
    for path in cases:
        for command in (["validate", path], ["show", path], ["demo", "--pack", path]):
            assert cli_main(command) == 1
            captured = capsys.readouterr()
            assert captured.err.startswith("INVALID")
            assert len(captured.err) < MAX_MESSAGE


# REL-ERRORS-1: only typed errors escape, whatever the input
def test_only_typed_errors_escape(awaiting: dict[str, tm.State]):
    """A last sweep: random junk at every entry point raises only the library's errors."""
    rng = random.Random(3)
    junk: list[Any] = [None, 1.5, 10**400, "\ud800", b"\x00", [], {}, object(), "x" * 10_000]
    for _ in range(200):
        value = rng.choice(junk)
        for call in (
            lambda v=value: tm.from_json(v),
            lambda v=value: tm.state_from_dict(v),
            lambda v=value: tm.pack_from_json(v),
            lambda v=value: tm.pack_from_dict(v),
            lambda v=value: tm.parse_move(awaiting["human"], v),
            lambda v=value: tm.apply(awaiting["card"], v),
            lambda v=value: tm.new_game(v),
        ):
            message = ""
            try:
                call()
            except TabletopRulesError as exc:
                message = str(exc)
            assert len(message) < MAX_MESSAGE
    assert tm.current_player(awaiting["card"]) is CHANCE
