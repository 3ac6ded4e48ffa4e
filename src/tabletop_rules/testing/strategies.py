"""Hypothesis strategies for fuzzing any game's text and JSON entry points.

The fuzz tests of every game draw from these: arbitrary JSON with the numbers and strings that break
naive loaders, one-edit mutations of a valid document (a state, a card list, a content pack), word
salad built from a game's notation, and states sampled from all through seeded games. A test then
asserts that only the library's typed errors escape, and that whatever is accepted is valid.

Example:
    ```python
    import json

    from hypothesis import given

    from tabletop_rules import valandris
    from tabletop_rules.testing.strategies import json_values, raises_only_typed_errors

    @given(json_values())
    def test_from_json_of_arbitrary_json(value):
        raises_only_typed_errors(lambda: valandris.from_json(json.dumps(value)))
    ```

Needs ``hypothesis`` (the ``test`` extra), which is not a runtime dependency.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, TypeVar

from tabletop_rules.core.errors import TabletopRulesError
from tabletop_rules.core.extras import require
from tabletop_rules.core.playout import random_playout
from tabletop_rules.core.protocol import Game

require("hypothesis", "tabletop_rules.testing.strategies")

from hypothesis import strategies as st  # noqa: E402  (after the check that names the extra)

__all__ = [
    "EDITS",
    "HUGE_NUMBERS",
    "json_paths",
    "json_scalars",
    "json_values",
    "mutated_json",
    "raises_only_typed_errors",
    "replace_at",
    "sample_states",
    "word_salad",
]

T = TypeVar("T")

HUGE_NUMBERS: Final = st.sampled_from([10**30, -(10**30), 2**63, -(2**63) - 1, 10**4000, 1e308, -0.0])
"""Numbers past every bound a loader should check (and a few that float parsing treats oddly)."""

EDITS: Final = ("replace", "delete", "add", "nest", "swap_type")
"""The kinds of edit `mutated_json` makes."""


def json_scalars(*strings: str) -> st.SearchStrategy[Any]:
    """JSON scalars: null, booleans, small and huge integers, finite floats, short text, and ``strings``.

    Pass a game's own identifiers (card ids, move tags, colour names) as ``strings`` so that the
    fuzzer also tries values that are nearly right.  A 5,000-character string is always included.
    """
    return (
        st.none()
        | st.booleans()
        | st.integers(-5, 12)
        | HUGE_NUMBERS
        | st.floats(allow_nan=False, allow_infinity=False)
        | st.text(max_size=12)
        | st.sampled_from([*strings, "x" * 5000, "¹²", "١٩٦٣"])
    )


def json_values(*strings: str, max_leaves: int = 20) -> st.SearchStrategy[Any]:
    """Arbitrary JSON documents (lists and objects nested around `json_scalars`)."""
    return st.recursive(
        json_scalars(*strings),
        lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
        max_leaves=max_leaves,
    )


def json_paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON document (keys and list indices), the empty path (the root) first."""
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += json_paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += json_paths(item, (*prefix, index))
    return out


def replace_at(value: Any, path: Sequence[Any], new: Any) -> Any:
    """A copy of ``value`` with the item at ``path`` replaced by ``new``; ``value`` is not changed."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: replace_at(value[head], rest, new)}
    items = list(value)
    items[head] = replace_at(items[head], rest, new)
    return items


@st.composite
def mutated_json(draw: st.DrawFn, document: Any, *strings: str) -> Any:
    """One random edit somewhere in a copy of ``document``.

    The edit (one of `EDITS`) replaces a value by arbitrary JSON, deletes it, adds a key or an item
    beside it, nests it up to 900 lists deep, or swaps its type for a near one (``"0"`` for ``0``).
    ``document`` itself is never changed.
    """
    data = copy.deepcopy(document)
    paths = json_paths(data)
    path = draw(st.sampled_from(paths[1:] if len(paths) > 1 else paths), label="path")
    if not path:
        return draw(json_values(*strings), label="document")
    edit = draw(st.sampled_from(EDITS), label="edit")
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    old = parent[key]
    if edit == "replace":
        parent[key] = draw(json_values(*strings), label="value")
    elif edit == "delete":
        del parent[key]
    elif edit == "add" and isinstance(parent, dict):
        parent[draw(st.text(max_size=6), label="new key")] = draw(json_values(*strings), label="value")
    elif edit == "add":
        parent.append(draw(json_values(*strings), label="value"))
    elif edit == "nest":
        value: Any = old
        for _ in range(draw(st.integers(1, 900), label="depth")):
            value = [value]
        parent[key] = value
    else:
        near = {list: {}, dict: [], str: 0, int: "0", float: "0.5", bool: 1}
        parent[key] = near.get(type(old), [old])
    return data


def word_salad(words: Iterable[str], *, max_words: int = 7) -> st.SearchStrategy[str]:
    """Text of one to ``max_words`` words from ``words`` (a game's notation), joined by spaces."""
    return st.lists(st.sampled_from(list(words)), min_size=1, max_size=max_words).map(" ".join)


def sample_states(
    game: Game[T, Any],
    initials: Iterable[T],
    *,
    seed: int = 0,
    per_game: int = 12,
    max_moves: int = 2000,
) -> tuple[T, ...]:
    """About ``per_game`` states spread evenly through one seeded random game from each initial state.

    Each game's final state is included too.  The same arguments give the same states in any process.
    """
    out: list[T] = []
    for offset, initial in enumerate(initials):
        playout = random_playout(game, seed + offset, initial=initial, max_moves=max_moves)
        states = list(playout.states(game))
        out += states[:: max(1, len(states) // per_game)]
        if out[-1] is not states[-1]:
            out.append(states[-1])
    return tuple(out)


def raises_only_typed_errors(call: Callable[[], T]) -> T | TabletopRulesError:
    """Call ``call``; return its result, or the library's typed error it raised.

    Any other exception propagates (that is the failure a fuzz test looks for), and a typed error
    must say something: an empty message fails the assertion.
    """
    try:
        return call()
    except TabletopRulesError as error:
        caught = error
    assert str(caught).strip(), f"{type(caught).__name__} without a message"
    return caught
