"""Stable, JSON-ready descriptions of agents and of the other values that define a simulation run.

`simulate` writes them in the header of a records file and, when it resumes a run, refuses a file
whose description differs from the run asked for, naming the first field that does. A description
must therefore be the same in every process and every session for the same agent, and differ when
a parameter differs:

* `None` is `None` (the uniformly random agent of `simulate`);
* an object with a `spec()` method (`MCTS`, `ISMCTS`) is what that method returns;
* a function is `{"agent": "<module>.<qualified name>"}`;
* a `functools.partial` is `{"agent": "functools.partial", "func": ..., "args": [...], "keywords": {...}}`;
* an `attrs` instance is `{"agent": "<module>.<class>", "<field>": <value>, ...}`;
* any other object is `{"agent": "<module>.<class>"}`: its parameters cannot be seen, so two such
  agents of one class look the same (give the class a `spec()` method to have them checked).

Values inside (arguments, fields) are described by `value_spec`. A description whose JSON is longer
than `MAX_SPEC_CHARS` is replaced by the SHA-256 of that JSON, so a header line stays short and a
difference is still seen.
"""

from __future__ import annotations

import enum
import functools
import hashlib
import json
import math
from collections.abc import Mapping
from types import ModuleType
from typing import Any, Final

import attrs

from tabletop_rules.core.errors import InvalidOptionError
from tabletop_rules.core.jsonio import brief

__all__ = ["MAX_SPEC_CHARS", "agent_spec", "value_spec"]

MAX_SPEC_CHARS: Final = 2_000
"""The longest description kept as it is; a longer one is kept as its hash."""
_DEPTH: Final = 8
"""How deep values are described; deeper parts are named by their type alone."""
_BIG_INT_BITS: Final = 1_024
"""Integers longer than this are described by the hash of their hexadecimal digits."""


def agent_spec(agent: object) -> Any:
    """The JSON-ready description of an agent (see the module docstring).

    Raises:
        InvalidOptionError: if the agent's `spec()` method raises or returns something that is
            not JSON data (objects with string keys, lists, strings, integers, finite floats,
            booleans and null, nested at most 32 deep).
    """
    return _guarded(_agent, agent)


def value_spec(value: object) -> Any:
    """The JSON-ready description of an option, argument or field value (see the module docstring).

    Scalars are themselves (a non-finite float is `{"float": "nan"}`, a huge integer its hash),
    lists and tuples are lists, dicts with string keys are objects, sets are sorted lists, enum
    members and modules are named, callables are described as agents, `attrs` instances field
    by field, anything else by its class alone.

    Raises:
        InvalidOptionError: if a callable inside has a `spec()` method that fails (see `agent_spec`),
            or the value cannot be read (a mapping whose items raise, for example).
    """
    return _guarded(_value, value)


def _guarded(describe: Any, value: object) -> Any:
    """`describe(value, 0)`, bounded; whatever a hostile value raises becomes `InvalidOptionError`."""
    try:
        return _bounded(describe(value, 0))
    except InvalidOptionError:
        raise
    except Exception as exc:
        raise InvalidOptionError(
            f"cannot describe a {_name(type(value))} ({type(exc).__name__}): give it a spec() method"
        ) from None


def _name(obj: object) -> str:
    """`<module>.<qualified name>` of a function or class (cut to 200 characters)."""
    module = getattr(obj, "__module__", None)
    qualname = getattr(obj, "__qualname__", None)
    text = ".".join(part if type(part) is str else "?" for part in (module, qualname))
    return text if len(text) <= 200 else text[:197] + "..."


def _agent(agent: object, depth: int) -> Any:
    if agent is None:
        return None
    if isinstance(agent, type | ModuleType):
        return {"agent": _name(agent) if isinstance(agent, type) else agent.__name__}
    method = getattr(type(agent), "spec", None)
    if callable(method):
        try:
            described = method(agent)
        except Exception as exc:
            raise InvalidOptionError(
                f"{_name(type(agent))}.spec() failed ({type(exc).__name__}): it must describe the agent"
            ) from exc
        return _checked_json(described, f"{_name(type(agent))}.spec()")
    if isinstance(agent, functools.partial):
        return {
            "agent": "functools.partial",
            "func": _agent(agent.func, depth + 1) if depth < _DEPTH else {"agent": "?"},
            "args": _value(list(agent.args), depth + 1),
            "keywords": _value(dict(agent.keywords), depth + 1),
        }
    if hasattr(agent, "__code__") or type(agent).__name__ in ("builtin_function_or_method", "method"):
        return {"agent": _name(agent)}  # a function, builtin or bound method
    kind = type(agent)
    described = {"agent": _name(kind)}
    if attrs.has(kind) and depth < _DEPTH:
        for field in attrs.fields(kind):
            if field.name != "agent":
                described[field.name] = _value(getattr(agent, field.name, None), depth + 1)
    return described


def _value(value: object, depth: int) -> Any:
    kind = type(value)
    if value is None or kind is bool:
        return value
    if kind is str:
        try:
            value.encode("utf-8")  # type: ignore[attr-defined]
        except UnicodeEncodeError:  # a lone surrogate cannot be written to the file: keep its hash
            return {"text_sha256": hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()}  # type: ignore[attr-defined]
        return value
    if kind is int:
        if value.bit_length() > _BIG_INT_BITS:  # type: ignore[attr-defined]
            return {"int_sha256": hashlib.sha256(hex(value).encode()).hexdigest()}  # type: ignore[arg-type]
        return value
    if kind is float:
        return value if math.isfinite(value) else {"float": repr(value)}  # type: ignore[arg-type]
    if isinstance(value, enum.Enum):
        return {"enum": _name(kind), "name": value.name}
    if isinstance(value, ModuleType):
        return {"module": value.__name__}
    if depth >= _DEPTH:
        return {"object": _name(kind)}
    if kind is list or kind is tuple:
        return [_value(item, depth + 1) for item in value]  # type: ignore[attr-defined]
    if kind is set or kind is frozenset:
        items = [_value(item, depth + 1) for item in value]  # type: ignore[attr-defined]
        return {"set": sorted(items, key=lambda item: json.dumps(item, sort_keys=True))}
    if isinstance(value, Mapping):
        if all(type(key) is str for key in value):
            return {key: _value(item, depth + 1) for key, item in value.items()}
        pairs = [[_value(key, depth + 1), _value(item, depth + 1)] for key, item in value.items()]
        return {"mapping": sorted(pairs, key=lambda pair: json.dumps(pair, sort_keys=True))}
    if isinstance(value, str | int | float):  # a subclass prints like its base: say which it is
        if isinstance(value, str):
            base: object = str.__getitem__(value, slice(None))  # the exact str, whatever the class overrides
        else:
            base = int.__add__(value, 0) if isinstance(value, int) else float.__add__(value, 0.0)
        return {"object": _name(kind), "value": _value(base, depth + 1)}
    if callable(value):
        return _agent(value, depth + 1)
    described: dict[str, Any] = {"object": _name(kind)}
    if attrs.has(kind):
        for field in attrs.fields(kind):
            if field.name != "object":
                described[field.name] = _value(getattr(value, field.name, None), depth + 1)
    return described


def _checked_json(value: object, what: str) -> Any:
    """`value` if it is JSON data (what `json` writes and reads back equal), else `InvalidOptionError`."""
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        kind = type(item)
        if depth > 32:
            raise InvalidOptionError(f"{what} is nested more than 32 deep")
        if kind is dict:
            if not all(type(key) is str for key in item):  # type: ignore[attr-defined]
                raise InvalidOptionError(f"{what} must return JSON data: a key is not a string")
            stack.extend((v, depth + 1) for v in item.values())  # type: ignore[attr-defined]
        elif kind is list:
            stack.extend((v, depth + 1) for v in item)  # type: ignore[attr-defined]
        elif kind is int and item.bit_length() > _BIG_INT_BITS:  # type: ignore[attr-defined]
            raise InvalidOptionError(
                f"{what} must return JSON data: an integer of more than {_BIG_INT_BITS} bits"
            )
        elif kind is float and not math.isfinite(item):  # type: ignore[arg-type]
            raise InvalidOptionError(f"{what} must return JSON data, not {brief(item)}")
        elif kind is str:
            try:
                item.encode("utf-8")  # type: ignore[attr-defined]
            except UnicodeEncodeError:
                raise InvalidOptionError(f"{what} must return JSON data: a lone surrogate") from None
        elif not (item is None or kind in (bool, int, float, str)):
            raise InvalidOptionError(f"{what} must return JSON data, not a {kind.__name__}")
    return value


def _bounded(value: Any) -> Any:
    """`value`, or the hash of its JSON when that is longer than `MAX_SPEC_CHARS`."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    if len(text) <= MAX_SPEC_CHARS:
        return value
    return {"sha256": hashlib.sha256(text.encode()).hexdigest(), "chars": len(text)}
