"""A tiny SVG writer shared by the games' pictures: escaping, elements and a document.

Standard library only.  The output is deterministic: attributes keep the order
in which they are given, numbers are written with at most two decimals (and
never as `-0`), and nothing depends on the time, the platform or a hash seed.
Every piece of text goes through `escape`, which also drops the characters that
XML 1.0 does not allow, so any card name or label gives well-formed XML.

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

import math
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Final, TypeAlias

__all__ = [
    "FONT_FAMILY",
    "AttributeValue",
    "SvgDocument",
    "attributes_text",
    "escape",
    "number",
    "register_renderer",
    "render_state",
]

FONT_FAMILY: Final = "DejaVu Sans, Helvetica, Arial, sans-serif"
"""The font stack of every picture: a sans-serif font found on every platform."""

AttributeValue: TypeAlias = str | int | float | None
"""An attribute's value; `None` leaves the attribute out."""

_NOT_XML: Final = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_SVG_NS: Final = "http://www.w3.org/2000/svg"


def escape(text: str) -> str:
    """`text` made safe for XML character data and attribute values.

    `&`, `<`, `>`, `"` and `'` become entities, tabs and line breaks character
    references (so that an attribute keeps them); characters that XML 1.0 forbids
    (most control characters, lone surrogates, U+FFFE, U+FFFF) become U+FFFD.

    Args:
        text: any string.

    Returns:
        The escaped text.
    """
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


def number(value: float) -> str:
    """A coordinate written deterministically: at most two decimals, no trailing zeros, never `-0`.

    Args:
        value: an `int` or a finite `float`.

    Raises:
        ValueError: if `value` is not finite.
    """
    if isinstance(value, int):
        return str(value)
    if not math.isfinite(value):
        raise ValueError(f"an SVG number must be finite, got {value!r}")
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attribute_name(name: str) -> str:
    """`class_` -> `class`, `stroke_width` -> `stroke-width`, `xlink__href` -> `xlink:href`."""
    return name.rstrip("_").replace("__", ":").replace("_", "-")


def attributes_text(attributes: dict[str, AttributeValue]) -> str:
    """The attributes as ` name="value"` pairs, in the given order; `None` values are left out.

    Python names are turned into SVG names: a trailing underscore is dropped
    (`class_`), `_` becomes `-` (`stroke_width`) and `__` becomes `:`.
    """
    parts = []
    for name, value in attributes.items():
        if value is None:
            continue
        if isinstance(value, bool):
            raise TypeError(f"attribute {name!r}: a bool is not an SVG value")
        shown = number(value) if isinstance(value, int | float) else escape(value)
        parts.append(f' {_attribute_name(name)}="{shown}"')
    return "".join(parts)


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
        if not width > 0 or not height > 0 or not (pixel_width is None or pixel_width > 0):
            raise ValueError("an SVG document needs a positive size")
        self.width = width
        self.height = height
        self._pixel_width = width if pixel_width is None else pixel_width
        self._title = title
        self._description = description
        self._font_size = font_size
        self._lines: list[str] = []
        self._open: list[str] = []

    def element(self, tag: str, text: str | None = None, /, **attributes: AttributeValue) -> None:
        """Append an element; `text` (escaped) becomes its content.

        Args:
            tag: the element's name (`"circle"`, `"path"`, ...).
            text: its text content, or `None` for an empty element.
            **attributes: its attributes (see `attributes_text` for the names).
        """
        head = f"<{tag}{attributes_text(attributes)}"
        self._lines.append(f"{head}/>" if text is None else f"{head}>{escape(text)}</{tag}>")

    def text(self, content: str, /, **attributes: AttributeValue) -> None:
        """Append a `<text>` element holding `content` (escaped)."""
        self.element("text", content, **attributes)

    def raw(self, markup: str) -> None:
        """Append markup written by the caller (it must be well-formed and already escaped)."""
        self._lines.append(markup)

    @contextmanager
    def group(self, tag: str = "g", /, **attributes: AttributeValue) -> Iterator[None]:
        """A container element (`<g>` by default): elements appended inside the block go into it."""
        self._lines.append(f"<{tag}{attributes_text(attributes)}>")
        self._open.append(tag)
        try:
            yield
        finally:
            self._lines.append(f"</{self._open.pop()}>")

    def to_string(self) -> str:
        """The finished document as text, ending with a newline.

        The size is read now, so a drawing may set `height` once it knows how tall it is.

        Raises:
            ValueError: if a group is still open or the size is not positive.
        """
        if self._open:
            raise ValueError(f"SVG group <{self._open[-1]}> is still open")
        if not self.width > 0 or not self.height > 0:
            raise ValueError("an SVG document needs a positive size")
        head = [
            "<svg"
            + attributes_text(
                {
                    "xmlns": _SVG_NS,
                    "width": self._pixel_width,
                    "height": self._pixel_width * self.height / self.width,
                    "viewBox": f"0 0 {number(self.width)} {number(self.height)}",
                    "font_family": FONT_FAMILY,
                    "font_size": self._font_size,
                }
            )
            + ">",
            f"<title>{escape(self._title)}</title>",
        ]
        if self._description is not None:
            head.append(f"<desc>{escape(self._description)}</desc>")
        background = (
            f"<rect{attributes_text({'width': self.width, 'height': self.height, 'fill': '#ffffff'})}/>"
        )
        return "\n".join([*head, background, *self._lines, "</svg>"]) + "\n"


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
        TypeError: if no renderer is registered for the state's class.
    """
    render = _RENDERERS.get(type(state))
    if render is None:
        raise TypeError(f"no picture is registered for {type(state).__name__}")
    return render(state)
