"""The tablebase file format: writing it, and reading it back with every check made before use.

A file is a magic line, the header's size (8 bytes, little-endian), a JSON
header, padding to 64 bytes, then the raw `T` and `M` arrays (``uint8``, C
order).  The header names the format version, the game, the die treatment, the
options, the seal-set family, the array shapes, the "never" value and a
blake2b-256 checksum of the arrays.  Reading never unpickles anything: the
header goes through `core.jsonio` (size first, strict JSON, typed fields),
the file's size is compared with the header before an array is mapped, and the
checksum is recomputed.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any, Final, NamedTuple

import numpy as np
import numpy.typing as npt

from tabletop_rules.core.errors import InvalidContentError, InvalidOptionError
from tabletop_rules.core.jsonio import Fields, as_int, as_list, brief, load_json
from tabletop_rules.valandris.board import NUM_VERTICES
from tabletop_rules.valandris.options import Options
from tabletop_rules.valandris.solver._board import ORBITS
from tabletop_rules.valandris.solver._engine import NEVER, Die

__all__ = [
    "FORMAT_VERSION",
    "MAX_HEADER_BYTES",
    "InvalidTablebaseError",
    "TablebaseFile",
    "array_checksum",
    "family_orbits",
    "options_key",
    "planes_for",
    "read_file",
    "write_file",
]

U8 = npt.NDArray[np.uint8]

FORMAT_VERSION: Final = 1
MAX_HEADER_BYTES: Final = 1 << 20
"""The largest JSON header `Tablebase.load` reads (a real one is about 2 kB)."""
_MAGIC: Final = b"VALANDRIS-TABLEBASE\n"
_ALIGN: Final = 64
_N: Final = NUM_VERTICES
_DIES: Final = ("adversarial", "ignored", "cooperative")
_CHECKSUM: Final = re.compile(r"blake2b-256:[0-9a-f]{64}")
_HEADER_KEYS: Final = (
    "format_version",
    "game",
    "die",
    "options",
    "orbits",
    "seal_reps",
    "t_shape",
    "m_shape",
    "dtype",
    "never",
    "checksum",
    "info",
)


class InvalidTablebaseError(InvalidContentError):
    """A tablebase file (or the arrays given to `Tablebase`) is malformed, corrupt or from another version.

    An `InvalidContentError`, so a `ValueError`: the message names the file and what is wrong.
    """


def planes_for(options: Options) -> int:
    """The declaration planes of `T`: the three creatures, and "none" when the rules can produce it."""
    return 4 if options.allow_declare_none or options.first_turn_power == "none" else 3


def family_orbits(min_seals: int) -> tuple[int, ...]:
    """The seal-set orbits with at least `min_seals` seals: the families `solve` can build."""
    return tuple(i for i, rep in enumerate(ORBITS.reps) if rep.bit_count() >= min_seals)


def array_checksum(t: U8, m: U8) -> str:
    """The blake2b-256 digest of both arrays' bytes, read in chunks (a memory map is never copied whole)."""
    digest = hashlib.blake2b(digest_size=32)
    step = 1 << 26
    for flat in (t.reshape(-1), m.reshape(-1)):
        for i in range(0, flat.size, step):
            digest.update(np.ascontiguousarray(flat[i : i + step]).data.cast("B"))
    return "blake2b-256:" + digest.hexdigest()


def options_key(rules: Options) -> dict[str, Any]:
    """The options that the values depend on (``max_turns`` does not enter them)."""
    data = rules.to_dict()
    del data["max_turns"]
    return data


class TablebaseFile(NamedTuple):
    """What `read_file` found in a file, checked."""

    options: Options
    die: Die
    orbits: tuple[int, ...]
    T: U8
    M: U8
    info: dict[str, Any]
    path: Path
    checksum: str


def write_file(
    path: str | os.PathLike[str],
    options: Options,
    die: str,
    orbits: tuple[int, ...],
    t: U8,
    m: U8,
    info: dict[str, Any],
) -> tuple[Path, str]:
    """Write a tablebase file: a magic line, a JSON header (version, die, options, checksum), raw bytes.

    Returns:
        The path written and the checksum of the arrays.

    Raises:
        InvalidTablebaseError: if the file cannot be written.
    """
    target = Path(path)
    t = np.ascontiguousarray(t)
    m = np.ascontiguousarray(m)
    checksum = array_checksum(t, m)
    header = {
        "format_version": FORMAT_VERSION,
        "game": "valandris",
        "die": die,
        "options": options_key(options),
        "orbits": list(orbits),
        "seal_reps": [ORBITS.reps[o] for o in orbits],
        "t_shape": list(t.shape),
        "m_shape": list(m.shape),
        "dtype": "uint8",
        "never": NEVER,
        "checksum": checksum,
        "info": {k: v for k, v in info.items() if not k.startswith("_")},
    }
    raw = json.dumps(header, sort_keys=True).encode()
    head = _MAGIC + len(raw).to_bytes(8, "little") + raw
    pad = -len(head) % _ALIGN
    tmp = target.with_name(target.name + ".tmp")
    try:
        with tmp.open("wb") as fh:
            fh.write(head + b"\0" * pad)
            fh.write(t.data.cast("B"))
            fh.write(m.data.cast("B"))
        tmp.replace(target)
    except OSError as exc:
        raise InvalidTablebaseError(f"cannot write the tablebase to {brief(str(target))}: {exc}") from None
    return target, checksum


def read_file(path: str | os.PathLike[str], verify: bool = True, mmap: bool = True) -> TablebaseFile:
    """Read a file written by `write_file`, checking everything before any array is used.

    The header is read size first (at most `MAX_HEADER_BYTES`) as strict
    JSON, and every field is checked: the format version, the game, the die,
    the options, the seal-set family (one `solve` can build), the array
    shapes (those the options and the family imply), the dtype, the
    "never" value and the checksum's form.  The file's size must then be
    exactly the header plus the two arrays, before anything is mapped or
    allocated.  The arrays are memory-mapped read-only unless ``mmap`` is
    false; with ``verify`` the checksum is recomputed over both.  Nothing is
    unpickled.

    Raises:
        InvalidTablebaseError: on a path that cannot be read, a wrong magic
            line, an unknown format version, a bad header, a size that does
            not match the header, or a checksum mismatch.
    """
    if not isinstance(path, str | os.PathLike) or type(verify) is not bool or type(mmap) is not bool:
        raise InvalidTablebaseError("Tablebase.load takes a path, and verify and mmap as booleans")
    source = Path(path)
    where = brief(str(source))
    try:
        with source.open("rb") as fh:
            file_size = os.fstat(fh.fileno()).st_size
            if fh.read(len(_MAGIC)) != _MAGIC:
                raise InvalidTablebaseError(f"{where} is not a Valandris tablebase (no magic line)")
            size_bytes = fh.read(8)
            size = int.from_bytes(size_bytes, "little")
            if len(size_bytes) != 8 or not 2 <= size <= min(MAX_HEADER_BYTES, file_size):
                raise InvalidTablebaseError(
                    f"{where}: the header size {size} is not in 2..{MAX_HEADER_BYTES} or past the end"
                )
            raw = fh.read(size)
    except OSError as exc:
        raise InvalidTablebaseError(f"cannot read the tablebase {where}: {type(exc).__name__}") from None
    header = load_json(raw, limit=MAX_HEADER_BYTES, what=f"{where} header", error=InvalidTablebaseError)
    options, die, orbits, checksum, info = _read_header(header, f"{where} header")
    t_shape = (len(orbits), planes_for(options), _N, _N, _N, _N)
    m_shape = (len(orbits), _N, _N, _N, _N)
    offset = len(_MAGIC) + 8 + size
    offset += -offset % _ALIGN
    t_bytes, m_bytes = int(np.prod(t_shape)), int(np.prod(m_shape))
    if file_size != offset + t_bytes + m_bytes:
        raise InvalidTablebaseError(
            f"{where} is {file_size} bytes, but its header describes {offset + t_bytes + m_bytes}: "
            "the file is truncated or has trailing data"
        )
    try:
        t = _read_array(source, offset, t_shape, mmap)
        m = _read_array(source, offset + t_bytes, m_shape, mmap)
    except (OSError, ValueError) as exc:
        raise InvalidTablebaseError(f"cannot map the arrays of {where}: {exc}") from None
    if verify and array_checksum(t, m) != checksum:
        raise InvalidTablebaseError(f"{where}: checksum mismatch, the file is corrupt")
    return TablebaseFile(options, die, orbits, t, m, info, source, checksum)


def _read_array(source: Path, start: int, shape: tuple[int, ...], mmap: bool) -> U8:
    """One array of the file, read-only; the file's size was checked against `shape` already."""
    if mmap:
        return np.memmap(source, dtype=np.uint8, mode="r", offset=start, shape=shape)
    count = int(np.prod(shape))
    array = np.fromfile(source, dtype=np.uint8, count=count, offset=start)
    if array.size != count:
        raise ValueError(f"read {array.size} bytes, expected {count}")
    array = array.reshape(shape)
    array.flags.writeable = False
    return array


def _read_header(header: object, where: str) -> tuple[Options, Die, tuple[int, ...], str, dict[str, Any]]:
    """The checked fields of a tablebase header (see `Tablebase.load`)."""
    error = InvalidTablebaseError
    f = Fields(header, where, required=_HEADER_KEYS, error=error)
    version = f.raw("format_version")
    if type(version) is not int or version != FORMAT_VERSION:
        raise error(f"unsupported tablebase format version {brief(version)} (expected {FORMAT_VERSION})")
    if f.raw("game") != "valandris":
        raise error(f"{f.path('game')}: not a Valandris tablebase ({brief(f.raw('game'))})")
    die: Die = f.choice("die", _DIES)
    try:
        options = Options.from_dict(f.raw("options"))
    except InvalidOptionError as exc:
        raise error(f"{f.path('options')}: {exc}") from None
    orbits = tuple(
        as_int(o, f"{f.path('orbits')}[{i}]", low=0, high=len(ORBITS.reps) - 1, error=error)
        for i, o in enumerate(f.array("orbits", max_len=len(ORBITS.reps)))
    )
    min_seals = min((ORBITS.reps[o].bit_count() for o in orbits), default=13)
    if not orbits or orbits != family_orbits(min_seals):
        raise error(f"{f.path('orbits')}: not the seal-set orbits with at least k seals, as solve builds")
    if min_seals > 0 and die != "ignored":
        raise error(f"{f.path('orbits')}: a reduced seal-set family needs die='ignored', not {brief(die)}")
    reps = as_list(f.raw("seal_reps"), f.path("seal_reps"), max_len=len(orbits), error=error)
    if len(reps) != len(orbits) or any(
        type(r) is not int or r != ORBITS.reps[o] for r, o in zip(reps, orbits, strict=False)
    ):
        raise error(f"{f.path('seal_reps')}: seal-set orbits do not match this version's numbering")
    for key, shape in (
        ("t_shape", (len(orbits), planes_for(options), _N, _N, _N, _N)),
        ("m_shape", (len(orbits), _N, _N, _N, _N)),
    ):
        given = as_list(f.raw(key), f.path(key), max_len=8, error=error)
        if len(given) != len(shape) or any(
            type(x) is not int or x != y for x, y in zip(given, shape, strict=False)
        ):
            raise error(
                f"{f.path(key)}: {brief(given)} does not match the options and orbits ({list(shape)})"
            )
    if f.raw("dtype") != "uint8":
        raise error(f"{f.path('dtype')}: only uint8 arrays are stored, not {brief(f.raw('dtype'))}")
    never = f.raw("never")
    if type(never) is not int or never != NEVER:
        raise error(f"{f.path('never')}: must be {NEVER}, not {brief(never)}")
    checksum = f.text("checksum", max_len=80)
    if not _CHECKSUM.fullmatch(checksum):
        raise error(f"{f.path('checksum')}: expected 'blake2b-256:' and 64 hex digits, not {brief(checksum)}")
    info = f.child("info", required=(), optional=("sweeps", "seconds", "min_seals", "max_sweeps"))
    kept = {k: info.raw(k) for k in ("sweeps", "seconds", "min_seals", "max_sweeps") if info.has(k)}
    if not all(type(v) in (int, float) for v in kept.values()):
        raise error(f"{f.path('info')}: values must be numbers")
    return options, die, orbits, checksum, kept
