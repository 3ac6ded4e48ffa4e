"""Trismaugistus positions as SVG pictures: the automa's side of the table (standard library only).

`render_svg(state)` draws what the engine believes is on the table, so that a
player can hold the picture against the physical board (a second screen next
to the table companion): the six bowls with their dice and potency (B-4) and
the experiment area of each, the artifact offers, the automa's tracker card
(the active die with its placed and remaining potency, the exhausted dice, the
dice used this round, gold, ether dice and VP), its four mastery tracks in the
board's order (the marker's level, the bonus tokens, the spaces with an
elemental symbol, the tie-break cube), the automa card being resolved or on
top of the discard pile, the draw and discard piles, what the automa has
collected, the objective row, the round and, at the end, the final score.

Trismaugistus hides nothing, so there is no viewer: every picture is public.
Every piece of pack text (ids, experiment types, card labels, objective
titles, the pack id) is escaped by `core.svg` and cut to fit. Elements a front
end may click carry `data-*` hooks: `data-bowl` (a face), `data-die`
(`face/colour`), `data-card` (an automa card, experiment, artifact or
masterpiece id), `data-offer` (a colour), `data-track` (an element, with
`data-level`), `data-pile` (`draw`, `discard`), `data-objective` (a position).

```python
from tabletop_rules import trismaugistus as tm

state = tm.new_game_with_setup("setup d2 exp=FX-S2 art=FX-AS3")
svg_text = tm.render_svg(state, size=640)
```
"""

from __future__ import annotations

from typing import Final

from tabletop_rules.core.errors import InvalidStateError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.svg import SvgDocument, check_size
from tabletop_rules.trismaugistus.content.records import AutomaCard, Pack
from tabletop_rules.trismaugistus.scoring import winner
from tabletop_rules.trismaugistus.state import State
from tabletop_rules.trismaugistus.validation import validate
from tabletop_rules.trismaugistus.views import describe
from tabletop_rules.trismaugistus.vocabulary import COLOURS, DICE_PER_ROUND, ELEMENT_INDEX, FACES

__all__ = ["render_svg"]

WIDTH: Final = 1000
_LEFT: Final = 20
_INNER: Final = WIDTH - 2 * _LEFT
_COLUMN: Final = 152  # a bowl and its experiment area
_GAP: Final = (_INNER - 6 * _COLUMN) / 5
_AREA_SHOWN: Final = 5  # experiment cards drawn per area; more are counted
_OFFER_SHOWN: Final = 4  # artifacts drawn per colour
_LIST_SHOWN: Final = 14  # ids drawn in a list (collected cards, piles)
_MAX_POTENCY: Final = 5
_TRACK_ROW: Final = 46

_DIE_FILL: Final = {"red": "#c0392b", "white": "#fdfefe", "black": "#1c2833"}
_DIE_INK: Final = {"red": "#ffffff", "white": "#1c2833", "black": "#ffffff"}
_ELEMENT_INK: Final = {"earth": "#7e5109", "fire": "#d35400", "water": "#1f618d", "air": "#7d3c98"}
_BONUS_TEXT: Final = {"ether_die": "+ether", "vp_5": "+5VP", "advance_nearest": "nearest"}
_DECK_FILL: Final = {"purple": "#e8daef", "green": "#d5f5e3", "yellow": "#fcf3cf"}
_FACE_LETTER: Final = {"lead": "Pb", "tin": "Sn", "iron": "Fe", "copper": "Cu", "mercury": "Hg", "wild": "*"}
_GREY: Final = "#566573"
_CARD_STROKE: Final = "#aab7b8"


def render_svg(state: State, *, size: float = WIDTH) -> str:
    """A picture of the automa's side of a Trismaugistus table, as SVG text.

    The same state and size always give the same text. Every argument is checked, by exact type
    and range, before anything is drawn.

    Args:
        state: any valid state (`validate`): before setup, during play, at final scoring, over.
        size: the picture's displayed width in pixels, an `int` or a finite `float` in
            `core.svg.MIN_SIZE..MAX_SIZE` (16..16,384); the `viewBox` stays the same.

    Returns:
        The SVG document.

    Raises:
        InvalidStateError: if `state` is not a valid Trismaugistus `State`.
        InvalidOptionError: if `size` is not as described (a `bool`, `NaN`, `0`, `1e9`).
    """
    if type(state) is not State:
        raise InvalidStateError(f"expected a trismaugistus State, not {brief(state)}")
    validate(state)
    check_size(size)
    pack = state.pack
    title = _title(state)
    doc = SvgDocument(WIDTH, 800, title=title, description=describe(state), font_size=13, pixel_width=size)
    doc.text(title, x=_LEFT, y=34, font_size=22, font_weight="bold", class_="title")
    doc.text(_status(state), x=_LEFT, y=58, font_size=15, class_="phase", data_phase=state.phase)
    fictional = " \u2014 FICTIONAL example data, not the printed game" if pack.fictional else ""
    doc.text(f"pack {_cut(pack.pack_id, 60)}{fictional}", x=_LEFT, y=78,
             fill="#943126" if fictional else _GREY, class_="pack")  # fmt: skip
    y = 92.0
    if state.phase == "setup":
        doc.text("Waiting for the setup report (setup dN exp=ID art=ID).", x=_LEFT, y=y + 24)
        y += 40
    else:
        y = _scoreboard(doc, state, y + 8)
        y = _bowls(doc, state, y + 12)
        y = _offers(doc, state, y + 10)
        y = _tracker(doc, state, y + 14)
        y = _tracks(doc, state, y + 10)
        y = _cards(doc, state, y + 14)
        y = _collected(doc, state, y + 10)
        if state.board.objectives:
            y = _objectives(doc, state, y + 10)
        if state.score is not None:
            y = _final_score(doc, state, y + 12)
    doc.height = y + 16
    return doc.to_string()


# --- text helpers ------------------------------------------------------------------------------------


def _cut(text: str, limit: int) -> str:
    """`text` on one line, at most `limit` characters (an ellipsis marks a cut)."""
    one = " ".join(text.split())
    return one if len(one) <= limit else one[: limit - 1] + "\u2026"


def _ids(ids: tuple[str, ...] | list[str], limit: int = _LIST_SHOWN) -> str:
    if not ids:
        return "none"
    shown = ", ".join(ids[:limit])
    return shown if len(ids) <= limit else f"{shown} and {len(ids) - limit} more"


def _title(state: State) -> str:
    if state.phase == "setup":
        return "Trismaugistus: before setup"
    modules = " with objectives" if state.objectives_enabled else ""
    where = "final" if state.phase == "over" else f"round {state.round}, turn {state.turn + 1}"
    return f"Trismaugistus, difficulty {state.difficulty}{modules}: {where}"


def _status(state: State) -> str:
    """What the engine waits for next, in words."""
    if state.phase == "setup":
        return "Setup: the human reports the difficulty and the automa's starting cards."
    if state.phase == "over":
        total = state.score.total if state.score is not None else 0
        return f"Game over: the automa scores {total}."
    if state.phase == "scoring":
        return "Final scoring: waiting for the masterpiece the automa draws."
    if state.phase == "round_start":
        return f"Round {state.round}: waiting for the report of the dice rolled into the bowls."
    pending = state.pending
    if pending is not None:
        waiting = {
            "card": "the automa card turned up",
            "objective_die": "the black die",
            "artifact_die": "the artifact die",
            "masterpiece": "the masterpiece drawn",
        }[pending.kind]
        return f"The automa's turn: waiting for {waiting}."
    if state.to_move == "human":
        return "The human's turn: report what you do on the table."
    return "The automa's turn."


# --- sections ----------------------------------------------------------------------------------------


def _scoreboard(doc: SvgDocument, state: State, y: float) -> float:
    """Round, first player, who has finished, and the automa's VP, gold and ether."""
    automa = state.automa
    first = "human" if state.first_player == "human" else "automa"
    finished = {
        (False, False): "nobody", (True, False): "human", (False, True): "automa", (True, True): "both",
    }[(state.human_finished, state.automa_finished)]  # fmt: skip
    items = [
        ("round", f"{state.round} / 3"),
        ("first player", first),
        ("finished the round", finished),
        ("automa VP", str(automa.vp)),
        ("gold", str(automa.gold)),
        ("ether dice", str(automa.ether)),
        ("human dice", f"{state.human_dice} / {DICE_PER_ROUND}"),
    ]
    width = _INNER / len(items)
    with doc.group(class_="scoreboard", data_round=str(state.round), data_vp=str(automa.vp),
                   data_gold=str(automa.gold), data_ether=str(automa.ether)):  # fmt: skip
        for i, (label, value) in enumerate(items):
            x = _LEFT + i * width
            doc.element("rect", x=x, y=y, width=width - 6, height=44, rx=6, fill="#f4f6f6", stroke="#d5d8dc")
            doc.text(label, x=x + 8, y=y + 16, font_size=11, fill=_GREY)
            doc.text(value, x=x + 8, y=y + 36, font_size=17, font_weight="bold", class_="value")
    return y + 44


def _die(doc: SvgDocument, x: float, y: float, face: str, colour: str, side: float = 20) -> None:
    """One die: its colour, and its face's letters."""
    doc.element("rect", x=x, y=y, width=side, height=side, rx=4, fill=_DIE_FILL[colour], stroke="#17202a",
                class_="die", data_die=f"{face}/{colour}")  # fmt: skip
    doc.text(_FACE_LETTER[face], x=x + side / 2, y=y + side / 2 + 4, text_anchor="middle",
             font_size=side * 0.5, fill=_DIE_INK[colour])  # fmt: skip


def _bowls(doc: SvgDocument, state: State, y: float) -> float:
    """The six bowls (dice per colour, potency) with the experiment area under each; returns the y below."""
    pack = state.pack
    board = state.board
    area_faces = set(pack.board.experiment_area_faces)
    doc.text("Bowls and experiment areas", x=_LEFT, y=y + 14, font_size=16, font_weight="bold")
    top = y + 24
    bottom = top
    for column, face in enumerate(FACES):
        x = _LEFT + column * (_COLUMN + _GAP)
        counts = board.bowls[column]
        potency = sum(counts)
        with doc.group(class_="bowl", data_bowl=face, data_potency=str(potency)):
            doc.element("rect", x=x, y=top, width=_COLUMN, height=74, rx=16, fill="#ebf5fb", stroke="#5dade2",
                        stroke_width=1.5)  # fmt: skip
            doc.text(face, x=x + 10, y=top + 18, font_weight="bold")
            doc.text(f"potency {potency}", x=x + _COLUMN - 10, y=top + 18, text_anchor="end", font_size=12,
                     fill=_GREY, class_="potency")  # fmt: skip
            n = 0
            for colour, count in zip(COLOURS, counts, strict=True):
                for _ in range(count):
                    _die(doc, x + 10 + n * 27, top + 34, face, colour, 22)
                    n += 1
            if not n:
                doc.text("empty", x=x + 10, y=top + 50, fill=_GREY, font_style="italic")
        cards = board.areas[column]
        card_y = top + 82
        with doc.group(class_="experiment-area", data_area=face):
            if face not in area_faces and not cards:
                doc.text("no experiment area", x=x + 4, y=card_y + 14, font_size=11, fill=_GREY)
                card_y += 20
            for experiment_id in cards[:_AREA_SHOWN]:
                _experiment_card(doc, pack, experiment_id, x, card_y)
                card_y += 58
            if len(cards) > _AREA_SHOWN:
                doc.text(f"and {len(cards) - _AREA_SHOWN} more", x=x + 4, y=card_y + 12, font_size=11)
                card_y += 18
            if face in area_faces and not cards:
                doc.text("area empty", x=x + 4, y=card_y + 14, font_size=11, fill=_GREY)
                card_y += 20
        bottom = max(bottom, card_y)
    return bottom


def _experiment_card(doc: SvgDocument, pack: Pack, experiment_id: str, x: float, y: float) -> None:
    e = pack.experiment[experiment_id]
    with doc.group(class_="experiment", data_card=e.id):
        doc.element("rect", x=x, y=y, width=_COLUMN, height=52, rx=5, fill="#fdfefe", stroke=_CARD_STROKE)
        doc.text(_cut(e.id, 16), x=x + 7, y=y + 15, font_weight="bold", font_size=12)
        doc.text(f"{e.vp} VP", x=x + _COLUMN - 7, y=y + 15, text_anchor="end", font_size=12)
        doc.text(_cut(e.type, 22), x=x + 7, y=y + 30, font_size=11, fill=_GREY, class_="type")
        req = e.requirement
        symbols = " ".join(s[0].upper() for s in e.element_symbols)
        doc.text(f"needs {req.track} {req.level}", x=x + 7, y=y + 45, font_size=11,
                 fill=_ELEMENT_INK[req.track])  # fmt: skip
        if symbols:
            doc.text(symbols, x=x + _COLUMN - 7, y=y + 45, text_anchor="end", font_size=11, fill=_GREY)


def _offers(doc: SvgDocument, state: State, y: float) -> float:
    """The artifact offer of each colour, in slot order; returns the y below."""
    pack = state.pack
    doc.text("Artifact offers", x=_LEFT, y=y + 14, font_size=16, font_weight="bold")
    top = y + 24
    width = (_INNER - 2 * 12) / 3
    for i, (colour, ids) in enumerate(zip(COLOURS, state.board.offers, strict=True)):
        x = _LEFT + i * (width + 12)
        with doc.group(class_="offer", data_offer=colour):
            doc.element("rect", x=x, y=top, width=14, height=14, rx=3, fill=_DIE_FILL[colour],
                        stroke="#17202a")  # fmt: skip
            doc.text(colour, x=x + 20, y=top + 12, font_weight="bold")
            if not ids:
                doc.text("no artifact on offer", x=x + 80, y=top + 12, fill=_GREY, font_size=12)
            slot_width = (width - 80) / _OFFER_SHOWN
            for slot, artifact_id in enumerate(ids[:_OFFER_SHOWN]):
                a = pack.artifact[artifact_id]
                sx = x + 70 + slot * slot_width
                with doc.group(class_="artifact", data_card=a.id, data_slot=str(slot + 1)):
                    doc.element("rect", x=sx, y=top - 4, width=slot_width - 4, height=36, rx=4,
                                fill="#fdfefe", stroke=_CARD_STROKE)  # fmt: skip
                    doc.text(_cut(a.id, 10), x=sx + 4, y=top + 10, font_size=11, font_weight="bold")
                    symbols = " ".join(s[0].upper() for s in a.element_symbols) or "-"
                    doc.text(symbols, x=sx + 4, y=top + 25, font_size=10, fill=_GREY)
            if len(ids) > _OFFER_SHOWN:
                doc.text(f"+{len(ids) - _OFFER_SHOWN}", x=x + width - 4, y=top + 12, text_anchor="end")
    return top + 34


def _tracker(doc: SvgDocument, state: State, y: float) -> float:
    """The automa's tracker card: the active die on its potency space, the exhausted dice; returns y."""
    automa = state.automa
    doc.text("The automa's tracker card", x=_LEFT, y=y + 14, font_size=16, font_weight="bold")
    top = y + 24
    die = automa.active_die
    with doc.group(class_="tracker", data_dice_used=str(automa.dice_used)):
        doc.element("rect", x=_LEFT, y=top, width=_INNER, height=70, rx=8, fill="#fbeee6", stroke="#dc7633")
        doc.text("potency", x=_LEFT + 10, y=top + 18, font_size=11, fill=_GREY)
        for space in range(1, _MAX_POTENCY + 1):
            sx = _LEFT + 10 + (space - 1) * 40
            filled = die is not None and space <= die.remaining
            doc.element("rect", x=sx, y=top + 26, width=34, height=34, rx=5,
                        fill="#f5cba7" if filled else "#ffffff", stroke="#dc7633",
                        class_="potency-space")  # fmt: skip
            if die is not None and space == die.remaining:
                _die(doc, sx + 5, top + 31, die.face, die.colour, 24)
            else:
                doc.text(str(space), x=sx + 17, y=top + 48, text_anchor="middle", fill="#dc7633")
        x = _LEFT + 230
        if die is None:
            doc.text("no active die", x=x, y=top + 30, font_weight="bold", class_="active-die")
        else:
            with doc.group(class_="active-die", data_die=f"{die.face}/{die.colour}",
                           data_placed=str(die.placed), data_remaining=str(die.remaining)):  # fmt: skip
                doc.text(f"active die {die.face}/{die.colour}: placed at {die.placed}, {die.remaining} left",
                         x=x, y=top + 30, font_weight="bold")  # fmt: skip
        doc.text(f"dice used this round: {automa.dice_used} / {DICE_PER_ROUND}", x=x, y=top + 52)
        x = _LEFT + 590
        doc.text("exhausted", x=x, y=top + 18, font_size=11, fill=_GREY)
        with doc.group(class_="exhausted"):
            for i, (face, colour) in enumerate(automa.exhausted[: DICE_PER_ROUND + 2]):
                _die(doc, x + i * 30, top + 28, face, colour, 24)
            if not automa.exhausted:
                doc.text("none", x=x, y=top + 44, fill=_GREY)
        x = _LEFT + 780
        doc.text(f"gold {automa.gold}", x=x, y=top + 30, font_weight="bold", fill="#9a7d0a")
        doc.text(f"ether dice {automa.ether}", x=x, y=top + 52, font_weight="bold", fill="#6c3483")
    return top + 70


def _tracks(doc: SvgDocument, state: State, y: float) -> float:
    """The four mastery tracks in board order: spaces, marker, bonus tokens, symbols, the cube."""
    pack = state.pack
    automa = state.automa
    layout = state.board.bonus_layout
    heading = "Mastery tracks (board order, top to bottom)"
    doc.text(heading, x=_LEFT, y=y + 14, font_size=16, font_weight="bold")
    top = y + 24
    label_width = 110
    longest = max(t.max_level for t in pack.tracks)
    space = min(64.0, (_INNER - label_width) / (longest + 1))
    for row, element in enumerate(pack.board.track_order):
        index = ELEMENT_INDEX[element]
        spec = pack.track[element]
        level = automa.levels[index]
        bonuses = {b.level: b.kind for b in layout[index]}
        ty = top + row * _TRACK_ROW
        ink = _ELEMENT_INK[element]
        cube = automa.tiebreak_track == element
        with doc.group(class_="track", data_track=element, data_level=str(level),
                       data_max=str(spec.max_level), data_cube="yes" if cube else None):  # fmt: skip
            doc.text(element, x=_LEFT, y=ty + 20, font_weight="bold", fill=ink)
            doc.text(f"{level} / {spec.max_level}", x=_LEFT, y=ty + 35, font_size=11, fill=_GREY)
            if cube:
                doc.element("rect", x=_LEFT + 70, y=ty + 10, width=14, height=14, fill="#f4d03f",
                            stroke="#7d6608", class_="cube")  # fmt: skip
            for step in range(spec.max_level + 1):
                sx = _LEFT + label_width + step * space
                reached = step <= level
                doc.element("rect", x=sx, y=ty + 2, width=space - 3, height=40, rx=4,
                            fill="#fdebd0" if reached else "#ffffff", stroke=ink, stroke_width=1,
                            class_="space", data_level=str(step))  # fmt: skip
                doc.text(str(step), x=sx + 3, y=ty + 12, font_size=9, fill=_GREY)
                if step in spec.symbol_levels:
                    doc.text("\u25c6", x=sx + space - 6, y=ty + 13, font_size=10, text_anchor="end", fill=ink,
                             class_="symbol")  # fmt: skip
                kind = bonuses.get(step)
                if kind is not None:
                    doc.text(_BONUS_TEXT[kind], x=sx + (space - 3) / 2, y=ty + 39, text_anchor="middle",
                             font_size=min(10.0, space / 4.5), fill="#b9770e" if step > level else "#aab7b8",
                             class_="bonus", data_bonus=kind)  # fmt: skip
            mx = _LEFT + label_width + level * space + (space - 3) / 2
            doc.element("circle", cx=mx, cy=ty + 21, r=min(8.0, space / 3), fill=ink, stroke="#ffffff",
                        stroke_width=1.5, class_="marker")  # fmt: skip
    legend = (
        "Filled spaces: reached. \u25c6 a space with an elemental symbol; +ether, +5VP and nearest: the "
        "bonus tokens (grey once passed).",
        "The yellow square: the tie-break cube. E F W A on a card: its elemental symbols.",
    )
    with doc.group(class_="legend", font_size=11, fill=_GREY):
        for i, line in enumerate(legend):
            doc.text(line, x=_LEFT, y=top + 4 * _TRACK_ROW + 12 + 15 * i)
    return top + 4 * _TRACK_ROW + 31


def _card_in_play(state: State) -> tuple[str | None, str]:
    """The automa card to show, and how it is shown."""
    pending = state.pending
    if pending is not None and pending.card_id is not None:
        return pending.card_id, "being resolved"
    discard = state.automa.discard
    if discard:
        return discard[-1], "top of the discard pile"
    return None, ""


def _automa_card(doc: SvgDocument, card: AutomaCard, x: float, y: float, how: str) -> None:
    with doc.group(class_="automa-card", data_card=card.id, data_deck=card.deck):
        doc.element("rect", x=x, y=y, width=300, height=96, rx=8, fill=_DECK_FILL[card.deck], stroke=_GREY)
        doc.text(f"{_cut(card.id, 16)} ({card.deck})", x=x + 10, y=y + 18, font_weight="bold")
        doc.text(how, x=x + 290, y=y + 18, text_anchor="end", font_size=11, fill=_GREY)
        if card.dice:
            for i, pictured in enumerate(card.dice):
                _die(doc, x + 10 + i * 30, y + 28, pictured.symbol, pictured.colour, 24)
        else:
            doc.text("no pictured dice", x=x + 10, y=y + 44, font_size=11, fill=_GREY)
        cost = "-" if card.potency_cost is None else str(card.potency_cost)
        doc.text(f"cost {cost}", x=x + 110, y=y + 44)
        action = "-" if card.action is None else str(card.action)
        doc.text(f"action {action}", x=x + 10, y=y + 72, font_weight="bold")
        if card.label is not None:
            doc.text(_cut(card.label, 40), x=x + 10, y=y + 88, font_size=11, fill=_GREY, class_="label")


def _cards(doc: SvgDocument, state: State, y: float) -> float:
    """The card in play or on top of the discard pile, and the two piles; returns the y below."""
    automa = state.automa
    doc.text("Automa cards", x=_LEFT, y=y + 14, font_size=16, font_weight="bold")
    top = y + 24
    card_id, how = _card_in_play(state)
    if card_id is None:
        doc.text("no card played yet", x=_LEFT, y=top + 20, fill=_GREY)
    else:
        _automa_card(doc, state.pack.card[card_id], _LEFT, top, how)
    x = _LEFT + 320
    draw = sorted(automa.draw_pile)
    with doc.group(class_="pile", data_pile="draw", data_count=str(len(draw))):
        for i in range(min(3, len(draw))):
            doc.element("rect", x=x + 4 * i, y=top + 4 * i, width=60, height=84, rx=6, fill="#5d6d7e",
                        stroke="#ffffff")  # fmt: skip
        if not draw:
            doc.element("rect", x=x, y=top, width=60, height=84, rx=6, fill="none", stroke=_GREY,
                        stroke_dasharray="4 3")  # fmt: skip
        doc.text(f"draw pile: {len(draw)}", x=x + 80, y=top + 16, font_weight="bold")
        doc.text(_cut(_ids(draw), 90), x=x + 80, y=top + 34, font_size=11, fill=_GREY)
    discard = automa.discard
    with doc.group(class_="pile", data_pile="discard", data_count=str(len(discard))):
        doc.text(f"discard pile: {len(discard)}", x=x + 80, y=top + 58, font_weight="bold")
        doc.text(_cut(_ids(list(reversed(discard))) + " (top first)" if discard else "none", 90),
                 x=x + 80, y=top + 76, font_size=11, fill=_GREY)  # fmt: skip
    if automa.held_purples:
        doc.text(f"held purple cards: {_ids(automa.held_purples)}", x=x + 80, y=top + 94, font_size=11)
    return top + 100


def _collected(doc: SvgDocument, state: State, y: float) -> float:
    """The automa's experiments and artifacts, and the human's, in one line each; returns the y below."""
    pack = state.pack
    automa = state.automa
    doc.text("Collected", x=_LEFT, y=y + 14, font_size=16, font_weight="bold")
    y += 24
    rows: list[tuple[str, str, tuple[str, ...]]] = [
        ("automa experiments", "experiment", automa.experiments),
        ("automa artifacts", "artifact", automa.artifacts),
    ]
    for label, kind, ids in rows:
        with doc.group(class_=f"collected {kind}s"):
            doc.text(f"{label}:", x=_LEFT, y=y + 14, font_weight="bold")
            x = _LEFT + 160.0
            for ident in ids[:_LIST_SHOWN]:
                extra = f" {_cut(pack.experiment[ident].type, 14)}" if kind == "experiment" else ""
                text = f"{_cut(ident, 14)}{extra}"
                width = 14 + 7.2 * len(text)
                doc.element("rect", x=x, y=y, width=width, height=20, rx=4, fill="#fdfefe",
                            stroke=_CARD_STROKE, class_=kind, data_card=ident)  # fmt: skip
                doc.text(text, x=x + 7, y=y + 14, font_size=11)
                x += width + 6
                if x > WIDTH - 120:
                    break
            shown = min(len(ids), _LIST_SHOWN)
            if not ids:
                doc.text("none", x=x, y=y + 14, fill=_GREY)
            elif x > WIDTH - 120 or len(ids) > shown:
                doc.text(f"({len(ids)} in all)", x=WIDTH - _LEFT, y=y + 14, text_anchor="end", fill=_GREY)
        y += 26
    human = (
        f"human: {state.human_dice} / {DICE_PER_ROUND} dice drafted; experiments "
        f"{_ids(state.human_experiments)}; artifacts {_ids(state.human_artifacts)}"
    )
    doc.text(_cut(human, 150), x=_LEFT, y=y + 14, fill=_GREY, class_="human")
    return y + 20


def _objectives(doc: SvgDocument, state: State, y: float) -> float:
    """The objective row: each card face up or down, its VP and its yellow cubes."""
    pack = state.pack
    doc.text("Objective row", x=_LEFT, y=y + 14, font_size=16, font_weight="bold")
    top = y + 24
    width = (_INNER - 3 * 10) / 4
    for i, slot in enumerate(state.board.objectives):
        x = _LEFT + i * (width + 10)
        objective = pack.objective[slot.card_id]
        with doc.group(class_="objective", data_objective=str(i + 1), data_card=slot.card_id,
                       data_face_up="yes" if slot.face_up else "no", data_cubes=str(slot.cubes)):  # fmt: skip
            doc.element("rect", x=x, y=top, width=width, height=58, rx=6,
                        fill="#fdfefe" if slot.face_up else "#d5d8dc", stroke=_GREY)  # fmt: skip
            doc.text(f"{i + 1}. {_cut(slot.card_id, 16)}", x=x + 8, y=top + 16, font_weight="bold")
            doc.text(f"{objective.vp} VP" if slot.face_up else "face down", x=x + width - 8, y=top + 16,
                     text_anchor="end", font_size=11)  # fmt: skip
            if objective.title is not None:
                title = _cut(objective.title, int(width / 6.5))
                doc.text(title, x=x + 8, y=top + 32, font_size=11, fill=_GREY, class_="objective-title")
            for cube in range(slot.cubes):
                doc.element("rect", x=x + 8 + cube * 18, y=top + 38, width=13, height=13, fill="#f4d03f",
                            stroke="#7d6608", class_="cube")  # fmt: skip
    return top + 58


def _final_score(doc: SvgDocument, state: State, y: float) -> float:
    """The six steps of the final scoring (T-SCORE-1..7), the total and the human's score if reported."""
    score = state.score
    assert score is not None
    names = ("masterpiece", "experiments", "elemental symbols", "formulas", "gold and ether left",
             "mastery tracks")  # fmt: skip
    doc.text("Final score of the automa", x=_LEFT, y=y + 14, font_size=16, font_weight="bold")
    top = y + 24
    rows = [("VP track", score.vp_track), *zip(names, score.steps, strict=True)]
    with doc.group(class_="final-score", data_total=str(score.total)):
        for i, (name, vp) in enumerate(rows):
            doc.text(name, x=_LEFT + 10, y=top + 16 + 18 * i)
            doc.text(str(vp), x=_LEFT + 260, y=top + 16 + 18 * i, text_anchor="end")
        ty = top + 16 + 18 * len(rows)
        doc.text("total", x=_LEFT + 10, y=ty + 4, font_weight="bold")
        doc.text(str(score.total), x=_LEFT + 260, y=ty + 4, text_anchor="end", font_weight="bold")
        notes = []
        if score.masterpiece_id is not None:
            resolved = "resolved" if score.masterpiece_resolved else "not resolved"
            notes.append(f"masterpiece {_cut(score.masterpiece_id, 20)}, {resolved}")
        notes.append(f"{score.symbols} symbols; {score.formulas} formulas ({score.formulas_bought} bought)")
        if score.human_score is None:
            notes.append("human score: not reported yet")
        else:
            verdict = {"human": "the human wins", "automa": "the automa wins", "tie": "a tie"}[
                winner(score, state.options.score_tie)
            ]
            notes.append(f"human score {score.human_score}: {verdict}")
        for i, note in enumerate(notes):
            doc.text(note, x=_LEFT + 320, y=top + 16 + 20 * i, class_="verdict" if "human" in note else None)
    return ty + 8
