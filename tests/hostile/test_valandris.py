"""Hostile input at every Valandris entry point: each must refuse with a typed error and change nothing.

One section per entry point: move objects (by type, through `check_move`, `is_legal`, `apply`,
`move_to_action`, `move_to_str`, `transform_move`), the state JSON (every field class), the
notation, game records (through `core.replay`), tablebase files and the solver's command line.
"""

from __future__ import annotations

import copy
import json
import pickle
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import pytest

from tabletop_rules import valandris as v
from tabletop_rules.core import random_playout
from tabletop_rules.core.errors import (
    InvalidContentError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidStateError,
    TabletopRulesError,
)
from tabletop_rules.core.records import record_playout, replay
from tabletop_rules.testing import finished_playout
from tabletop_rules.valandris import Piece
from tabletop_rules.valandris import moves as mv

START: dict[str, Any] = {
    "leviathan": "A0",
    "unicorn": "E0",
    "archangel": "H0",
    "valandris": "H19",
    "seals": ["E5", "E6"],
}
IDENTITY = tuple(range(52))


def state_at_turn_start() -> v.State:
    return v.from_position(**START, declared="archangel")  # type: ignore[arg-type]


class MyInt(int):
    pass


class LookAlike:
    """An object with a move's attributes and repr, but not a move class."""

    def __init__(self, **fields: Any) -> None:
        self.__dict__.update(fields)


def forged_values(good: Any) -> list[Any]:
    """Values that compare equal to (or look like) a good field value but are not of its exact type."""
    out: list[Any] = [None, "A1", [good], 10**400, -1, 52]
    if type(good) is int:
        out += [float(good), np.int64(good), MyInt(good), True, False, complex(good)]
    if type(good) is Piece:
        out += [int(good), float(good), good.name, np.int64(int(good))]
    return out


def legal_samples() -> list[tuple[v.State, v.Move]]:
    """One legal move of every kind, each with a state where it is legal."""
    found: dict[type, tuple[v.State, v.Move]] = {}
    for seed in range(40):
        for state, move in zip(*_states_and_moves(seed), strict=False):
            found.setdefault(type(move), (state, move))
    assert len(found) >= 10, sorted(k.__name__ for k in found)
    return list(found.values())


def _states_and_moves(seed: int) -> tuple[list[v.State], tuple[v.Move, ...]]:
    playout = finished_playout(v, seed)
    return list(playout.states(v)), playout.moves


SAMPLES = legal_samples()


# --------------------------------------------------------------------------- move objects, by type


@pytest.mark.parametrize(("state", "move"), SAMPLES, ids=[type(m).__name__ for _, m in SAMPLES])
def test_forged_fields_are_refused_everywhere_and_change_nothing(state: v.State, move: v.Move) -> None:
    before = v.to_json(state)
    assert v.is_legal(state, move)
    for field in attrs.fields(type(move)):
        for bad in forged_values(getattr(move, field.name)):
            forged = copy.copy(move)
            object.__setattr__(forged, field.name, bad)
            if mv.well_formed(forged):
                continue  # `Declare(None)`: a real move (legal only under allow_declare_none)
            assert not v.is_legal(state, forged)
            with pytest.raises(InvalidMoveError, match=rf"{type(move).__name__}\.{field.name} must be"):
                v.check_move(state, forged)
            with pytest.raises(InvalidMoveError, match=field.name):
                v.apply(state, forged)
            if type(move) is not mv.Roll:
                with pytest.raises(InvalidMoveError):
                    v.move_to_action(state, forged)
            with pytest.raises(InvalidMoveError):
                v.move_to_str(state, forged)
            with pytest.raises(InvalidMoveError):
                v.transform_move(forged, IDENTITY)
    assert v.to_json(state) == before


@pytest.mark.parametrize(("state", "move"), SAMPLES, ids=[type(m).__name__ for _, m in SAMPLES])
def test_subclasses_and_look_alikes_are_not_moves(state: v.State, move: v.Move) -> None:
    sub = type(f"Sub{type(move).__name__}", (type(move),), {})
    fields = attrs.asdict(move, recurse=False)
    for fake in (sub(**fields), LookAlike(**fields), repr(move), v.move_to_str(state, move), None, 3):
        assert not v.is_legal(state, fake)  # type: ignore[arg-type]
        with pytest.raises(InvalidMoveError, match="expected a Valandris move object"):
            v.apply(state, fake)  # type: ignore[arg-type]
        with pytest.raises(InvalidMoveError):
            v.move_to_str(state, fake)  # type: ignore[arg-type]
        with pytest.raises(InvalidMoveError):
            v.transform_move(fake, IDENTITY)  # type: ignore[arg-type]
        with pytest.raises(InvalidMoveError):
            v.move_to_action(state, fake)  # type: ignore[arg-type]
    # the genuine move still works afterwards, and gives the same state as before
    assert v.apply(state, move) == v.apply(state, move)


def test_the_brief_examples() -> None:
    setup = v.new_game()
    turn = state_at_turn_start()
    for state, move in (
        (turn, mv.Cross(Piece.UNICORN, 33.0)),  # type: ignore[arg-type]
        (setup, mv.Place(Piece.LEVIATHAN, np.int64(32))),  # type: ignore[arg-type]
    ):
        for attempt in (v.apply, v.move_to_action, v.move_to_str, v.check_move):
            with pytest.raises(InvalidMoveError, match=r"vertex must be a Valandris vertex \(an int 0"):
                attempt(state, move)


def test_transform_accepts_only_board_symmetries() -> None:
    state = state_at_turn_start()
    g = v.BOARD.symmetries[7]
    assert v.transform_state(state, np.array(g)) == v.transform_state(state, g)  # a numpy row of a symmetry
    image = v.transform_state(state, np.array(g))
    assert all(type(x) is int for x in image.creatures)  # the board's own ints, never numpy's
    for bad in (tuple(range(51)), tuple(reversed(range(52))), [0.0] * 52, "x" * 52, None, 5, [[0]] * 52):
        with pytest.raises(InvalidStateError, match="symmetries"):
            v.transform_state(state, bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidMoveError, match="symmetries"):
            v.transform_move(mv.STEP[1], bad)  # type: ignore[arg-type]


def test_action_and_chance_ids_are_exact_ints() -> None:
    state = state_at_turn_start()
    for bad in (1.0, True, np.int64(3), MyInt(3), "3", -1, 630, 10**400, None):
        with pytest.raises(InvalidMoveError, match="action id"):
            v.action_to_move(state, bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidMoveError, match="outcome id"):
            v.chance_to_move(state, bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError, match="chance outcome"):
        v.move_to_action(state, mv.ROLL[3])
    with pytest.raises(InvalidMoveError):
        v.move_to_chance(state, mv.Roll(3.0))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- state JSON


def good_dict() -> dict[str, Any]:
    return v.state_to_dict(state_at_turn_start())


BAD_VALUES: list[Any] = [True, 1.5, "x" * 500, [], {}, None, 10**400, -(10**400), -1, "ｈ0", "h0"]


@pytest.mark.parametrize("key", sorted(good_dict()))
def test_every_field_refuses_every_class_of_bad_value(key: str) -> None:
    good = good_dict()
    for bad in BAD_VALUES:
        data = {**good, key: bad}
        if data == good or (key == "crossing" and bad is None) or (key == "score" and bad is None):
            continue
        if key == "declared" and bad is None:
            continue  # None is a valid value under allow_declare_none; here it breaks V-HS-8
        if (key, bad) in (("rules", {}), ("seals", [])):
            continue  # the spec's options; no seal
        with pytest.raises(InvalidStateError) as caught:
            v.from_json(json.dumps(data))
        message = str(caught.value)
        assert len(message) < 400  # the bad value is echoed shortened, never whole
        assert key in message or message.startswith("invalid Valandris state")
    missing = {k: val for k, val in good.items() if k != key}
    with pytest.raises(InvalidStateError, match=key):
        v.from_json(json.dumps(missing))
    assert v.state_from_dict(good) == state_at_turn_start()  # nothing was changed by the attempts


def test_state_json_text_is_checked_first() -> None:
    text = v.to_json(state_at_turn_start())
    for bad, match in (
        (" " * (v.MAX_JSON_CHARS + 1), "limit"),
        (text.replace('"turn": 1', '"turn": ' + "9" * 5000), "not valid JSON"),
        (text.replace('"turn": 1', '"turn": NaN'), "not valid JSON"),
        (text[:-1] + ', "turn": 1}', "duplicate"),
        ("[" * 100_000, "nested|not valid"),
        (text.encode("utf-16"), "UTF-8"),
        (None, "must be a str"),
        (text.replace('"A0"', '"\\ud800"'), "surrogate|not a vertex"),
    ):
        with pytest.raises(InvalidStateError, match=match):
            v.from_json(bad)  # type: ignore[arg-type]


def test_ends_and_dead_ends_the_rules_cannot_reach() -> None:
    good = good_dict()
    for change, match in (
        ({"phase": "over", "score": 101, "captured": False}, "cannot end uncaptured on turn 1"),  # V-END-3
        ({"phase": "over", "score": 1, "captured": True}, "capture scores its turn"),  # V-END-2
        ({"turn": 100, "phase": "valandris"}, "the game ends at its declaration"),  # V-END-3
        ({"seals": [f"E{i}" for i in range(12)]}, "at most 11"),  # V-RULING-18
        ({"phase": "unicorn", "seals": ["E1", "E2", "E3", "E4", "E5"]}, "Unicorn has no legal step"),
        ({"turn": 0}, "numbered from 1"),
        ({"turn": 101}, "past the cap"),
        ({"score": 10**400, "phase": "over", "captured": False}, "state.score"),
    ):
        with pytest.raises(InvalidStateError, match=match):
            v.state_from_dict({**good, **change})
    # the same end is reachable under holy_spirit_loses only when a creature is blocked (V-RULING-12)
    loses = {**good, "rules": {**good["rules"], "blocked_creature": "holy_spirit_loses"}}
    with pytest.raises(InvalidStateError, match="cannot end uncaptured"):
        v.state_from_dict({**loses, "phase": "over", "score": 101, "captured": False})


def test_from_position_arguments() -> None:
    for change, match in (
        ({"turn": True}, "turn"),
        ({"turn": 10**400}, "past the cap"),
        ({"declared": 0}, "only a creature"),
        ({"declared": "VALANDRIS"}, "not a creature"),
        ({"valandris": 19.0}, "not a vertex"),
        ({"valandris": np.int64(19)}, "not a vertex"),
        ({"seals": iter(range(20, 10**9))}, "more than the 12"),
        ({"seals": "E5"}, "collection"),
        ({"seals": ["E5", "E5"]}, "twice"),
    ):
        kwargs: dict[str, Any] = {**START, "declared": "archangel", **change}
        with pytest.raises(InvalidStateError, match=match):
            v.from_position(**kwargs)


# --------------------------------------------------------------------------- notation


@pytest.mark.parametrize(
    "text",
    ["roll ²", "roll ١", "roll 0", "roll 13", "roll 05", "ſeal E5", "L A0-Ａ1", "H١", "\x00", "declare V"],
)
def test_unicode_and_malformed_notation(text: str) -> None:
    state = state_at_turn_start()
    with pytest.raises(InvalidMoveError):
        v.parse_move(state, text)


def test_huge_and_non_text_notation() -> None:
    state = state_at_turn_start()
    huge = "L " + "A" * 10_000_000
    with pytest.raises(InvalidMoveError, match="longer than") as caught:
        v.parse_move(state, huge)
    assert len(str(caught.value)) < 200
    for bad in (b"L A1", None, 3, ["L", "A1"], type("S", (str,), {})("L A1")):
        with pytest.raises(InvalidMoveError, match="must be a str"):
            v.parse_move(state, bad)  # type: ignore[arg-type]


def test_notation_round_trips_on_every_sample() -> None:
    for state, move in SAMPLES:
        if v.current_player(state) is not None:
            assert v.parse_move(state, v.move_to_str(state, move)) is move  # the shared instance


# --------------------------------------------------------------------------- records


def test_records_replay_and_refuse_tampering() -> None:
    record = record_playout(v, random_playout(v, 5, max_moves=40))
    states = replay(v, record)
    assert len(states) == len(record["moves"]) + 1
    for change, match in (
        ({"moves": [*record["moves"][:3], "roll ²", *record["moves"][4:]]}, "record move 3"),
        ({"moves": record["moves"][:-1]}, "final_sha256"),
        ({"initial": {**record["initial"], "turn": 10**400}}, "state.turn"),
        ({"initial": [[[[]]]]}, "record.initial"),
        ({"moves": [1.0]}, r"record.moves\[0\]"),
        ({"moves": {"a": 1}}, "record.moves"),
        ({"game_version": True}, "game_version"),
        ({"extra": 1}, "unknown key"),
        ({"moves": {1, 2}}, "only JSON values"),
        ({"initial": float("nan")}, "only JSON values|not valid JSON|record.initial"),
    ):
        with pytest.raises(InvalidStateError, match=match):
            replay(v, {**record, **change})
    nested: Any = []
    for _ in range(100_000):
        nested = [nested]
    with pytest.raises(InvalidStateError):
        replay(v, {**record, "initial": nested})


# --------------------------------------------------------------------------- tablebase files

solver = pytest.importorskip("tabletop_rules.valandris.solver")
files = pytest.importorskip("tabletop_rules.valandris.solver.files")
MAGIC = b"VALANDRIS-TABLEBASE\n"


@pytest.fixture(scope="module")
def small_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A well-formed tablebase of the 12-seal family with made-up values (about 30 MB)."""
    orbits = files.family_orbits(12)
    n = len(orbits)
    t = np.full((n, 3, 52, 52, 52, 52), 7, dtype=np.uint8)
    m = np.full((n, 52, 52, 52, 52), 9, dtype=np.uint8)
    tb = solver.Tablebase(v.Options(), "ignored", orbits, t, m)
    return tb.save(tmp_path_factory.mktemp("tb") / "small.vtb")


def read_header(path: Path) -> tuple[dict[str, Any], int]:
    raw = path.read_bytes()[: 1 << 16]
    size = int.from_bytes(raw[len(MAGIC) : len(MAGIC) + 8], "little")
    return json.loads(raw[len(MAGIC) + 8 : len(MAGIC) + 8 + size]), size


def write(path: Path, header: Any, data: bytes = b"", size: int | None = None) -> Path:
    raw = json.dumps(header).encode() if not isinstance(header, bytes) else header
    head = MAGIC + (len(raw) if size is None else size).to_bytes(8, "little") + raw
    path.write_bytes(head + b"\0" * (-len(head) % 64) + data)
    return path


# REL-PICKLE-1: a tablebase file is a JSON header and raw arrays, checked before it is mapped
def test_a_good_file_loads_read_only(small_file: Path) -> None:
    tb = solver.Tablebase.load(small_file)
    assert tb.checksum is not None
    with pytest.raises(ValueError, match="read-only"):
        tb.T[0, 0, 0, 0, 0, 0] = 1
    tb2 = solver.Tablebase.load(small_file, mmap=False)
    with pytest.raises(ValueError, match="read-only"):
        tb2.M[0, 0, 0, 0, 0] = 1


HEADER_CHANGES: list[tuple[str, Any, str]] = [
    ("format_version", 2, "format version"),
    ("format_version", True, "format version"),
    ("format_version", 1.0, "format version"),
    ("game", "chess", "not a Valandris"),
    ("die", "loaded", "die"),
    ("options", {"max_turns": "x"}, "options"),
    ("options", [], "options"),
    ("orbits", [0], "orbits"),
    ("orbits", [81, 81], "orbits"),
    ("orbits", [10**400], "orbits"),
    ("orbits", list(range(100)), "orbits"),
    ("orbits", "81", "orbits"),
    ("seal_reps", [4096], "seal_reps"),
    ("t_shape", [1, 3, 52, 52, 52, 10**12], "t_shape"),
    ("t_shape", [1, 3, 52, 52, 52, 52.0], "t_shape"),
    ("t_shape", [True, 3, 52, 52, 52, 52], "t_shape"),
    ("m_shape", [1, 52, 52, 52], "m_shape"),
    ("m_shape", [-1, 52, 52, 52, 52], "m_shape"),
    ("dtype", "float64", "dtype"),
    ("dtype", "object", "dtype"),
    ("never", 0, "never"),
    ("checksum", "md5:00", "checksum"),
    ("info", {"_setup": 1}, "info"),
    ("info", {"sweeps": "many"}, "info"),
]


@pytest.mark.parametrize(("key", "value", "match"), HEADER_CHANGES)
def test_bad_headers_are_typed_errors(
    small_file: Path, tmp_path: Path, key: str, value: Any, match: str
) -> None:
    header, _ = read_header(small_file)
    with pytest.raises(solver.InvalidTablebaseError, match=match):
        solver.Tablebase.load(write(tmp_path / "bad.vtb", {**header, key: value}))


def test_broken_files_are_refused_before_use(small_file: Path, tmp_path: Path) -> None:
    header, _ = read_header(small_file)
    names = (f"bad{i}.vtb" for i in range(100))
    cases: list[tuple[Path, str]] = [
        (
            write(tmp_path / next(names), header, size=2**63),
            "header size",
        ),  # would be a MemoryError / OverflowError
        (write(tmp_path / next(names), header, size=0), "header size"),
        (write(tmp_path / next(names), b"{" * 1000), "not valid JSON|nested"),
        (write(tmp_path / next(names), b"[" * 500_000), "not valid JSON|nested"),  # a RecursionError
        (write(tmp_path / next(names), b"\xff\xfe"), "UTF-8"),
        (write(tmp_path / next(names), []), "JSON object"),
        (write(tmp_path / next(names), {k: val for k, val in header.items() if k != "t_shape"}), "lacks"),
        (write(tmp_path / next(names), header), "truncated"),  # right header, no arrays
        (write(tmp_path / next(names), header, b"\0" * 100), "truncated"),
    ]
    for path, match in cases:
        with pytest.raises(solver.InvalidTablebaseError, match=match):
            solver.Tablebase.load(path)
    (tmp_path / "short").write_bytes(MAGIC + b"\1\0")
    not_tb = tmp_path / "not"
    not_tb.write_bytes(b"\x80\x04K\x01.")  # a pickle: never unpickled
    for path, match in (
        (tmp_path / "short", "header size"),
        (not_tb, "not a Valandris"),
        (tmp_path, "cannot read"),
    ):
        with pytest.raises(solver.InvalidTablebaseError, match=match):
            solver.Tablebase.load(path)
    for arg in (None, 3, b"x"):
        with pytest.raises(solver.InvalidTablebaseError):
            solver.Tablebase.load(arg)  # type: ignore[arg-type]


def test_corrupt_data_and_trailing_bytes(small_file: Path, tmp_path: Path) -> None:
    data = bytearray(small_file.read_bytes())
    data[-1] ^= 1
    corrupt = tmp_path / "corrupt.vtb"
    corrupt.write_bytes(bytes(data))
    with pytest.raises(solver.InvalidTablebaseError, match="checksum"):
        solver.Tablebase.load(corrupt)
    longer = tmp_path / "longer.vtb"
    longer.write_bytes(small_file.read_bytes() + b"\0")
    with pytest.raises(solver.InvalidTablebaseError, match="trailing"):
        solver.Tablebase.load(longer)


def test_arrays_must_match_the_options_and_family() -> None:
    orbits = files.family_orbits(12)
    ok_m = np.zeros((1, 52, 52, 52, 52), dtype=np.uint8)
    for t in (
        np.zeros((1, 3, 52, 52, 52, 52), dtype=np.int16),
        np.zeros((1, 4, 52, 52, 52, 52), dtype=np.uint8),  # a fourth plane these options never use
        [[0]],
    ):
        with pytest.raises(solver.InvalidTablebaseError, match="uint8 array of shape"):
            solver.Tablebase(v.Options(), "ignored", orbits, t, ok_m)  # type: ignore[arg-type]
    with pytest.raises(solver.InvalidTablebaseError, match="orbits"):
        solver.Tablebase(v.Options(), "ignored", (0, 1), ok_m, ok_m)
    with pytest.raises(InvalidOptionError):
        solver.Tablebase(v.Options(), "loaded", orbits, ok_m, ok_m)  # type: ignore[arg-type]


def test_lookups_take_only_valid_states(small_file: Path) -> None:
    tb = solver.Tablebase.load(small_file)
    state = state_at_turn_start()
    for bad in (None, v.to_json(state), attrs.evolve(state, turn=10**400), attrs.evolve(state, declared=0)):
        with pytest.raises(InvalidStateError):
            tb.value(bad)
        with pytest.raises(InvalidStateError):
            tb.best_moves(bad)


# REL-PICKLE-1: untrusted data is never unpickled; a pickled agent re-verifies its tablebase
def test_pickled_agents_verify_their_file(small_file: Path, tmp_path: Path) -> None:
    from tabletop_rules.valandris.solver import agents

    path = tmp_path / "agent.vtb"
    path.write_bytes(small_file.read_bytes())
    agent = solver.perfect_agent(solver.Tablebase.load(path), "valandris")
    blob = pickle.dumps(agent)
    data = bytearray(path.read_bytes())
    data[-1] ^= 1  # the file is changed after the agent was pickled
    path.write_bytes(bytes(data))
    agents._load_verified.cache_clear()
    clone = pickle.loads(blob)
    with pytest.raises(solver.InvalidTablebaseError, match="checksum"):
        clone.tablebase  # noqa: B018
    # another valid tablebase at the same path: loads, but is not the one pickled
    other = solver.Tablebase(
        v.Options(),
        "ignored",
        files.family_orbits(12),
        np.zeros((1, 3, 52, 52, 52, 52), dtype=np.uint8),
        np.zeros((1, 52, 52, 52, 52), dtype=np.uint8),
    )
    other.save(path)
    agents._load_verified.cache_clear()
    with pytest.raises(solver.InvalidTablebaseError, match="not the tablebase"):
        pickle.loads(blob).tablebase  # noqa: B018
    agents._load_verified.cache_clear()
    forged = object.__new__(solver.PerfectAgent)
    for state in ({"path": str(path), "side": True, "checksum": "x"}, {"path": 1}, [], None):
        with pytest.raises(solver.InvalidTablebaseError, match="pickled state"):
            forged.__setstate__(state)
    for side in (True, 1.0, "demon", np.int64(1), None):
        with pytest.raises(InvalidOptionError, match="side"):
            solver.perfect_agent(other, side)  # type: ignore[arg-type]


def test_solve_arguments_are_checked_before_work() -> None:
    for kwargs in (
        {"die": "loaded"},
        {"die": "adversarial", "min_seals": 11},
        {"min_seals": 13},
        {"min_seals": True},
        {"workers": 0},
        {"workers": 2.0},
        {"max_sweeps": -1},
        {"progress": "yes"},
        {"options": {"max_turns": 3}},
    ):
        with pytest.raises(InvalidOptionError):
            solver.solve(**kwargs)


# --------------------------------------------------------------------------- the solver CLI


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--option", "max_turns=²"], "max_turns"),
        (["--option", "max_turns=" + "9" * 5000], "ASCII name=value|max_turns"),
        (["--option", "no_such_option=1"], "no_such_option"),
        (["--option", "max_turns"], "name=value"),
        (["--option", "max_turns=3", "--option", "max_turns=4"], "twice"),
        (["--option", "ｍax_turns=3"], "ASCII"),
        (["--min-seals", "3"], "ignored"),
        (["--min-seals", "99", "--die", "ignored"], "min_seals"),
    ],
)
def test_cli_refuses_bad_arguments_without_solving(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tabletop_rules.valandris.solver.__main__ import main

    assert main(["--out", str(tmp_path / "x.vtb"), "--no-progress", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:")
    assert message.split("|", maxsplit=1)[0] in err or any(part in err for part in message.split("|"))
    assert "Traceback" not in err
    assert not (tmp_path / "x.vtb").exists()


def test_cli_checks_the_output_folder_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop_rules.valandris.solver.__main__ import main

    assert main(["--out", str(tmp_path / "missing" / "x.vtb")]) == 2
    assert "not a writable folder" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--out", str(tmp_path / "x.vtb"), "--die", "loaded"])  # argparse's own refusal, exit 2


def test_every_failure_above_is_a_library_error() -> None:
    for error in (solver.InvalidTablebaseError, InvalidContentError):
        assert issubclass(error, TabletopRulesError)
