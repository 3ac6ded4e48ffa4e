"""Command line: verify a content pack against the physical components, or print a demo game.

    python -m tabletop_rules.trismaugistus validate PACK.json
    python -m tabletop_rules.trismaugistus show [PACK.json] [--section cards|presets|tracks|catalogue|all]
    python -m tabletop_rules.trismaugistus demo [--seed N] [--difficulty 1|2|3] [--objectives]
                                                [--pack PACK.json]

``validate`` runs every pack check (V-1..V-13) and exits with status 0 when the
pack is valid, 1 otherwise.  ``show`` prints the pack as tables (the bundled
**fictional** example pack when no path is given).  ``demo`` plays a seeded
game with a random reporting human and prints every move and the automa's trace.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from tabletop_rules.core.errors import InvalidContentError
from tabletop_rules.core.playout import sample_outcome
from tabletop_rules.trismaugistus.content.loader import default_pack, load_pack
from tabletop_rules.trismaugistus.content.records import Pack
from tabletop_rules.trismaugistus.content.show import SECTIONS, banner, format_pack
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m tabletop_rules.trismaugistus", description=__doc__.split("\n")[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p_validate = sub.add_parser("validate", help="check a pack (V-1..V-13); exit status 0 if valid")
    p_validate.add_argument("path")
    p_show = sub.add_parser("show", help="print a pack as tables, to compare with the components")
    p_show.add_argument("path", nargs="?", help="the pack (default: the bundled fictional example)")
    p_show.add_argument("--section", choices=SECTIONS, default="all")
    p_demo = sub.add_parser("demo", help="print a seeded game with a random reporting human")
    p_demo.add_argument("--seed", type=int, default=1)
    p_demo.add_argument("--difficulty", type=int, choices=(1, 2, 3), default=2)
    p_demo.add_argument("--objectives", action="store_true")
    p_demo.add_argument("--pack", help="the pack (default: the bundled fictional example)")
    args = parser.parse_args(argv)
    try:
        if args.command == "validate":
            pack = _load(args.path)
            label = " (FICTIONAL example data)" if pack.fictional else ""
            print(
                f"OK: pack {pack.pack_id}{label} is valid: {len(pack.automa_cards)} automa cards,"
                f" {len(pack.experiments)} experiments, {len(pack.masterpieces)} masterpieces,"
                f" {len(pack.artifacts)} artifacts, {len(pack.objectives)} objectives"
            )
        elif args.command == "show":
            print(format_pack(_load(args.path), args.section))
        else:
            print(_demo(_load(args.pack), args.seed, args.difficulty, args.objectives))
    except InvalidContentError as exc:
        print(f"INVALID: {exc}", file=sys.stderr)
        return 1
    return 0
