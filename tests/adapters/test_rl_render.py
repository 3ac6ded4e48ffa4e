"""`render_mode="rgb_array"`: the games' SVG pictures as pixels (the `render` extra), and its absence."""

from __future__ import annotations

import sys

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from tabletop_rules.adapters import _raster  # noqa: E402
from tabletop_rules.adapters import pettingzoo as tz  # noqa: E402
from tabletop_rules.adapters.gymnasium import TabletopEnv  # noqa: E402
from tabletop_rules.core.errors import InvalidOptionError  # noqa: E402

GAMES = [
    ("valandris", {"max_turns": 4}),
    ("chrononauts", {"players": 3, "max_turns": 4}),
    ("trismaugistus", {"max_moves": 40}),
]

needs_extra = pytest.mark.skipif(not _raster.available(), reason="the render extra is not installed")


def _check_picture(picture):
    assert type(picture) is np.ndarray
    assert picture.dtype == np.uint8
    assert picture.ndim == 3
    assert picture.shape[2] == 3
    assert picture.shape[0] >= 50
    assert picture.shape[1] >= 50
    assert len(np.unique(picture.reshape(-1, 3), axis=0)) > 10  # not blank: a drawing, many colours


@needs_extra
@pytest.mark.parametrize(("name", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_pettingzoo_renders_the_picture_as_pixels(name, options):
    """REL-PETTINGZOO-7: an `(H, W, 3)` `uint8` array, the same for the same state, new at every call."""
    env = tz.env(name, render_mode="rgb_array", **options)
    assert "rgb_array" in env.metadata["render_modes"]
    env.reset(seed=0)
    picture = env.render()
    _check_picture(picture)
    again = env.render()
    assert again is not picture
    assert np.array_equal(picture, again)  # deterministic


@needs_extra
def test_gymnasium_renders_the_seats_picture_as_pixels():
    """REL-GYMNASIUM-7: the seat's picture as an `(H, W, 3)` `uint8` array, the same for the same state."""
    name, options = GAMES[1]  # Chrononauts: the picture is the seat's own view
    env = TabletopEnv(name, seat=1, render_mode="rgb_array", **options)
    env.reset(seed=0)
    picture = env.render()
    _check_picture(picture)
    assert np.array_equal(picture, env.render())
    other = TabletopEnv(name, seat=1, render_mode="rgb_array", **options)
    other.reset(seed=0)
    assert np.array_equal(picture, other.render())  # the same seed, the same pixels


@needs_extra
def test_the_picture_changes_with_the_position():
    env = tz.env("valandris", render_mode="rgb_array", max_turns=4)
    env.reset(seed=0)
    before = env.render()
    observation, *_ = env.last()
    env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert not np.array_equal(before, env.render())


@pytest.mark.parametrize("module", ["resvg_py", "PIL.Image"])
def test_a_missing_extra_is_named_when_the_environment_is_made(monkeypatch, module):
    """REL-PETTINGZOO-7, REL-GYMNASIUM-7: without the extra, `rgb_array` fails at once, naming it."""
    monkeypatch.setitem(sys.modules, module, None)  # makes `import module` fail
    _raster.rasterizer.cache_clear()
    try:
        for make in (tz.env, tz.raw_env, TabletopEnv):
            with pytest.raises(ImportError, match=r"pip install 'tabletop-rules\[render\]'"):
                make("valandris", render_mode="rgb_array")
        assert make("valandris", render_mode="ansi").render_mode == "ansi"  # the other modes still work
    finally:
        _raster.rasterizer.cache_clear()


def test_an_unknown_render_mode_names_the_allowed_ones():
    with pytest.raises(InvalidOptionError, match="'ansi', 'rgb_array' or None"):
        tz.env("valandris", render_mode="human")
    with pytest.raises(InvalidOptionError, match="'ansi', 'rgb_array' or None"):
        TabletopEnv("valandris", render_mode="rgb")


def test_the_render_modes_listed_are_those_that_work():
    expected = ["ansi", "rgb_array"] if _raster.available() else ["ansi"]
    assert tz.raw_env("valandris").metadata["render_modes"] == expected
    assert TabletopEnv.metadata["render_modes"] == expected
