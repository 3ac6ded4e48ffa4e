"""A tiny SVG writer shared by the games' pictures: escaping, elements, a document and argument checks.

Standard library only.  The output is deterministic: attributes keep the order
in which they are given, numbers are written with at most two decimals (and
never as `-0`), and nothing depends on the time, the platform or a hash seed.
Every piece of text goes through `escape`, which also drops the characters that
XML 1.0 does not allow, so any card name or label gives well-formed XML.

Every public function checks its arguments by exact type and range and raises
`InvalidOptionError` for a bad one (a bool or a non-finite number as a
coordinate, a tag or attribute name that is not an XML name, text that is not a
`str`), so a picture is either well-formed or not made at all. `check_size` is
the check of a renderer's `size` argument, shared by the games.

```python
from tabletop_rules.core.svg import SvgDocument

doc = SvgDocument(200, 100, title="A & B")
with doc.group(class_="marks"):
    doc.element("circle", cx=50, cy=50, r=20, fill="#c0392b")
    doc.text("<odd> text", x=100, y=55)
svg_text = doc.to_string()
```
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Final, TypeAlias

from tabletop_rules.core.errors import InvalidOptionError, InvalidStateError
from tabletop_rules.core.jsonio import brief

__all__ = [
    "FONT_FAMILY",
    "MAX_COORDINATE",
    "MAX_SIZE",
    "MIN_SIZE",
    "AttributeValue",
    "SvgDocument",
    "attributes_text",
    "check_flag",
    "check_size",
    "escape",
    "number",
    "register_renderer",
    "render_state",
]

FONT_FAMILY: Final = "DejaVu Sans, Helvetica, Arial, sans-serif"
"""The font stack of every picture: a sans-serif font found on every platform."""

MIN_SIZE: Final = 16
"""The smallest displayed width, in pixels, a renderer's `size` may ask for."""
MAX_SIZE: Final = 16_384
"""The largest displayed width, in pixels, a renderer's `size` may ask for (a large poster)."""
MAX_COORDINATE: Final = 1_000_000_000
"""The largest magnitude of a number written into a picture; a drawing stays far below it."""

AttributeValue: TypeAlias = str | int | float | None
"""An attribute's value; `None` leaves the attribute out."""

_NOT_XML: Final = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,63}")
_SVG_NS: Final = "http://www.w3.org/2000/svg"


def escape(text: str) -> str:
    """`text` made safe for XML character data and attribute values.

    `&`, `<`, `>`, `"` and `'` become entities, tabs and line breaks character
    references (so that an attribute keeps them); characters that XML 1.0 forbids
    (most control characters, lone surrogates, U+FFFE, U+FFFF) become U+FFFD.

    Args:
        text: any `str` (exactly: a subclass could change what `replace` does).

    Returns:
        The escaped text.

    Raises:
        InvalidOptionError: if `text` is not a `str`.
    """
    if type(text) is not str:
        raise InvalidOptionError(f"SVG text must be a str, not {brief(text)}")
    text = _NOT_XML.sub("\ufffd", text)
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
        .replace("\t", "&#9;")
        .replace("\n", "&#10;")
        .replace("\r", "&#13;")
    )


def _finite(value: object, what: str) -> int | float:
    """`value` if it is an exact `int` or a finite `float` of magnitude at most `MAX_COORDINATE`."""
    kind = type(value)
    if (kind is int or kind is float) and -MAX_COORDINATE <= value <= MAX_COORDINATE:  # type: ignore[operator]
        return value  # type: ignore[return-value]  # NaN fails both comparisons
    raise InvalidOptionError(
        f"{what} must be an int or a finite float within ±{MAX_COORDINATE:,}, not {brief(value)}"
    )


def number(value: float) -> str:
    """A coordinate written deterministically: at most two decimals, no trailing zeros, never `-0`.

    Args:
        value: an `int` or a finite `float` (not a `bool`), of magnitude at most `MAX_COORDINATE`.

    Raises:
        InvalidOptionError: for anything else (a `bool`, `NaN`, an infinity, a huge number, a string).
    """
    value = _finite(value, "an SVG number")
    if type(value) is int:
        return str(value)
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attribute_name(name: object) -> str:
    """`class_` -> `class`, `stroke_width` -> `stroke-width`, `xlink__href` -> `xlink:href`."""
    if type(name) is not str:
        raise InvalidOptionError(f"{brief(name)} is not an SVG attribute name")
    return _svg_name(name)


@functools.lru_cache(maxsize=512)  # keyed by the few names the renderers use; returns a str
def _svg_name(name: str) -> str:
    if not _NAME.fullmatch(name.rstrip("_")):
        raise InvalidOptionError(f"{brief(name)} is not an SVG attribute name")
    return name.rstrip("_").replace("__", ":").replace("_", "-")


def attributes_text(attributes: dict[str, AttributeValue]) -> str:
    """The attributes as ` name="value"` pairs, in the given order; `None` values are left out.

    Python names are turned into SVG names: a trailing underscore is dropped
    (`class_`), `_` becomes `-` (`stroke_width`) and `__` becomes `:`.

    Raises:
        InvalidOptionError: if a name is not a plain name (letters, digits, underscores, at most 64),
            or a value is not a `str`, an `int`, a finite `float` or `None` (a `bool` is none of them).
    """
    parts = []
    for name, value in attributes.items():
        if value is None:
            continue
        kind = type(value)
        if kind is str:
            shown = escape(value)  # type: ignore[arg-type]
        elif kind is int or kind is float:
            shown = number(value)  # type: ignore[arg-type]
        else:
            raise InvalidOptionError(
                f"SVG attribute {brief(name)}: a value is a str, an int or a float, not {brief(value)}"
            )
        parts.append(f' {_attribute_name(name)}="{shown}"')
    return "".join(parts)


def _tag(tag: object) -> str:
    if type(tag) is not str or not _NAME.fullmatch(tag):
        raise InvalidOptionError(f"{brief(tag)} is not an SVG element name")
    return tag


def _size(value: object, what: str) -> int | float:
    value = _finite(value, what)
    if not value > 0:
        raise InvalidOptionError(f"{what} must be positive, not {brief(value)}")
    return value


class SvgDocument:
    """An SVG document under construction: elements are appended in drawing order.

    The document has a `viewBox` of `0 0 width height`, a `<title>` (and an
    optional `<desc>`), a white background and a default sans-serif font;
    `pixel_width` scales it for display without changing the coordinates.
    `width` and `height` may be changed until `to_string` is called.

    Args:
        width: the width of the coordinate system.
        height: its height.
        title: the picture's title (shown by viewers, read by screen readers).
        description: a longer description, or `None`.
        pixel_width: the displayed width in pixels (default `width`); the height follows.
        font_size: the default font size.

    Raises:
        InvalidOptionError: if a size is not a positive `int` or finite `float` (at most
            `MAX_COORDINATE`), or the title or description is not a `str`.
    """

    def __init__(
        self,
        width: float,
        height: float,
        *,
        title: str,
        description: str | None = None,
        pixel_width: float | None = None,
        font_size: float = 14,
    ) -> None:
        self.width = _size(width, "an SVG document's width")
        self.height = _size(height, "an SVG document's height")
        self._pixel_width = self.width if pixel_width is None else _size(pixel_width, "an SVG pixel width")
        self._font_size = _size(font_size, "an SVG font size")
        self._title = escape(title)
        self._description = None if description is None else escape(description)
        self._lines: list[str] = []
        self._open: list[str] = []

    def element(self, tag: str, text: str | None = None, /, **attributes: AttributeValue) -> None:
        """Append an element; `text` (escaped) becomes its content.

        Args:
            tag: the element's name (`"circle"`, `"path"`, ...).
            text: its text content, or `None` for an empty element.
            **attributes: its attributes (see `attributes_text` for the names).

        Raises:
            InvalidOptionError: for a bad tag, text or attribute (see `attributes_text`).
        """
        head = f"<{_tag(tag)}{attributes_text(attributes)}"
        self._lines.append(f"{head}/>" if text is None else f"{head}>{escape(text)}</{tag}>")

    def text(self, content: str, /, **attributes: AttributeValue) -> None:
        """Append a `<text>` element holding `content` (escaped)."""
        self.element("text", content, **attributes)

    def raw(self, markup: str) -> None:
        """Append markup written by the caller (it must be well-formed and already escaped).

        Raises:
            InvalidOptionError: if `markup` is not a `str`.
        """
        if type(markup) is not str:
            raise InvalidOptionError(f"SVG markup must be a str, not {brief(markup)}")
        self._lines.append(markup)

    @contextmanager
    def group(self, tag: str = "g", /, **attributes: AttributeValue) -> Iterator[None]:
        """A container element (`<g>` by default): elements appended inside the block go into it."""
        self._lines.append(f"<{_tag(tag)}{attributes_text(attributes)}>")
        self._open.append(tag)
        try:
            yield
        finally:
            self._lines.append(f"</{self._open.pop()}>")

    def to_string(self) -> str:
        """The finished document as text, ending with a newline.

        The size is read now, so a drawing may set `height` once it knows how tall it is.

        Raises:
            InvalidOptionError: if a group is still open or the size is not positive and finite.
        """
        if self._open:
            raise InvalidOptionError(f"SVG group <{self._open[-1]}> is still open")
        width = _size(self.width, "an SVG document's width")
        height = _size(self.height, "an SVG document's height")
        head = [
            "<svg"
            + attributes_text(
                {
                    "xmlns": _SVG_NS,
                    "width": self._pixel_width,
                    "height": self._pixel_width * height / width,
                    "viewBox": f"0 0 {number(width)} {number(height)}",
                    "font_family": FONT_FAMILY,
                    "font_size": self._font_size,
                }
            )
            + ">",
            f"<title>{self._title}</title>",
        ]
        if self._description is not None:
            head.append(f"<desc>{self._description}</desc>")
        background = f"<rect{attributes_text({'width': width, 'height': height, 'fill': '#ffffff'})}/>"
        return "\n".join([*head, background, *self._lines, "</svg>"]) + "\n"


def check_size(size: object) -> int | float:
    """A renderer's `size` argument (the displayed width in pixels), checked.

    Both an `int` and a `float` are accepted, exactly: not a `bool`, a numpy number, a `Decimal`
    or a string, and not `NaN` or an infinity.

    Returns:
        `size`, a number in `MIN_SIZE..MAX_SIZE`.

    Raises:
        InvalidOptionError: for anything else.
    """
    kind = type(size)
    if (kind is int or kind is float) and MIN_SIZE <= size <= MAX_SIZE:  # type: ignore[operator]
        return size  # type: ignore[return-value]  # NaN fails both comparisons
    raise InvalidOptionError(
        f"size is the picture's width in pixels, an int or a float in {MIN_SIZE}..{MAX_SIZE:,}, "
        f"not {brief(size)}"
    )


def check_flag(value: object, name: str) -> bool:
    """A renderer's yes/no argument, which must be exactly `True` or `False` (not `1`, `None`, `"yes"`).

    Raises:
        InvalidOptionError: for anything else.
    """
    if type(value) is not bool:
        raise InvalidOptionError(f"{name} must be True or False, not {brief(value)}")
    return value


_RENDERERS: dict[type, Callable[[Any], str]] = {}
"""The picture function of each state class, registered by its game's package when it is imported."""


def register_renderer(cls: type, render: Callable[[Any], str]) -> None:
    """Make `render_state` (and so `State._repr_svg_`) draw instances of `cls` with `render`.

    A game's package registers its `render_svg` at import. The picture module reads the
    package's public names, so the state class cannot import it without an import circle; the
    registry in this lower layer breaks that circle.
    """
    _RENDERERS[cls] = render


def render_state(state: object) -> str:
    """The SVG picture of `state`, drawn by the renderer registered for its class.

    Raises:
        InvalidStateError: if no renderer is registered for the state's class.
    """
    render = _RENDERERS.get(type(state))
    if render is None:
        raise InvalidStateError(f"no picture is registered for {brief(state)}")
    return render(state)
