"""SVG pictures as pixels, for the environments' `render_mode="rgb_array"` (the `render` extra).

The games draw themselves as SVG text (`render_svg`); RL tooling (video recorders,
notebooks) wants an `(H, W, 3)` `numpy.uint8` array. The rasterizer is `resvg-py`, a
binding of the Rust resvg renderer shipped as self-contained wheels (no system
library: `cairosvg` needs the system's cairo, absent from a fresh Debian or Ubuntu
image), and Pillow decodes its PNG. Both are imported on first use; a missing one
raises an `ImportError` that names the extra.

The picture is drawn on white at the SVG's own size; the same SVG text gives the same
pixels on one machine (text is drawn with the machine's fonts, so another machine's
fonts may change a few pixels of the lettering).
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import io
from collections.abc import Callable
from typing import Any, Final

__all__ = ["EXTRA", "available", "rasterizer", "render_modes", "rgb_array"]

EXTRA: Final = "render"
"""The extra that installs the rasterizer: `pip install 'tabletop-rules[render]'`."""


def available() -> bool:
    """Whether the `render` extra is installed (found, not imported: this costs no import)."""
    return all(importlib.util.find_spec(name) is not None for name in ("resvg_py", "PIL", "numpy"))


def render_modes() -> list[str]:
    """An environment's `metadata["render_modes"]`: `"ansi"`, and `"rgb_array"` with the extra."""
    return ["ansi", "rgb_array"] if available() else ["ansi"]


@functools.cache
def rasterizer() -> Callable[[str], Any]:
    """The function from SVG text to an `(H, W, 3)` `numpy.uint8` array, imported once.

    Raises:
        ImportError: `resvg_py`, Pillow or numpy is missing; the message names the `render` extra.
    """
    modules = {}
    for name in ("resvg_py", "PIL.Image", "numpy"):
        try:
            modules[name] = importlib.import_module(name)
        except ImportError as error:
            raise ImportError(
                f"render_mode='rgb_array' needs the optional dependency {name.partition('.')[0]!r}: "
                f"pip install 'tabletop-rules[{EXTRA}]'"
            ) from error
    resvg, image, np = modules["resvg_py"], modules["PIL.Image"], modules["numpy"]

    def rasterize(svg: str) -> Any:
        png = resvg.svg_to_bytes(svg_string=svg, background="#ffffff")
        with image.open(io.BytesIO(png)) as picture:
            return np.array(picture.convert("RGB"), dtype=np.uint8)

    return rasterize


def rgb_array(svg: str) -> Any:
    """`svg` drawn on white as a new `(H, W, 3)` `numpy.uint8` array (see the module docstring).

    Raises:
        ImportError: the `render` extra is missing (the message names it).
    """
    return rasterizer()(svg)
