"""Chrononauts positions as SVG pictures (standard library only).

`render_svg(state)` draws the 32-card TimeLine as its 8 x 4 grid in Time Index
order (rows A to D): each linchpin shows its true or alternate side, each
ripplepoint true history, an open paradox or the patch that covers it (by
name). Above the grid: the open paradox count against the limit and whether
the UltraParadox is active; below it: every player's hand size and tableau,
the pending cards, and the last events of the public history.

The picture is drawn from `chrononauts.observation(state, player)` alone (and
the card list, which is public), so it shows exactly what that player may
see: with `player=None` (a spectator) only public information, with a seat
that player's hand, ID and Mission too. Nothing hidden from the viewer can
appear in it.

```python
from tabletop_rules import chrononauts
from tabletop_rules.chrononauts.render import render_svg

state = chrononauts.new_game(players=4)
public_svg = render_svg(state)
my_svg = render_svg(state, player=2, size=620)
```
"""

from __future__ import annotations

import textwrap
from typing import Final

from tabletop_rules.chrononauts.content.records import CardSet
from tabletop_rules.chrononauts.state import State
from tabletop_rules.chrononauts.validation import validate
from tabletop_rules.chrononauts.views import View, check_viewer, observation
from tabletop_rules.core.errors import InvalidStateError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.svg import SvgDocument, check_size

__all__ = ["render_svg"]

WIDTH: Final = 1240
_LEFT: Final = 20
_CELL_W: Final = 146
_CELL_H: Final = 104
_GAP: Final = 6
_GRID_TOP: Final = 112
_ROWS: Final = "ABCD"

# (fill, stroke, text colour, stroke width) per cell class
_CELL_STYLE: Final = {
    "linchpin true": ("#f4ecf7", "#6c3483", "#2c1338", 1.5),
    "linchpin alt": ("#6c3483", "#4a235a", "#ffffff", 1.5),
    "ripplepoint true": ("#eaf2f8", "#1f4e79", "#17202a", 1.5),
    "ripplepoint open": ("#fadbd8", "#c0392b", "#641e16", 3.5),
    "ripplepoint patched": ("#fef5e7", "#b9770e", "#4d3300", 2.0),
}
_STATUS_TEXT: Final = {
    "linchpin true": "true side",
    "linchpin alt": "ALTERNATE side",
    "ripplepoint true": "true history",
    "ripplepoint open": "OPEN PARADOX",
    "ripplepoint patched": "patched",
}
_RED: Final = "#c0392b"
_PURPLE: Final = "#6c3483"


def render_svg(state: State, *, player: int | None = None, size: float = WIDTH) -> str:
    """A picture of a Chrononauts, Artifaxx or Solonauts position, as SVG text.

    Built from `observation(state, player)`: without `player` (a spectator) it
    shows only public information; with a seat, that player's view (their hand,
    ID and Mission, never another player's). The same state and arguments always
    give the same text. Every argument is checked, by exact type and range,
    before anything is drawn.

    Args:
        state: any valid state (`validate`), finished games included.
        player: the seat whose view to draw (an `int` in `0..players-1`), or `None` for a
            spectator's view.
        size: the picture's displayed width in pixels, an `int` or a finite `float` in
            `core.svg.MIN_SIZE..MAX_SIZE` (16..16,384); the `viewBox` stays the same.

    Returns:
        The SVG document.

    Raises:
        InvalidStateError: if `state` is not a valid Chrononauts `State`.
        InvalidRequestError: if `player` is neither `None` nor a seat of this game (`True`,
            `1.0` or a numpy integer is not a seat).
        InvalidOptionError: if `size` is not as described (a `bool`, `NaN`, `0`, `1e9`).
    """
    if type(state) is not State:
        raise InvalidStateError(f"expected a chrononauts State, not {brief(state)}")
    validate(state)
    check_viewer(state, player, spectator=True)
    check_size(size)
    view = observation(state, player)
    return _draw(view, state.cards, state.options.paradox_limit, size)


def _draw(view: View, cards: CardSet, limit: int, size: float) -> str:
    """The picture of a view: nothing but the view, the public card list and the limit is read."""
    who = "public view" if view.viewer is None else f"P{view.viewer}'s view"
    if view.variant == "solonauts":
        who = "Solonauts"
    title = f"{view.variant.capitalize()}, {view.players} players, turn {view.turn} ({who})"
    doc = SvgDocument(WIDTH, 800, title=title, font_size=13, pixel_width=size)
    doc.text(title, x=_LEFT, y=34, font_size=22, font_weight="bold")
    _status(doc, view, cards, limit)
    y = float(_GRID_TOP)
    if view.variant == "artifaxx":
        doc.text("Artifaxx is played without the TimeLine.", x=_LEFT, y=y + 16, fill="#444444")
        y += 40
    else:
        y = _grid(doc, view, cards)
    y = _players(doc, view, cards, y + 10)
    y = _history(doc, view, y + 6)
    doc.height = y + 16
    return doc.to_string()


def _status(doc: SvgDocument, view: View, cards: CardSet, limit: int) -> None:
    y = 68
    with doc.group(
        class_="paradox-count", data_open=str(view.open_paradoxes), data_limit=str(limit)
    ):  # fmt: skip
        doc.text(
            f"Open paradoxes {view.open_paradoxes} / {limit}", x=_LEFT, y=y, font_size=16, font_weight="bold"
        )
        for i in range(limit):
            filled = i < view.open_paradoxes
            doc.element(
                "rect", x=_LEFT + 230 + i * 17, y=y - 13, width=13, height=15, rx=2,
                fill=_RED if filled else "#ffffff", stroke=_RED, class_="paradox-slot",
            )  # fmt: skip
    x = _LEFT + 240 + limit * 17
    active = view.ultraparadox
    with doc.group(class_="ultraparadox", data_active="yes" if active else "no"):
        doc.element(
            "rect", x=x, y=y - 16, width=230, height=22, rx=11,
            fill=_PURPLE if active else "#ffffff", stroke=_PURPLE,
        )  # fmt: skip
        label = "UltraParadox ACTIVE" if active else "no UltraParadox"
        doc.text(label, x=x + 115, y=y, text_anchor="middle", font_weight="bold",
                 fill="#ffffff" if active else _PURPLE)  # fmt: skip
    if view.winner is not None or view.outcome:
        line = f"Game over: {view.outcome}."
    else:
        actor = f"P{view.to_act}" if type(view.to_act) is int else "chance"
        line = f"P{view.active} is the active player; {actor} to act ({view.phase})."
    doc.text(line, x=x + 250, y=y, class_="phase")
    if view.pending:
        plays = "; ".join(
            f"P{owner} plays {cards.name(card)}" + ("" if target is None else f" on {_target(cards, target)}")
            for owner, card, target in view.pending
        )
        doc.text(f"Waiting for reactions: {plays}", x=_LEFT, y=y + 24, fill="#444444", class_="pending")


def _target(cards: CardSet, target: str | int) -> str:
    if isinstance(target, int) and not isinstance(target, bool):
        return str(target) if target >= 1000 else f"P{target}"
    return cards.name(str(target))


def _grid(doc: SvgDocument, view: View, cards: CardSet) -> float:
    """The 8 x 4 TimeLine; returns the y below it."""
    sides = dict(view.linchpins)
    statuses = dict(view.ripplepoints)
    up_year = next((p.year for p in cards.patches if p.triggers_ultraparadox), None)
    cells: list[tuple[str, int, str, str, str]] = []  # Time Index, year, class, headline, patch id
    for linchpin in cards.linchpins:
        side = sides.get(linchpin.year, "true")
        headline = linchpin.alt_headline if side == "alt" else linchpin.true_headline
        cells.append((linchpin.time_index, linchpin.year, f"linchpin {side}", headline, ""))
    for ripplepoint in cards.ripplepoints:
        status = statuses.get(ripplepoint.year, "true")
        if status in ("true", "open"):
            cells.append((ripplepoint.time_index, ripplepoint.year, f"ripplepoint {status}",
                          ripplepoint.true_headline, ""))  # fmt: skip
        else:
            cells.append((ripplepoint.time_index, ripplepoint.year, "ripplepoint patched",
                          cards.name(status), status))  # fmt: skip
    with doc.group(class_="timeline"):
        for i, (time_index, year, kind, headline, patch) in enumerate(sorted(cells)):
            row, column = _position(time_index, i)
            x = _LEFT + column * (_CELL_W + _GAP)
            y = _GRID_TOP + row * (_CELL_H + _GAP)
            _cell(doc, x, y, time_index, year, kind, headline, patch, year == up_year)
    bottom = _GRID_TOP + 4 * (_CELL_H + _GAP)
    legend = (
        "Purple: linchpins (dark: flipped to the alternate side). Blue: ripplepoints in true history; "
        "red: open paradoxes; gold: patched (the patch's headline). "
        + ("" if up_year is None else f"A patch on {up_year} with a star starts the UltraParadox.")
    )
    doc.text(legend, x=_LEFT, y=bottom + 10, fill="#444444", font_size=12, class_="legend")
    return bottom + 16


def _position(time_index: str, i: int) -> tuple[int, int]:
    """The row and column of a Time Index such as `B3` (its place in order when it has another form)."""
    if len(time_index) >= 2 and time_index[0] in _ROWS and time_index[1:].isdigit():
        column = int(time_index[1:]) - 1
        if 0 <= column < 8:
            return _ROWS.index(time_index[0]), column
    return divmod(i, 8)


def _cell(
    doc: SvgDocument,
    x: float,
    y: float,
    time_index: str,
    year: int,
    kind: str,
    headline: str,
    patch_id: str,
    up_year: bool,
) -> None:
    fill, stroke, ink, width = _CELL_STYLE[kind]
    with doc.group(class_=f"cell {kind}", data_year=str(year), data_patch=patch_id or None):
        doc.element("rect", x=x, y=y, width=_CELL_W, height=_CELL_H, rx=7, fill=fill, stroke=stroke,
                    stroke_width=width)  # fmt: skip
        doc.text(str(year), x=x + 8, y=y + 20, font_size=17, font_weight="bold", fill=ink)
        doc.text(time_index, x=x + _CELL_W - 8, y=y + 18, font_size=11, text_anchor="end", fill=ink)
        if up_year and kind == "ripplepoint patched":
            doc.text("\u2605", x=x + 62, y=y + 20, font_size=14, fill=_PURPLE)
        lines = textwrap.wrap(headline, width=20, max_lines=3, placeholder="\u2026") or [""]
        for n, line in enumerate(lines):
            doc.text(line, x=x + 8, y=y + 40 + 14 * n, font_size=11.5, fill=ink)
        doc.text(_STATUS_TEXT[kind], x=x + 8, y=y + _CELL_H - 9, font_size=11, font_weight="bold", fill=ink)


def _names(cards: CardSet, ids: tuple[str, ...]) -> str:
    return ", ".join(cards.name(card) for card in ids) or "none"


def _players(doc: SvgDocument, view: View, cards: CardSet, y: float) -> float:
    """Each seat's hand size and tableau, and the viewer's own cards; returns the y below."""
    doc.text("Players", x=_LEFT, y=y + 18, font_size=16, font_weight="bold")
    y += 26
    with doc.group(class_="players"):
        for seat in range(view.players):
            mine = view.viewer == seat or (view.variant == "solonauts" and seat == 0)
            marks = []
            if seat == view.active:
                marks.append("active")
            if seat == view.to_act:
                marks.append("to act")
            if seat == view.winner:
                marks.append("WINNER")
            head = f"P{seat}" + (f" ({', '.join(marks)})" if marks else "")
            lines = [f"hand {view.hand_sizes[seat]} cards; Artifacts: {_names(cards, view.tableaux[seat])}"]
            if view.set_aside_sizes[seat]:
                lines[0] += f"; {view.set_aside_sizes[seat]} set aside"
            if mine:
                lines.append(f"Hand: {_names(cards, view.hand)}")
                own = (("ID", view.identity), ("Mission", view.mission))
                goals = [f"{label}: {cards.name(g)}" for label, g in own if g]
                if goals:
                    lines.append("; ".join(goals))
            row_lines = [w for line in lines for w in textwrap.wrap(line, width=150)]
            height = 8 + 17 * len(row_lines)
            with doc.group(class_="player mine" if mine else "player", data_seat=str(seat)):
                doc.element("rect", x=_LEFT, y=y, width=WIDTH - 2 * _LEFT, height=height, rx=5,
                            fill="#fdf2e9" if mine else "#f8f9f9", stroke="#d5d8dc")  # fmt: skip
                doc.text(head, x=_LEFT + 8, y=y + 18, font_weight="bold")
                for n, line in enumerate(row_lines):
                    doc.text(
                        line,
                        x=_LEFT + 160,
                        y=y + 18 + 17 * n,
                        class_="hand" if line.startswith("Hand:") else None,
                    )
            y += height + 4
    extras = []
    if view.revealed_ids:
        extras.append(f"Revealed IDs: {_names(cards, view.revealed_ids)}")
    if view.winner_goals:
        extras.append(f"The winner's goals: {_names(cards, view.winner_goals)}")
    if view.solo_ids or view.home_row:
        extras.append(f"IDs still away: {_names(cards, view.solo_ids)}")
        extras.append(f"IDs home: {_names(cards, view.home_row)}")
    extras.append(f"Draw pile {view.draw_pile_size} cards; discard pile {len(view.discard_pile)} cards.")
    for line in (w for extra in extras for w in textwrap.wrap(extra, width=170)):
        doc.text(line, x=_LEFT, y=y + 16, fill="#333333")
        y += 18
    return y


def _history(doc: SvgDocument, view: View, y: float) -> float:
    recent = view.history[-6:]
    if not recent:
        return y
    doc.text("Last events", x=_LEFT, y=y + 18, font_size=16, font_weight="bold")
    y += 22
    with doc.group(class_="history", fill="#333333"):
        for event in recent:
            text = event if len(event) <= 170 else event[:169] + "\u2026"
            doc.text(text, x=_LEFT, y=y + 16)
            y += 18
    return y
