"""Command line: write, check and show a content pack, or print a demo game.

    python -m tabletop_rules.trismaugistus pack template [--out PACK.json] [--force]
    python -m tabletop_rules.trismaugistus pack validate PACK.json [--json]
    python -m tabletop_rules.trismaugistus pack show [PACK.json]
                                                [--section cards|presets|tracks|catalogue|all]
    python -m tabletop_rules.trismaugistus demo [--seed N] [--difficulty 1|2|3] [--objectives]
                                                [--pack PACK.json]

``pack template`` writes a blank pack, every field with its rule in a ``//``
comment member (standard output, or ``--out``, which never overwrites a file
without ``--force``).  ``pack validate`` lists **every** problem of a pack at once,
one a line with its place (``INVALID: tracks[0] (earth).max_level: must be ...``;
``--json`` prints them as a JSON array of ``{"path", "where", "message"}`` with
the JSONPath of each), and exits with status 0 when the pack is valid, 1
otherwise (``-`` reads the pack from standard input).  ``pack show`` prints
the pack as tables (the bundled **fictional** example pack when no path is
given), to hold against the components.
``validate`` and ``show`` are the same as ``pack validate`` and ``pack show``;
``python -m tabletop_rules.trismaugistus.pack ...`` is ``... trismaugistus pack ...``
(the spelling of spec 6.9).  ``demo`` plays a seeded game with a random
reporting human and prints every move and the automa's trace.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from tabletop_rules.core.errors import InvalidContentError
from tabletop_rules.core.jsonio import brief, read_text_file
from tabletop_rules.core.playout import sample_outcome
from tabletop_rules.trismaugistus.content.fields import PackProblem, problem
from tabletop_rules.trismaugistus.content.loader import (
    MAX_CONTENT_CHARS,
    default_pack,
    load_pack,
    pack_from_json,
    pack_problems_in_text,
)
from tabletop_rules.trismaugistus.content.records import Pack
from tabletop_rules.trismaugistus.content.show import SECTIONS, banner, format_pack
from tabletop_rules.trismaugistus.content.template import pack_template
from tabletop_rules.trismaugistus.moves import Move, Setup
from tabletop_rules.trismaugistus.notation import move_to_str
from tabletop_rules.trismaugistus.rules import (
    apply,
    chance_outcomes,
    current_player,
    is_terminal,
    legal_moves,
    new_game,
)
from tabletop_rules.trismaugistus.views import describe

__all__ = ["main"]


def _load(path: str | None) -> Pack:
    return default_pack() if path is None else load_pack(path, warn_fictional=False)


def _demo(pack: Pack, seed: int, difficulty: int, objectives: bool) -> str:
    rng = random.Random(seed)
    state = new_game(pack=pack)
    setups = [
        m
        for m in legal_moves(state)
        if isinstance(m, Setup) and m.difficulty == difficulty and m.objectives_enabled == objectives
    ]
    if not setups:
        raise InvalidContentError(
            "pack: this pack cannot be set up with these options (objectives need 4 objective cards)"
        )
    lines = ["\n".join(banner(pack))]
    move: Move = rng.choice(setups)
    while True:
        lines.append(f"> {move_to_str(state, move)}")
        state = apply(state, move)
        lines.extend(f"    {t}" for t in state.trace)
        if is_terminal(state):
            break
        if current_player(state) is None:  # pragma: no cover - terminal handled above
            break
        outcomes = chance_outcomes(state)
        move = sample_outcome(outcomes, rng) if outcomes else rng.choice(legal_moves(state))
    lines.append(describe(state))
    return "\n".join(lines)


def _read(path: str) -> str:
    """The text of the pack at `path`, or of standard input for ``-`` (at most `MAX_CONTENT_CHARS`)."""
    if path != "-":
        return read_text_file(
            path, limit=MAX_CONTENT_CHARS, what="Trismaugistus pack", error=InvalidContentError
        )
    try:
        text = sys.stdin.read(MAX_CONTENT_CHARS + 1)
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidContentError(
            f"Trismaugistus pack: cannot read standard input: {type(exc).__name__}"
        ) from None
    if len(text) > MAX_CONTENT_CHARS:
        raise InvalidContentError(
            f"Trismaugistus pack: standard input is larger than the limit of {MAX_CONTENT_CHARS} characters"
        )
    return text


def _validate_file(path: str) -> tuple[Pack | None, tuple[PackProblem, ...]]:
    """The pack at `path` and no problem, or `None` and every problem of the file (an unreadable file:
    one problem at ``$``)."""
    try:
        text = _read(path)
    except InvalidContentError as exc:
        return None, (problem("pack", str(exc)),)
    problems = pack_problems_in_text(text)
    return (None, problems) if problems else (pack_from_json(text), ())


def _validate(path: str, as_json: bool) -> int:
    pack, problems = _validate_file(path)
    if as_json:
        rows = [{"path": p.path, "where": p.where, "message": p.message} for p in problems]
        print(json.dumps(rows, indent=1, ensure_ascii=False))
        return 0 if pack is not None else 1
    if pack is None:
        for found in problems:
            print(f"INVALID: {found}", file=sys.stderr)
        count = "1 problem" if len(problems) == 1 else f"{len(problems)} problems"
        print(f"{count} in {brief(path)}: fix them and run validate again", file=sys.stderr)
        return 1
    label = " (FICTIONAL example data)" if pack.fictional else ""
    print(
        f"OK: pack {pack.pack_id[:60]}{label} is valid: {len(pack.automa_cards)} automa cards,"
        f" {len(pack.experiments)} experiments, {len(pack.masterpieces)} masterpieces,"
        f" {len(pack.artifacts)} artifacts, {len(pack.objectives)} objectives"
    )
    return 0


def _template(out: str | None, force: bool) -> int:
    text = pack_template()
    if out is None:
        sys.stdout.write(text)
        return 0
    path = Path(out)
    try:
        if path.exists() and not force:
            print(f"ERROR: {brief(out)} exists; choose another name or add --force", file=sys.stderr)
            return 1
        path.write_text(text, encoding="utf-8")
    except (OSError, ValueError) as exc:  # ValueError: an embedded NUL in the path
        print(f"ERROR: cannot write {brief(out)}: {type(exc).__name__}", file=sys.stderr)
        return 1
    print(f"wrote a blank pack to {brief(out)}: fill in every null, then run: pack validate {brief(out)}")
    return 0


def _pack_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`validate` and `show` (at the top and under `pack`), and `template`."""
    p_validate = sub.add_parser("validate", help="list every problem of a pack; exit status 0 if valid")
    p_validate.add_argument("path", help="the pack's file, or - for standard input")
    p_validate.add_argument("--json", action="store_true", help="the problems as a JSON array")
    p_show = sub.add_parser("show", help="print a pack as tables, to compare with the components")
    p_show.add_argument("path", nargs="?", help="the pack (default: the bundled fictional example)")
    p_show.add_argument("--section", choices=SECTIONS, default="all")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m tabletop_rules.trismaugistus", description=__doc__.split("\n")[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    _pack_commands(sub)
    p_pack = sub.add_parser("pack", help="write a blank pack, check one, show one")
    pack_sub = p_pack.add_subparsers(dest="pack_command", required=True)
    _pack_commands(pack_sub)
    p_template = pack_sub.add_parser("template", help="write a blank pack to fill in")
    p_template.add_argument("--out", help="the file to write (default: standard output)")
    p_template.add_argument("--force", action="store_true", help="overwrite the file if it exists")
    p_demo = sub.add_parser("demo", help="print a seeded game with a random reporting human")
    p_demo.add_argument("--seed", type=int, default=1)
    p_demo.add_argument("--difficulty", type=int, choices=(1, 2, 3), default=2)
    p_demo.add_argument("--objectives", action="store_true")
    p_demo.add_argument("--pack", help="the pack (default: the bundled fictional example)")
    args = parser.parse_args(argv)
    command = args.pack_command if args.command == "pack" else args.command
    try:
        if command == "validate":
            return _validate(args.path, args.json)
        if command == "template":
            return _template(args.out, args.force)
        if command == "show":
            print(format_pack(_load(args.path), args.section))
        else:
            print(_demo(_load(args.pack), args.seed, args.difficulty, args.objectives))
    except InvalidContentError as exc:
        print(f"INVALID: {exc}", file=sys.stderr)
        return 1
    return 0
