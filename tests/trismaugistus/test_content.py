"""Content packs: the loader's checks V-1..V-13 (spec 6.6), the shipped pack, the verification view."""

from __future__ import annotations

import copy
import json
import pickle
import warnings
from pathlib import Path
from typing import Any

import attrs
import pytest

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core.errors import InvalidContentError
from tabletop_rules.trismaugistus.cli import main
from tabletop_rules.trismaugistus.content import (
    FictionalPackWarning,
    load_pack,
    pack_from_dict,
    pack_to_dict,
)
from tabletop_rules.trismaugistus.content.show import format_pack

SHIPPED = Path(tm.__file__).parent / "content" / "data" / "trismaugistus_example_pack.json"


def raw() -> dict[str, Any]:
    return copy.deepcopy(json.loads(SHIPPED.read_text(encoding="utf-8")))


def test_shipped_pack_is_the_fictional_example():  # T-GEN-1
    pack = tm.default_pack()
    assert pack.fictional
    assert pack.note is not None
    assert "FICTIONAL" in pack.note
    assert all(c.id.startswith("FX-") for c in pack.automa_cards)
    assert pack_from_dict(pack_to_dict(pack)) == pack


def test_load_pack_warns_about_fictional_packs(tmp_path: Path):
    with pytest.warns(FictionalPackWarning, match="FICTIONAL"):
        load_pack(SHIPPED)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        load_pack(SHIPPED, warn_fictional=False)
    with pytest.raises(InvalidContentError, match="cannot read"):
        load_pack(tmp_path / "missing.json", warn_fictional=False)


def broken(edit: Any) -> str:
    data = raw()
    edit(data)
    with pytest.raises(InvalidContentError) as info:
        pack_from_dict(data)
    return str(info.value)


def card(data: dict[str, Any], ident: str) -> dict[str, Any]:
    return next(c for c in data["automa_cards"] if c["id"] == ident)


def test_v1_unique_ids():
    assert "FX-E01" in broken(lambda d: d["artifacts"][0].update(id="FX-E01"))


def test_v2_deck_sizes():
    assert "purple" in broken(lambda d: card(d, "FX-P1").update(deck="green"))
    assert "at least 7 yellow cards, got 6" in broken(lambda d: d.update(automa_cards=d["automa_cards"][:-3]))


def test_v3_levels_once():
    assert "levels 1, 2 and 3" in broken(lambda d: d["difficulty_presets"][1].update(level=1))


def test_v4_presets_split_the_cards():
    assert "does not place 'FX-Y9'" in broken(lambda d: d["difficulty_presets"][0]["removed"].remove("FX-Y9"))
    assert "more than once" in broken(lambda d: d["difficulty_presets"][0]["removed"].append("FX-G1"))
    assert "not an automa card" in broken(lambda d: d["difficulty_presets"][0]["removed"].append("FX-Q1"))


def test_v5_purple_always_removed():
    def edit(d: dict[str, Any]) -> None:
        preset = d["difficulty_presets"][2]
        preset["removed"].remove("FX-P1")
        preset["face_up_discard"].append("FX-P1")

    assert "purple card 'FX-P1' (V-5)" in broken(edit)


def test_v6_levels_1_and_2():
    def edit(d: dict[str, Any]) -> None:
        preset = d["difficulty_presets"][0]
        preset["draw_deck"].remove("FX-Y7")
        preset["removed"].append("FX-Y7")

    message = broken(edit)
    assert "difficulty_presets[0] (level 1).draw_deck" in message
    assert "V-6" in message


def test_v7_level_3():
    def edit(d: dict[str, Any]) -> None:
        preset = d["difficulty_presets"][2]
        preset["face_up_discard"].remove("FX-Y9")
        preset["removed"].append("FX-Y9")

    assert "V-7" in broken(edit)


def test_v8_card_sections():
    assert "automa_cards[4] (FX-G1).potency_cost" in broken(lambda d: card(d, "FX-G1").update(potency_cost=7))
    assert "missing field 'action'" in broken(lambda d: card(d, "FX-G1").pop("action"))
    assert "pictured wild die" in broken(lambda d: card(d, "FX-G1")["dice"][0].update(symbol="wild"))
    assert "same symbol and colour twice" in broken(
        lambda d: card(d, "FX-G1")["dice"].append(card(d, "FX-G1")["dice"][0])
    )
    assert ".action.kind" in broken(lambda d: card(d, "FX-G1")["action"].update(kind="steal"))
    assert ".params: missing field 'track'" in broken(lambda d: card(d, "FX-G2")["action"].update(params={}))
    assert ".params" in broken(lambda d: card(d, "FX-G1")["action"].update(params={"track": "fire"}))
    pack_without_purple_sections = raw()
    for key in ("dice", "potency_cost", "action"):
        card(pack_without_purple_sections, "FX-P1").pop(key)
    assert pack_from_dict(pack_without_purple_sections).card["FX-P1"].action is None  # T-RULING-26


def test_v9_tracks():
    assert "track_order" in broken(
        lambda d: d["board"].update(track_order=["earth", "earth", "water", "air"])
    )
    assert "end_vp_by_level" in broken(lambda d: d["tracks"][0]["end_vp_by_level"].pop())
    assert "bonus_spaces[0].kind" in broken(lambda d: d["tracks"][0]["bonus_spaces"][0].update(kind="gold"))
    assert "same level" in broken(lambda d: d["tracks"][0]["bonus_spaces"][1].update(level=2))
    assert "one track for each" in broken(lambda d: d["tracks"][1].update(element="earth"))


def test_v10_requirements_and_values():
    assert "requirement.level" in broken(lambda d: d["experiments"][0]["requirement"].update(level=8))
    assert "experiments[0] (FX-S1).vp" in broken(lambda d: d["experiments"][0].update(vp=-1))
    assert "element_symbols[0]" in broken(lambda d: d["artifacts"][0].update(element_symbols=["aether"]))


def test_v11_formula_table():
    assert "vp_by_count[0]" in broken(
        lambda d: d["formula_scoring"].update(vp_by_count=[1, 1, 3, 6, 10, 15, 21, 28, 36])
    )
    assert "max_formulas + 1" in broken(lambda d: d["formula_scoring"].update(max_formulas=7))
    assert "not be smaller" in broken(
        lambda d: d["formula_scoring"].update(vp_by_count=[0, 1, 3, 2, 10, 15, 21, 28, 36])
    )


def test_v12_objectives():
    assert "at least 4 objectives" in broken(lambda d: d.update(objectives=d["objectives"][:3]))
    data = raw()
    data.pop("objectives")
    pack = pack_from_dict(data)
    assert all(not m.objectives_enabled for m in tm.legal_moves(tm.new_game(pack=pack)))  # type: ignore[union-attr]


def test_v13_fictional_needs_a_note():
    assert "non-empty note" in broken(lambda d: d.pop("note"))


def test_schema_fields():
    assert "pack.schema" in broken(lambda d: d.update(schema="other"))
    assert "schema_version" in broken(lambda d: d.update(schema_version=2))
    assert "unknown field 'colour'" in broken(lambda d: d.update(colour="red"))
    assert "objective_row_size" in broken(lambda d: d["board"].update(objective_row_size=5))
    assert "ids are used in move notation" in broken(lambda d: d["masterpieces"][0].update(id="FX M1"))
    assert "at least 1 masterpiece" in broken(lambda d: d.update(masterpieces=[]))
    with pytest.raises(InvalidContentError, match="not valid JSON"):
        tm.pack_from_json("{")


def test_show_has_every_field():  # spec 6.9
    text = format_pack(tm.default_pack())
    assert "*** FICTIONAL" in text
    assert "AUTOMA CARDS (17: purple 4, green 4, yellow 9)" in text
    assert "FX-G1  green   iron/red  mercury/black" in text
    assert "advance_track(fire)" in text
    assert "TRACKS (top to bottom)" in text
    assert "earth  7    2:ether_die 5:vp_5" in text
    assert "0 0 1 2 4 6 9 12" in text
    assert "PRESETS" in text
    assert "MASTERPIECES" in text
    assert "max 8; VP by count" in text
    assert format_pack(tm.default_pack(), "cards").count("TRACKS") == 0
    with pytest.raises(ValueError, match="section"):
        format_pack(tm.default_pack(), "dice")


def test_cli_validate_and_show(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    assert main(["validate", str(SHIPPED)]) == 0
    assert "OK: pack fictional-example-v1 (FICTIONAL example data) is valid" in capsys.readouterr().out
    bad = raw()
    bad["tracks"][0]["max_level"] = 0
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    assert "INVALID: tracks[0] (earth).max_level" in capsys.readouterr().err
    assert main(["show", "--section", "tracks"]) == 0
    assert "TRACKS" in capsys.readouterr().out
    assert main(["demo", "--seed", "3", "--difficulty", "3", "--objectives"]) == 0
    out = capsys.readouterr().out
    assert "> setup d3" in out
    assert "Game over" in out


def test_own_pack_through_new_game():
    data = raw()
    data["fictional"] = False
    data["pack_id"] = "my-copy"
    data.pop("note")
    pack = pack_from_dict(data)
    state = tm.new_game(pack=pack)
    assert state.pack.pack_id == "my-copy"
    assert "FICTIONAL" not in tm.describe(state)


def test_bad_content_is_an_invalid_content_error():  # V-2, V-13
    data = raw()
    data["automa_cards"] = data["automa_cards"][1:]  # one purple card short
    with pytest.raises(InvalidContentError, match="4 purple cards") as info:
        tm.pack_from_dict(data)
    assert isinstance(info.value, ValueError)
    with pytest.raises(InvalidContentError, match="not valid JSON"):
        tm.pack_from_json('{"schema": ')
    with pytest.raises(InvalidContentError, match="limit"):
        tm.pack_from_json(" " * (tm.MAX_CONTENT_CHARS + 1))
    bad = attrs.evolve(tm.default_pack(), note=None)  # a fictional pack must explain itself
    with pytest.raises(InvalidContentError, match=r"pack\.note"):
        tm.new_game(pack=bad)


def test_packs_are_immutable_and_pickle():
    pack = tm.default_pack()
    with pytest.raises(TypeError):
        pack.card["FX-NEW"] = pack.automa_cards[0]  # type: ignore[index]
    again = pickle.loads(pickle.dumps(pack))
    assert again == pack
    assert hash(again) == hash(pack)
    assert again.card == pack.card
    state = tm.new_game_with_setup("setup d2 exp=FX-S1 art=FX-AS1")
    assert pickle.loads(pickle.dumps(state)) == state
