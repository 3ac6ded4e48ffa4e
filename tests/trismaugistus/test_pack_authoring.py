"""Pack authoring for owners: the blank template, every problem at once, and the `pack` command line.

The command line is run as a subprocess (standard input and output, exit status), as an owner runs it.
"""

from __future__ import annotations

import copy
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import random_playout
from tabletop_rules.core.errors import InvalidContentError
from tabletop_rules.core.jsonio import load_json
from tabletop_rules.trismaugistus.content import loader
from tabletop_rules.trismaugistus.content.fields import COMMENT_PREFIX, MAX_PROBLEMS
from tabletop_rules.trismaugistus.content.template import TEMPLATE_CARDS

SHIPPED = Path(tm.__file__).parent / "content" / "data" / "trismaugistus_example_pack.json"
SRC = Path(tm.__file__).resolve().parents[2]
FEW = settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


def example() -> dict[str, Any]:
    return copy.deepcopy(json.loads(SHIPPED.read_text(encoding="utf-8")))


def template() -> dict[str, Any]:
    data = load_json(tm.pack_template(), limit=loader.MAX_CONTENT_CHARS, what="template")  # strict JSON
    assert isinstance(data, dict)
    return data


def is_comment(key: str) -> bool:
    return key.startswith(COMMENT_PREFIX)


def fill(blank: Any, values: Any, path: str = "$") -> Any:
    """The template `blank` filled in with `values` (a pack's JSON), as an owner would.

    A ``null`` takes the value; a list of records is extended to the pack's length by copying the
    blank record; what the template fills in already must be the pack's value; a field of the pack
    that the template does not have fails the test (the template must name every field).
    """
    if blank is None:
        return copy.deepcopy(values)
    if isinstance(blank, dict):
        assert isinstance(values, dict), path
        extra = set(values) - set(blank)
        assert not extra, f"the template has no field {extra} at {path}"
        return {
            key: value if is_comment(key) else fill(value, values.get(key), f"{path}.{key}")
            for key, value in blank.items()
        }
    if isinstance(blank, list) and blank and isinstance(blank[0], dict):
        assert isinstance(values, list), path
        return [fill(blank[min(i, len(blank) - 1)], v, f"{path}[{i}]") for i, v in enumerate(values)]
    assert blank == values, f"the template fills in {blank!r} at {path}, the pack has {values!r}"
    return blank


# --------------------------------------------------------------------------------------------- template


def test_the_template_names_every_field_of_the_loader_with_its_rule() -> None:
    """REL-CONTENT-3: every field the loader reads is in the template, each with a `//` comment once."""
    blank = template()
    assert {k for k in blank if not is_comment(k)} == loader.TOP_LEVEL
    expected = {
        "board": (blank["board"], loader.BOARD_FIELDS),
        "formula_scoring": (blank["formula_scoring"], loader.FORMULA_FIELDS),
        "tracks": (blank["tracks"][0], loader.TRACK_FIELDS),
        "automa_cards": (blank["automa_cards"][0], loader.CARD_FIELDS),
        "difficulty_presets": (blank["difficulty_presets"][2], loader.PRESET_FIELDS),
        "experiments": (blank["experiments"][0], loader.EXPERIMENT_FIELDS),
        "masterpieces": (blank["masterpieces"][0], loader.MASTERPIECE_FIELDS),
        "artifacts": (blank["artifacts"][0], loader.ARTIFACT_FIELDS),
        "objectives": (blank["objectives"][0], loader.OBJECTIVE_FIELDS),
    }
    for section, (record, fields) in expected.items():
        assert {k for k in record if not is_comment(k)} == fields, section
    decks = [c["deck"] for c in blank["automa_cards"]]
    assert decks == [deck for deck, n in TEMPLATE_CARDS for _ in range(n)]
    text = tm.pack_template()
    for rule in ("1..5", "V-6", "V-7", "max_level + 1", "never decreasing", "T-OBJ-1", "each once"):
        assert rule in text
    assert "FX-" not in text  # no example data, and no printed data: only names, rules and blanks
    assert tm.pack_template() == text  # deterministic


def test_the_blank_template_lists_what_is_left_to_fill_in() -> None:
    """REL-CONTENT-2: the unfilled template is refused, each blank named by its JSON path."""
    problems = tm.pack_problems(template())
    assert problems
    assert all(p.message == "is not filled in yet (null)" for p in problems)
    paths = {p.path for p in problems}
    assert {"$.pack_id", "$.fictional", "$.board.track_order", "$.automa_cards[4].potency_cost"} <= paths
    assert "$.automa_cards[0].dice" not in paths  # purple sections may stay null (T-RULING-26)
    assert "$.note" not in paths
    assert "$.automa_cards[0].label" not in paths
    with pytest.raises(InvalidContentError, match="not filled in yet"):
        tm.pack_from_dict(template())


def test_the_template_filled_with_the_fictional_pack_loads_and_plays_a_game() -> None:
    """REL-CONTENT-3: the skeleton, filled in with the example's values, gives the example pack and plays."""
    filled = fill(template(), example())
    assert any(is_comment(k) for k in filled)  # the comments stay in the owner's file
    assert tm.pack_problems(filled) == ()
    pack = tm.pack_from_dict(filled)
    assert pack == tm.default_pack()
    for seed in range(3):
        assert random_playout(tm, seed, initial=tm.new_game(pack=pack)).final.phase == "over"


def test_an_owners_own_pack_from_the_template_is_not_fictional() -> None:
    filled = fill(template(), example())
    filled.update(pack_id="my-copy", fictional=False, note=None, source="transcribed from my copy")
    pack = tm.pack_from_dict(filled)
    assert (pack.pack_id, pack.fictional, pack.note) == ("my-copy", False, None)


# ---------------------------------------------------------------------------------- every problem


def test_every_problem_is_reported_at_once_with_its_path() -> None:
    """REL-CONTENT-2: independent problems in many records and fields are all listed, in file order."""
    data = example()
    data["tracks"][0]["max_level"] = 0
    data["automa_cards"][4]["potency_cost"] = 7
    data["automa_cards"][4]["dice"][0]["colour"] = "blue"
    data["experiments"][2]["vp"] = None
    data["artifacts"][1]["colour"] = "green"
    data["difficulty_presets"][0]["removed"].remove("FX-Y9")
    found = [(p.path, p.message) for p in tm.pack_problems(data)]
    assert found == [
        ("$.tracks[0].max_level", "must be an integer from 1 to 50, got 0"),
        ("$.automa_cards[4].dice[0].colour", "must be one of red, white, black, got 'blue'"),
        ("$.automa_cards[4].potency_cost", "must be an integer from 1 to 5, got 7"),
        ("$.experiments[2].vp", "is not filled in yet (null)"),
        ("$.artifacts[1].colour", "must be one of red, white, black, got 'green'"),
        ("$.difficulty_presets[0]", "does not place 'FX-Y9' in draw_deck, face_up_discard or removed (V-4)"),
    ]
    first = tm.pack_problems(data)[0]
    assert str(first) == "tracks[0] (earth).max_level: must be an integer from 1 to 50, got 0"


def test_cross_record_checks_wait_for_sound_records() -> None:
    """REL-CONTENT-2: a broken record is left out without making the deck checks report what is fine."""
    data = example()
    data["automa_cards"][4]["dice"] = "two dice"  # FX-G1 is broken, but its id and deck are sound
    assert [p.path for p in tm.pack_problems(data)] == ["$.automa_cards[4].dice"]
    data["automa_cards"][4]["deck"] = "grey"  # now the deck counts cannot be checked
    assert [p.path for p in tm.pack_problems(data)] == ["$.automa_cards[4].deck", "$.automa_cards[4].dice"]
    data = example()
    data["experiments"][0]["requirement"]["level"] = 8  # V-10 once the tracks are sound
    data["tracks"][0]["end_vp_by_level"] = [0]
    assert [p.path for p in tm.pack_problems(data)] == ["$.tracks[0].end_vp_by_level"]


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(node, dict):
        return [path] + [p for k, v in node.items() for p in _leaves(v, (*path, k))]
    if isinstance(node, list):
        return [path] + [p for i, v in enumerate(node) for p in _leaves(v, (*path, i))]
    return [path]


_PATHS = _leaves(example())
_JUNK = [None, -1, 0, 7, 10**6, "", "x", "wild", "FX-G1", True, [], {}, [None], {"a": 1}, 1.5]


@FEW
@given(
    edits=st.lists(
        st.tuples(st.sampled_from(_PATHS), st.sampled_from(_JUNK) | st.just("<delete>")),
        min_size=1,
        max_size=4,
    )
)
def test_problems_agree_with_the_loader(edits: list[tuple[tuple[Any, ...], Any]]) -> None:
    """REL-CONTENT-2: `pack_problems` finds a problem exactly when `pack_from_dict` raises, and its
    first problem is the loader's sentence; every problem is bounded and has a JSONPath."""
    data = example()
    for path, junk in edits:
        node: Any = data
        try:
            for step in path[:-1]:
                node = node[step]
            if not path:
                data = junk
            elif junk == "<delete>":
                del node[path[-1]]
            else:
                node[path[-1]] = junk
        except (KeyError, IndexError, TypeError):
            continue
    problems = tm.pack_problems(data)
    refusal = None
    try:
        tm.pack_from_dict(data)
    except InvalidContentError as exc:
        refusal = str(exc)
    assert (str(problems[0]) if problems else None) == refusal
    for found in problems:
        assert found.path.startswith("$")
        assert len(str(found)) < 400


def test_comments_and_nulls_are_ignored_everywhere() -> None:
    """`//` members are comments in every object; `null` leaves an optional field out."""
    data = example()

    def comment(node: Any) -> None:
        if isinstance(node, dict):
            for value in list(node.values()):
                comment(value)
            node["//"] = "a comment"
            node["// more"] = {"anything": [1, None]}
        elif isinstance(node, list):
            for value in node:
                comment(value)

    comment(data)
    data["source"] = None
    data["automa_cards"][0]["label"] = None
    data["automa_cards"][0]["dice"] = None  # a purple card's section
    plain = example()
    plain.pop("source")
    plain["automa_cards"][0].pop("dice")
    assert tm.pack_from_dict(data) == tm.pack_from_dict(plain)
    data["objectives"] = None  # the module is not used
    assert tm.pack_from_dict(data).objectives == ()


def test_a_flood_of_problems_is_bounded() -> None:
    """REL-CONTENT-2: at most MAX_PROBLEMS problems are listed, and the rest counted in a last one."""
    data = example()
    data["experiments"] = [{"id": f"E{i}", "vp": -1} for i in range(400)]
    data["unknown"] = {str(i): i for i in range(10**4)}
    problems = tm.pack_problems(data)
    assert len(problems) == MAX_PROBLEMS + 1
    assert problems[-1].path == "$"
    assert "more problems" in problems[-1].message
    many = {f"k{i}": 1 for i in range(10**5)}
    (only,) = tm.pack_problems({**example(), **many})
    assert "unknown field" in only.message
    assert len(str(only)) < 300
    assert tm.pack_problems("not a pack")[0].path == "$"
    assert loader.pack_problems_in_text("{")[0].message.startswith("Trismaugistus pack JSON")


# ------------------------------------------------------------------------------------ command line


def run(*args: str, stdin: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    command = [sys.executable, "-m", *args]
    return subprocess.run(
        command, check=False, input=stdin, capture_output=True, text=True, env=env, cwd=cwd, timeout=120
    )


def test_the_command_line_from_template_to_a_valid_pack(tmp_path: Path) -> None:
    """REL-CONTENT-2, REL-CONTENT-3: template, every problem listed (exit 1), filled in, valid (exit 0)."""
    blank = run("tabletop_rules.trismaugistus", "pack", "template")
    assert blank.returncode == 0
    assert blank.stderr == ""
    assert json.loads(blank.stdout) == template()
    path = tmp_path / "my_pack.json"
    written = run("tabletop_rules.trismaugistus", "pack", "template", "--out", str(path))
    assert written.returncode == 0
    assert "fill in every null" in written.stdout
    assert path.read_text(encoding="utf-8") == blank.stdout
    again = run("tabletop_rules.trismaugistus", "pack", "template", "--out", str(path))
    assert again.returncode == 1
    assert "--force" in again.stderr
    assert (
        run("tabletop_rules.trismaugistus", "pack", "template", "--out", str(path), "--force").returncode == 0
    )

    checked = run("tabletop_rules.trismaugistus", "pack", "validate", str(path))
    assert checked.returncode == 1
    assert checked.stdout == ""
    lines = checked.stderr.splitlines()
    assert len(lines) == len(tm.pack_problems(template())) + 1
    assert lines[0] == "INVALID: pack.pack_id: is not filled in yet (null)"
    assert lines[-1].startswith(f"{len(lines) - 1} problems in ")
    assert lines[-1].endswith(": fix them and run validate again")
    as_json = run("tabletop_rules.trismaugistus", "pack", "validate", "--json", str(path))
    assert as_json.returncode == 1
    rows = json.loads(as_json.stdout)
    assert rows[0] == {"path": "$.pack_id", "where": "pack.pack_id", "message": "is not filled in yet (null)"}

    path.write_text(json.dumps(fill(template(), example()), indent=2), encoding="utf-8")
    for command in (("pack", "validate"), ("validate",)):
        ok = run("tabletop_rules.trismaugistus", *command, str(path))
        assert ok.returncode == 0
        assert ok.stderr == ""
        assert ok.stdout.startswith(
            "OK: pack fictional-example-v1 (FICTIONAL example data) is valid: 17 automa"
        )
    spec_spelling = run("tabletop_rules.trismaugistus.pack", "validate", "--json", str(path))
    assert (spec_spelling.returncode, json.loads(spec_spelling.stdout)) == (0, [])
    shown = run("tabletop_rules.trismaugistus", "pack", "show", str(path), "--section", "tracks")
    assert shown.returncode == 0
    assert "TRACKS" in shown.stdout
    demo = run("tabletop_rules.trismaugistus", "demo", "--pack", str(path), "--seed", "2")
    assert demo.returncode == 0
    assert "Game over" in demo.stdout


def test_validate_reads_standard_input_and_refuses_what_is_not_a_pack(tmp_path: Path) -> None:
    """REL-CONTENT-2: `-` is standard input; unreadable input is one problem at `$`, with exit status 1."""
    ok = run(
        "tabletop_rules.trismaugistus", "pack", "validate", "-", stdin=SHIPPED.read_text(encoding="utf-8")
    )
    assert ok.returncode == 0
    assert ok.stdout.startswith("OK: pack fictional-example-v1")
    broken = example()
    broken["automa_cards"][5]["action"]["params"] = {}
    broken["objectives"] = broken["objectives"][:2]
    bad = run("tabletop_rules.trismaugistus", "pack", "validate", "-", stdin=json.dumps(broken))
    assert bad.returncode == 1
    assert bad.stderr.splitlines() == [
        "INVALID: automa_cards[5] (FX-G2).action.params: missing field 'track'",
        "INVALID: pack.objectives: must have at least 4 objectives if any, got 2 (V-12)",
        "2 problems in '-': fix them and run validate again",
    ]
    for text in ("{", "[]", "x" * (loader.MAX_CONTENT_CHARS + 5)):
        refused = run("tabletop_rules.trismaugistus", "pack", "validate", "--json", "-", stdin=text)
        assert refused.returncode == 1
        (row,) = json.loads(refused.stdout)
        assert row["path"] == "$"
        assert len(row["message"]) < 300
    missing = run("tabletop_rules.trismaugistus", "pack", "validate", str(tmp_path / "nope.json"))
    assert missing.returncode == 1
    assert "cannot read" in missing.stderr
    assert len(missing.stderr) < 400
    usage = run("tabletop_rules.trismaugistus", "pack")
    assert usage.returncode == 2
    assert "template" in usage.stderr


# ------------------------------------------------------------------------------------------- the docs

PAGE = Path(__file__).resolve().parents[2] / "docs" / "bring-your-own-cards.md"  # the repository's


def _blocks(page: str) -> list[str]:
    """The fenced blocks without a language (the transcripts) of a docs page."""
    return [block.split("\n", 1)[1] for block in page.split("```")[1::2] if block.startswith("\n")]


def test_the_bring_your_own_cards_page_shows_real_output(tmp_path: Path) -> None:
    """docs/bring-your-own-cards.md: its transcripts are what the commands print."""
    page = PAGE.read_text(encoding="utf-8")
    blank, halfway = (b for b in _blocks(page) if b.startswith("INVALID"))
    path = tmp_path / "my_pack.json"
    path.write_text(tm.pack_template(), encoding="utf-8")
    printed = run(
        "tabletop_rules.trismaugistus", "pack", "validate", path.name, cwd=tmp_path
    ).stderr.splitlines()
    shown = blank.splitlines()
    assert shown[:6] == printed[:6]
    assert shown[-1] == printed[-1]
    data = example()
    data["tracks"][1]["end_vp_by_level"].pop()
    data["automa_cards"][5]["dice"][1]["colour"] = "blu"
    data["difficulty_presets"][0]["removed"].remove("FX-Y9")
    data["experiments"][3]["requirement"]["track"] = "aire"
    data["experiments"][4]["vp"] = None
    half = tmp_path / "half.json"
    half.write_text(json.dumps(data), encoding="utf-8")
    assert run("tabletop_rules.trismaugistus", "pack", "validate", half.name, cwd=tmp_path).stderr == halfway
    assert "wrote a blank pack to 'my_pack.json': fill in every null" in page
    for record in ('"id": "FX-G2"', '"level": 1,', '"id": "FX-E02"'):
        assert record in page


def test_a_loader_refusal_pickles_as_the_plain_library_error() -> None:
    """REL-ERRORS-1: what `pack_from_dict` raises crosses a process boundary as an InvalidContentError."""
    data = example()
    data["automa_cards"][4]["potency_cost"] = 9
    with pytest.raises(InvalidContentError) as caught:
        tm.pack_from_dict(data)
    copied = pickle.loads(pickle.dumps(caught.value))
    assert type(copied) is InvalidContentError
    assert (
        str(copied)
        == str(caught.value)
        == "automa_cards[4] (FX-G1).potency_cost: must be an integer from 1 to 5, got 9"
    )
