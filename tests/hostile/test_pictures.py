"""Hostile arguments against the pictures: `render_svg` of every game that draws, `_repr_svg_`, `core.svg`.

Every argument is checked by exact type and range before anything is drawn (REL-PICTURES-1); the text
inside a picture, however odd, gives well-formed XML (REL-PICTURES-2); the SVG writer refuses what
would make a malformed document (REL-PICTURES-3). Only the library's typed errors may escape.
"""

from __future__ import annotations

import json
import math
import random
import re
import xml.etree.ElementTree as ET
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop_rules import chrononauts, trismaugistus, valandris
from tabletop_rules.chrononauts.context import make_context
from tabletop_rules.chrononauts.render import render_svg as chrononauts_svg
from tabletop_rules.core import evolve, random_playout
from tabletop_rules.core.errors import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidRequestError,
    InvalidStateError,
    TabletopRulesError,
)
from tabletop_rules.core.svg import (
    MAX_SIZE,
    MIN_SIZE,
    SvgDocument,
    attributes_text,
    escape,
    number,
    render_state,
)
from tabletop_rules.valandris.render import move_endpoints
from tabletop_rules.valandris.render import render_svg as valandris_svg

FEW = settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


class IntSub(int):
    pass


class FloatSub(float):
    pass


class StrSub(str):
    pass


def _numpy_values() -> list[Any]:
    try:
        import numpy as np
    except ImportError:  # pragma: no cover
        return []
    return [np.int64(0), np.float64(960.0), np.bool_(True)]


NUMPY = _numpy_values()
VALANDRIS = valandris.from_position(
    leviathan="A0", unicorn="E0", archangel="H0", valandris="H19",
    seals=["E6", "E7", "E8", "E9", "E10"], declared="archangel",
)  # fmt: skip
CHRONONAUTS = random_playout(chrononauts, 4, initial=chrononauts.new_game(players=3), max_moves=200).final
TRISMAUGISTUS = random_playout(trismaugistus, 4, max_moves=60).final

BAD_SIZES = [
    True, False, 0, -1, MIN_SIZE - 1, MAX_SIZE + 1, 0.5, math.nan, math.inf, -math.inf, 1e9, 10**400,
    "960", None, Decimal("960"), Fraction(960), 960j, IntSub(960), FloatSub(960.0), [960], *NUMPY,
]  # fmt: skip
GOOD_SIZES = [MIN_SIZE, 480, 480.5, 960.0, MAX_SIZE, float(MAX_SIZE)]
BAD_VIEWERS = [
    3, -1, 10**100, True, False, 1.0, math.nan, "0", "", b"0", IntSub(0), [0], (0,), {0: 0}, object(),
    "P" * 100_000, *NUMPY,
]  # fmt: skip
BAD_LAST_MOVES = [
    [0, 1], (0,), (0, 1, 2), (), (0, 52), (-1, 0), (0, 10**100), ("Z9", "H0"), ("H0", "H20"),
    ("H0" * 10_000, "H0"), (" H0", "H1"), ("H0\x00", "H1"), (True, 0), (0, False), (0.0, 1),
    (IntSub(0), 1), (StrSub("H0"), "H1"), "H0-H1", {0: 1}, (None, None), 0, object(),
    *((v, 0) for v in NUMPY),
]  # fmt: skip


def _typed_only(call: Any, *errors: type[Exception]) -> None:
    """`call()` raises one of `errors` (library errors all), and nothing else."""
    assert all(issubclass(e, TabletopRulesError) for e in errors)
    with pytest.raises(errors):
        call()


@pytest.mark.parametrize("size", BAD_SIZES, ids=repr)
def test_a_bad_size_is_an_option_error_in_every_game(size: Any) -> None:
    """REL-PICTURES-1: `size` is an int or a finite float in MIN_SIZE..MAX_SIZE, checked exactly."""
    _typed_only(lambda: valandris_svg(VALANDRIS, size=size), InvalidOptionError)
    _typed_only(lambda: chrononauts_svg(CHRONONAUTS, size=size), InvalidOptionError)
    _typed_only(lambda: chrononauts_svg(CHRONONAUTS, player=0, size=size), InvalidOptionError)
    _typed_only(lambda: trismaugistus.render_svg(TRISMAUGISTUS, size=size), InvalidOptionError)


@pytest.mark.parametrize("size", GOOD_SIZES)
def test_sizes_in_range_scale_the_picture_and_keep_the_drawing(size: float) -> None:
    """REL-PICTURES-1: both ints and floats are sizes; the viewBox does not change with them."""
    for text, box in (
        (valandris_svg(VALANDRIS, size=size), "0 0 960 640"),
        (chrononauts_svg(CHRONONAUTS, size=size), None),
        (trismaugistus.render_svg(TRISMAUGISTUS, size=size), None),
    ):
        root = ET.fromstring(text)
        assert float(root.get("width") or 0) == pytest.approx(size, abs=0.01)
        if box is not None:
            assert root.get("viewBox") == box
    default = ET.fromstring(chrononauts_svg(CHRONONAUTS))
    assert ET.fromstring(chrononauts_svg(CHRONONAUTS, size=size)).get("viewBox") == default.get("viewBox")


@FEW
@given(
    size=st.floats() | st.integers() | st.booleans() | st.decimals() | st.fractions() | st.text(max_size=5)
)
def test_any_size_is_drawn_or_refused_by_its_range(size: Any) -> None:
    """REL-PICTURES-1: a size is drawn exactly when it is an int or a float in MIN_SIZE..MAX_SIZE."""
    fits = type(size) in (int, float) and MIN_SIZE <= size <= MAX_SIZE
    try:
        text = valandris_svg(VALANDRIS, size=size)
    except InvalidOptionError:
        assert not fits
    else:
        assert fits
        assert float(ET.fromstring(text).get("width") or 0) == pytest.approx(size, abs=0.01)


@pytest.mark.parametrize("viewer", BAD_VIEWERS, ids=lambda v: repr(v)[:20])
def test_a_viewer_that_is_no_seat_is_a_request_error(viewer: Any) -> None:
    """REL-VIEWS-2: a viewer that is neither a seat nor None is refused with InvalidRequestError."""
    for call in (
        lambda: chrononauts_svg(CHRONONAUTS, player=viewer),
        lambda: chrononauts.observation(CHRONONAUTS, viewer),
        lambda: chrononauts.information_state_string(CHRONONAUTS, viewer),
        lambda: chrononauts.view_json(CHRONONAUTS, viewer),
        lambda: chrononauts.resample_from_infostate(CHRONONAUTS, viewer, random.Random(0)),
    ):
        with pytest.raises(InvalidRequestError) as caught:
            call()
        assert len(str(caught.value)) < 200  # the message names the viewer by `brief`, never whole


@pytest.mark.parametrize("last_move", BAD_LAST_MOVES, ids=lambda v: repr(v)[:20])
def test_a_bad_last_move_is_an_option_error(last_move: Any) -> None:
    """REL-PICTURES-1: `last_move` is None or a tuple of two squares (exact ints 0..51 or names)."""
    with pytest.raises(InvalidOptionError, match="last_move") as caught:
        valandris_svg(VALANDRIS, last_move=last_move)
    assert len(str(caught.value)) < 200


def test_last_move_squares_are_indices_or_names_in_any_case() -> None:
    """REL-PICTURES-1: the documented forms of `last_move` are all accepted, and agree."""
    by_index = valandris_svg(VALANDRIS, last_move=(0, 33))
    assert by_index == valandris_svg(VALANDRIS, last_move=("H0", valandris.NAMES[33]))
    assert by_index == valandris_svg(VALANDRIS, last_move=("h0", valandris.NAMES[33].lower()))
    assert by_index == valandris_svg(VALANDRIS, last_move=(0, valandris.NAMES[33]))


@pytest.mark.parametrize("flag", [1, 0, None, "yes", "", [], 1.0, IntSub(1), *NUMPY[-1:]], ids=repr)
def test_a_flag_must_be_exactly_a_bool(flag: Any) -> None:
    """REL-PICTURES-1: `vertex_names` is exactly True or False."""
    with pytest.raises(InvalidOptionError, match="vertex_names"):
        valandris_svg(VALANDRIS, vertex_names=flag)


def _forged_states() -> list[Any]:
    return [
        evolve(VALANDRIS, creatures=(99, 0, 1)),
        evolve(VALANDRIS, creatures=(0,)),
        evolve(VALANDRIS, sealed=-1),
        evolve(VALANDRIS, demon=10**100),
        evolve(VALANDRIS, turn=-5),
    ]


@pytest.mark.parametrize(
    "state", [None, "state", {}, 0, CHRONONAUTS, trismaugistus.new_game(), object(), *_forged_states()],
    ids=lambda s: type(s).__name__,
)  # fmt: skip
def test_what_is_not_a_valid_valandris_state_is_a_state_error(state: Any) -> None:
    """REL-PICTURES-1: the state is exactly a State of the game that `validate` accepts."""
    _typed_only(lambda: valandris_svg(state), InvalidStateError)
    _typed_only(lambda: move_endpoints(state, valandris.Roll(1)), InvalidStateError)


def test_what_is_not_a_valid_chrononauts_state_is_a_state_error() -> None:
    """REL-PICTURES-1: Chrononauts draws only its own valid states, whatever the viewer."""
    forged = [
        evolve(CHRONONAUTS, hands=((),) * CHRONONAUTS.players),  # cards vanish
        evolve(CHRONONAUTS, active=99),
        evolve(CHRONONAUTS, status=("nonsense",) * len(CHRONONAUTS.status)),
        evolve(CHRONONAUTS, stack=()),
    ]
    for state in [None, "state", VALANDRIS, trismaugistus.new_game(), *forged]:
        for player in (None, 0):
            _typed_only(lambda s=state, p=player: chrononauts_svg(s, player=p), InvalidStateError)
    for state in [None, "state", VALANDRIS, trismaugistus.new_game()]:  # views check the state's type
        for player in (None, 0):
            _typed_only(lambda s=state, p=player: chrononauts.observation(s, p), InvalidStateError)
            _typed_only(
                lambda s=state, p=player: chrononauts.information_state_string(s, p), InvalidStateError
            )


def test_what_is_not_a_valid_trismaugistus_state_is_a_state_error() -> None:
    """REL-PICTURES-1: Trismaugistus draws only its own valid states."""
    forged = [
        evolve(TRISMAUGISTUS, round=99),
        evolve(TRISMAUGISTUS, automa=evolve(TRISMAUGISTUS.automa, ether=-1)),
        evolve(TRISMAUGISTUS, board=evolve(TRISMAUGISTUS.board, bowls=((6, 0, 0),) * 6)),
    ]
    for state in [None, "state", {}, 0, VALANDRIS, CHRONONAUTS, object(), *forged]:
        _typed_only(lambda s=state: trismaugistus.render_svg(s), InvalidStateError)


def test_move_endpoints_takes_only_a_legal_move() -> None:
    """REL-PICTURES-1: `move_endpoints` refuses forged moves and moves not legal where they are played."""
    with pytest.raises(InvalidMoveError):
        move_endpoints(VALANDRIS, "L A0-A1")  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError):
        move_endpoints(VALANDRIS, valandris.Step(True))  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        move_endpoints(VALANDRIS, valandris.Place(valandris.Piece.LEVIATHAN, 3))
    step = valandris.parse_move(VALANDRIS, "L A0-A1")
    assert move_endpoints(VALANDRIS, step) == (valandris.vertex_index("A0"), valandris.vertex_index("A1"))


def test_jupyter_pictures_go_through_the_same_checks() -> None:
    """REL-PICTURES-1: `_repr_svg_` draws the public picture; `render_state` refuses what has none."""
    assert VALANDRIS._repr_svg_() == valandris_svg(VALANDRIS)
    assert CHRONONAUTS._repr_svg_() == chrononauts_svg(CHRONONAUTS)
    assert TRISMAUGISTUS._repr_svg_() == trismaugistus.render_svg(TRISMAUGISTUS)
    with pytest.raises(InvalidStateError):
        evolve(VALANDRIS, creatures=(99, 0, 1))._repr_svg_()
    with pytest.raises(InvalidStateError):
        evolve(TRISMAUGISTUS, round=99)._repr_svg_()
    for other in (trismaugistus.new_game().automa, None, 3, "x" * 10**6):
        with pytest.raises(InvalidStateError, match="no picture") as caught:
            render_state(other)
        assert len(str(caught.value)) < 200


# ---------------------------------------------------------------------------------------- odd text

_TEXT = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",)),  # the card loader refuses lone surrogates
    min_size=1,
    max_size=100,
)
_NAMED = ("timeline", "patches", "inverters", "actions", "timewarps", "artifacts", "missions", "identities")


def _cards_named(odd: str) -> chrononauts.CardSet:
    """The shipped card list with every name, headline and the edition replaced by `odd` (numbered)."""
    data = json.loads(chrononauts.default_cards().data_text)
    data["edition"]["name"] = odd
    for kind in _NAMED:
        for i, record in enumerate(data[kind]):
            for field in ("name", "headline", "true_headline", "alt_headline"):
                if field in record:
                    record[field] = f"{odd}|{kind}{i}"
    return chrononauts.cards_from_dict(data)


def _shown(text: str) -> str:
    """What XML keeps of `text`, white space aside: the characters XML 1.0 forbids become U+FFFD."""
    kept = "".join(
        c if c in "\t\n\r" or "\x20" <= c <= "\ud7ff" or "\ue000" <= c <= "\ufffd" or c > "\uffff"
        else "\ufffd"
        for c in text
    )  # fmt: skip
    return re.sub(r"\s", "", kept)


_WRAP_SPACE = str.maketrans("", "", "\t\n\x0b\x0c\r ")


def _structure(text: str) -> tuple[list[str], str]:
    """The elements of a picture but its text lines (whose count follows the wrapping), and its words."""
    root = ET.fromstring(text)  # well-formed, or this raises
    tags = [e.tag for e in root.iter() if not e.tag.endswith("}text")]
    words = "".join("".join(e.itertext()) for e in root.iter() if e.tag.endswith("}text"))
    return tags, re.sub(r"\s", "", words)


@FEW
@given(odd=_TEXT, seed=st.integers(0, 2**16))
def test_any_card_text_gives_a_well_formed_picture(odd: str, seed: int) -> None:
    """REL-PICTURES-2: card names, headlines and the edition (any text the loader accepts) are escaped.

    The picture parses, has exactly the elements of the same position drawn with the shipped names
    (no text became markup), and shows the text (a short one whole; a long one is cut to fit).
    """
    cards = _cards_named(odd)
    start = chrononauts.new_game(players=3, cards=cards)
    final = random_playout(chrononauts, seed, initial=start, max_moves=120).final
    plain_ctx = make_context(chrononauts.default_cards(), final.options, final.players)
    for state in (start, final):
        plain = evolve(state, ctx=plain_ctx)
        for player in (None, 0, 1, 2):
            tags, words = _structure(chrononauts_svg(state, player=player))
            assert tags == _structure(chrononauts_svg(plain, player=player))[0]
            if len(odd) <= 10:  # headlines are wrapped: textwrap's white space (\f, \v too) is cut
                assert f"{_shown(odd.translate(_WRAP_SPACE))}|timeline" in words
    assert len(repr(cards)) < 200
    assert len(repr(final)) < 200


@FEW
@given(odd=st.text(max_size=300))
def test_the_writer_escapes_any_text_into_well_formed_xml(odd: str) -> None:
    """REL-PICTURES-2: title, description, text and attribute values may hold any str at all."""
    doc = SvgDocument(100, 50, title=odd, description=odd)
    doc.text(odd, x=1, y=2, class_="odd", data_label=odd)
    root = ET.fromstring(doc.to_string())
    (node,) = (e for e in root.iter() if e.get("class") == "odd")
    assert re.sub(r"\s", "", "".join(node.itertext())) == _shown(odd)
    assert re.sub(r"\s", "", node.get("data-label") or "") == _shown(odd)
    assert node.get("data-label") == "".join(node.itertext())


@pytest.mark.parametrize(
    "call",
    [
        lambda: number(True),
        lambda: number(math.nan),
        lambda: number(math.inf),
        lambda: number(10**400),
        lambda: number(1e300),
        lambda: number("1"),  # type: ignore[arg-type]
        lambda: number(Decimal(1)),  # type: ignore[arg-type]
        lambda: escape(b"x"),  # type: ignore[arg-type]
        lambda: escape(None),  # type: ignore[arg-type]
        lambda: escape(StrSub("x")),
        lambda: attributes_text({"flag": True}),
        lambda: attributes_text({"x": math.nan}),
        lambda: attributes_text({"x": [1]}),  # type: ignore[dict-item]
        lambda: attributes_text({'a="1" onload': "x"}),
        lambda: attributes_text({"": "x"}),
        lambda: attributes_text({3: "x"}),  # type: ignore[dict-item]
        lambda: SvgDocument(0, 10, title="t"),
        lambda: SvgDocument(math.nan, 10, title="t"),
        lambda: SvgDocument(10, 10**400, title="t"),
        lambda: SvgDocument(True, 10, title="t"),
        lambda: SvgDocument(10, 10, title=None),  # type: ignore[arg-type]
        lambda: SvgDocument(10, 10, title="t", pixel_width=-1),
        lambda: SvgDocument(10, 10, title="t").element("a b"),
        lambda: SvgDocument(10, 10, title="t").element("x><script"),
        lambda: SvgDocument(10, 10, title="t").element("circle", 5),  # type: ignore[arg-type]
        lambda: SvgDocument(10, 10, title="t").raw(None),  # type: ignore[arg-type]
    ],
)
def test_the_writer_refuses_what_would_break_the_document(call: Any) -> None:
    """REL-PICTURES-3: `core.svg` raises InvalidOptionError for any argument that is not as documented."""
    with pytest.raises(InvalidOptionError) as caught:
        call()
    assert len(str(caught.value)) < 200


def test_a_document_whose_size_went_bad_is_refused() -> None:
    """REL-PICTURES-3: a height set after the start is checked when the document is written."""
    doc = SvgDocument(10, 10, title="t")
    doc.height = math.inf
    with pytest.raises(InvalidOptionError):
        doc.to_string()
    doc.height = 20
    assert ET.fromstring(doc.to_string()).get("viewBox") == "0 0 10 20"
