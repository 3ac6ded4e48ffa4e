"""The card data: the shipped edition and the validating loader (C-COMP-*, C-DATA-*)."""

from __future__ import annotations

import copy
import json
import pathlib
from collections import Counter

import pytest

from tabletop_rules import chrononauts as C
from tabletop_rules.core import InvalidContentError

CARDS = C.default_cards()
RAW = json.loads(CARDS.data_text)


def test_edition_counts():  # C-COMP-2, C-DATA-2, C-DATA-6
    assert len(CARDS.linchpins) == 13
    assert len(CARDS.ripplepoints) == 19
    assert len(CARDS.identities) == 14
    assert len(CARDS.missions) == 10
    assert sum(CARDS.deck_counts) == 80
    kinds = Counter()
    for card_id, count in zip(CARDS.deck, CARDS.deck_counts, strict=True):
        kinds[CARDS.play_cards[card_id].kind] += count
    assert kinds == {"inverter": 20, "patch": 21, "artifact": 15, "timewarp": 10, "action": 14}
    assert 13 + 19 + 14 + 10 + 80 == 136


def test_linchpin_icons_and_ripplepoint_conditions():  # C-COMP-3, C-COMP-5, C-COMP-6, C-STATE-4
    assert [lp.icon for lp in CARDS.linchpins][:3] == ["Lincoln", "Titanic", "Ferdinand"]
    assert str(CARDS.timeline_by_year[1974].paradox_if) == "Lincoln' AND JFK'"
    assert str(CARDS.timeline_by_year[1945].paradox_if) == "Hitler' OR PearlHarbor' OR ManhattanProject'"
    assert CARDS.linchpin_by_icon["JFK"].ripples == (1968, 1969, 1974)  # C-TL-7


def test_condition_evaluation():  # C-STATE-5
    bit = {lp.icon: 1 << lp.bit for lp in CARDS.linchpins}
    and_ = CARDS.timeline_by_year[1974].paradox_if
    or_ = CARDS.timeline_by_year[1969].paradox_if
    assert not and_.holds(bit["JFK"])
    assert and_.holds(bit["JFK"] | bit["Lincoln"])
    assert or_.holds(bit["Sputnik"])
    assert or_.holds(bit["JFK"])
    assert not or_.holds(0)


def test_provenance_is_kept():  # C-DOC-3, C-DATA-5, C-DATA-9
    rows = CARDS.provenance_rows()
    assert len(rows) == 32 + 21 + 6 + 9 + 4 + 15 + 10 + 14
    labels = Counter(r[3] for r in rows if r[0] == "patches")
    assert labels == {"confirmed": 12, "partial": 7, "inferred": 1, "placeholder": 1}
    assert CARDS.by_id["P-1945-B"].source.provenance == "placeholder"
    assert CARDS.by_id["P-1945-C"].source.provenance == "partial"  # the 1941' 'Nazis win' patch
    assert all(CARDS.by_id[r[1]].source.sources for r in rows)
    assert "index:14420269166" in CARDS.by_id["TL-1865"].source.sources


def test_corrected_titles_and_ids_from_the_update():  # C-DATA-5, C-DATA-6 (chrononauts_cards_update)
    squa = CARDS.by_id["ID-02"]
    assert (squa.name, squa.source.name_provenance) == ("Squa Tront", "confirmed")
    assert any(e.year == 1962 and e.patch == "P-1962" for e in squa.home)
    rainbow = CARDS.by_id["ID-14"]
    assert rainbow.name == "Rainbow"
    assert {e.patch for e in rainbow.home if e.state == "patched"} == {"P-1968", "P-1986"}
    assert CARDS.by_id["ID-13"].name == "Yuri"
    assert any(e.patch == "P-1969" for e in CARDS.by_id["ID-13"].home)
    assert CARDS.by_id["P-1986"].source.name_provenance == "confirmed"
    assert CARDS.by_id["ART-VIDEOTAPE-CREATION"].source.name_provenance == "confirmed"
    assert CARDS.by_id["ART-PLACEHOLDER-11"].name == "Crown of Thorns"
    assert not CARDS.warnings  # the edition's ID constraints still hold (C-DATA-6)


def test_placeholders_are_named_as_such():  # C-DATA-6, C-DATA-8
    for row in CARDS.provenance_rows():
        if row[4] == "placeholder":
            assert "unpublished" in row[2] or row[2] in ("Renee", "Yitzchak"), row


def test_card_facts_come_from_data():  # C-DATA-7, C-INV-5, C-INV-3
    inv = {c.id: c for c in CARDS.inverters}
    assert inv["INV-REVERSE-FATE"].count == 9
    assert inv["INV-REVERSE-FATE"].direction == "either"
    assert inv["INV-AVERT-DISASTER"].targets == ("Titanic", "Lusitania", "Hindenburg")
    data = copy.deepcopy(RAW)
    data["inverters"][2]["targets"] = ["Titanic"]
    cards = C.cards_from_dict(data)
    state = C.new_game(players=2, cards=cards)
    assert state.ctx.inverter_targets["INV-AVERT-DISASTER"][0][0] == "Titanic"
    assert len(state.ctx.inverter_targets["INV-AVERT-DISASTER"]) == 1


def test_default_loads_equal_the_file():  # C-DATA-1
    assert C.cards_from_dict(copy.deepcopy(RAW)) == CARDS
    assert C.cards_from_json(CARDS.data_text).digest == CARDS.digest
    with pytest.raises(AttributeError):
        CARDS.edition = "x"  # type: ignore[misc]


def _broken(change):
    data = copy.deepcopy(RAW)
    change(data)
    return data


def _by_id(data, section, card_id):
    return next(r for r in data[section] if r["id"] == card_id)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(schema_version="2.0.0"), "schema_version"),
        (lambda d: _by_id(d, "timeline", "TL-1868")["paradox_if"].update(terms=["Lincon'"]), "TL-1868.*icon"),
        (lambda d: _by_id(d, "timeline", "TL-1868")["paradox_if"].update(terms=["Lincoln"]), "primed"),
        (lambda d: _by_id(d, "timeline", "TL-1868")["paradox_if"].update(op="xor"), "op"),
        (lambda d: _by_id(d, "timeline", "TL-1865").update(ripples=[1868]), "TL-1865.*ripples"),
        (lambda d: _by_id(d, "identities", "ID-03")["home"][0].update(year=1870), "ID-03.*does not exist"),
        (lambda d: _by_id(d, "identities", "ID-03")["home"][1].update(patch="P-1917"), "ID-03"),
        (
            lambda d: _by_id(d, "missions", "MIS-PLACEHOLDER-05")["requires"][0].update(artifact="ART-X"),
            "MIS-PLACEHOLDER-05.*unknown artifact",
        ),
        (lambda d: _by_id(d, "inverters", "INV-SABOTAGE").update(count=2), "inverters.*counts"),
        (lambda d: _by_id(d, "inverters", "INV-SABOTAGE").update(direction="sideways"), "INV-SABOTAGE"),
        (lambda d: _by_id(d, "inverters", "INV-SABOTAGE").update(targets=["Nixon"]), "INV-SABOTAGE.*targets"),
        (lambda d: _by_id(d, "actions", "ACT-TIME-VORTEX").update(effect_key="warp"), "ACT-TIME-VORTEX"),
        (lambda d: _by_id(d, "artifacts", "ART-REX").update(count=2), "ART-REX"),
        (lambda d: _by_id(d, "artifacts", "ART-REX").update(year=1999), "ART-REX.*ultraparadox"),
        (lambda d: _by_id(d, "patches", "P-1868").update(year=1869), "P-1868"),
        (lambda d: _by_id(d, "patches", "P-1868")["playable_if"].update(terms=["Titanic'"]), "P-1868"),
        (lambda d: _by_id(d, "patches", "P-1945-A").update(unstable=False), "TL-1945|P-1945-A"),
        (lambda d: _by_id(d, "patches", "P-1868").update(triggers_ultraparadox=True), "UltraParadox"),
        (lambda d: _by_id(d, "patches", "P-1868").update(provenance="rumour"), "P-1868.*provenance"),
        (lambda d: _by_id(d, "patches", "P-1868").update(sources=[]), "P-1868.*sources"),
        (lambda d: d["identities"].pop(), "14 IDs"),
        (lambda d: d["timeline"].pop(), "timeline"),
        (lambda d: d["edition"]["counts"].update(play_deck=81), "play_deck"),
        (lambda d: _by_id(d, "missions", "MIS-PLACEHOLDER-05")["requires"].pop(), "three slots"),
        (lambda d: _by_id(d, "actions", "ACT-SELL-AN-ARTIFACT")["params"].update(draw=-1), "params.draw"),
    ],
)
def test_loader_rejects_inconsistent_cards(change, message):  # C-DATA-3, C-DATA-4
    with pytest.raises(InvalidContentError, match=message):
        C.cards_from_dict(_broken(change))


def test_identity_must_be_satisfiable():  # C-DATA-4 (10)
    def change(d):
        home = _by_id(d, "identities", "ID-01")["home"]
        home[0] = {"year": 1933, "state": "true"}  # 1933 true needs Lusitania true; 1917' needs it alt

    with pytest.raises(InvalidContentError, match=r"ID-01.*satisfied"):
        C.cards_from_dict(_broken(change))


def test_user_card_list_from_a_file(tmp_path):  # C-DATA-7
    path = tmp_path / "printed.json"
    path.write_text(json.dumps(RAW), encoding="utf-8")
    cards = C.load_cards(path)
    assert cards == CARDS
    state = C.new_game(C.Options(card_data_path=str(path)), players=2)
    assert state.cards == CARDS
    renamed = copy.deepcopy(RAW)
    _by_id(renamed, "artifacts", "ART-REX")["name"] = "Rex, as printed at home"
    own = tmp_path / "own.json"
    own.write_text(json.dumps(renamed), encoding="utf-8")
    state = C.new_game(C.Options(card_data_path=str(own)), players=2)  # the options' card list is loaded
    assert state.cards == C.load_cards(own) != CARDS
    assert state.cards.name("ART-REX") == "Rex, as printed at home"
    with pytest.raises(InvalidContentError):
        C.load_cards(tmp_path / "missing.json")
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    with pytest.raises(InvalidContentError):
        C.load_cards(tmp_path / "bad.json")


def test_edition_constraints_are_warnings_only():  # C-DATA-7
    data = copy.deepcopy(RAW)
    _by_id(data, "identities", "ID-03")["home"][0] = {"year": 1865, "state": "alt"}
    cards = C.cards_from_dict(data)
    assert any("ID-03" in w for w in cards.warnings)


def test_card_list_files_are_checked(tmp_path: pathlib.Path):
    path = tmp_path / "cards.json"
    text = C.default_cards().data_text
    path.write_text(text.replace('"count":9', '"count":"nine"', 1), encoding="utf-8")
    with pytest.raises(InvalidContentError, match="card data"):
        C.load_cards(path)
    with pytest.raises(InvalidContentError, match="cannot read"):
        C.load_cards(tmp_path / "missing.json")
    path.write_text(text, encoding="utf-8")
    assert C.load_cards(path) == C.default_cards()
