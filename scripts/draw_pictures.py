"""Draw the position pictures of docs/pictures.md from seeded random games (pure Python, writes SVG).

Every picture is a real position: the script plays seeded uniformly random games
through the public API and picks the first state that shows what the picture is
about, so the same library gives the same pictures.

* `valandris_power.svg`: a mid-game Valandris turn just after the declared
  creature used its power (a Leviathan jump or an Archangel fly), squares named;
* `valandris_crossing.svg`: a crossing turn waiting for Valandris' bonus step;
* `chrononauts_player.svg`: a 4-player Chrononauts game with open paradoxes and
  patches, as one player sees it;
* `chrononauts_public.svg`: the same position as a spectator sees it;
* `trismaugistus_table.svg`: the automa's side of a Trismaugistus table in round 1,
  after its first turn (the scripted opening of the docs, with the fictional pack).

The board and TimeLine diagrams (`valandris_board.svg`, `chrononauts_timeline.svg`) are drawn by
`draw_valandris_board.py` and `draw_chrononauts_timeline.py`, which this script leaves alone.

Usage (from the project's root)::

    PYTHONPATH=src .venv/bin/python scripts/draw_pictures.py              # writes docs/images/
    PYTHONPATH=src .venv/bin/python scripts/draw_pictures.py --out /tmp/pictures
    PYTHONPATH=src .venv/bin/python scripts/draw_pictures.py --check      # fails if a picture is stale
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tabletop_rules import chrononauts, trismaugistus, valandris
from tabletop_rules.chrononauts import render as chrononauts_render
from tabletop_rules.core import CHANCE, sample_chance
from tabletop_rules.valandris import render as valandris_render

ROOT = Path(__file__).resolve().parent.parent


def steps(game: Any, state: Any, seed: int, limit: int) -> Iterator[tuple[Any, Any, Any]]:
    """`(before, move, after)` along a seeded uniformly random game."""
    rng = random.Random(seed)
    for _ in range(limit):
        if game.is_terminal(state):
            return
        if game.current_player(state) == CHANCE:
            move = sample_chance(game, state, rng)
        else:
            move = rng.choice(list(game.legal_moves(state)))
        after = game.apply(state, move)
        yield state, move, after
        state = after


def find_valandris(wanted: Callable[[valandris.State, valandris.Move, valandris.State], bool]) -> str:
    """The picture of the first position, over seeds 0, 1, ..., that `wanted` accepts."""
    for seed in range(1000):
        for before, move, after in steps(valandris, valandris.new_game(), seed, 400):
            if wanted(before, move, after):
                last = valandris_render.move_endpoints(before, move)
                return valandris_render.render_svg(after, last_move=last, vertex_names=True)
    raise SystemExit("no such Valandris position in 1000 seeded games")


def used_power(before: valandris.State, move: valandris.Move, after: valandris.State) -> bool:
    return isinstance(move, valandris.Fly | valandris.Jump) and before.turn >= 4 and not after.phase.is_setup


def crossing_pending(before: valandris.State, move: valandris.Move, after: valandris.State) -> bool:
    return isinstance(move, valandris.Cross) and after.crossing is not None and before.turn >= 3


def chrononauts_position() -> chrononauts.State:
    """A 4-player game, not over, with at least 6 open paradoxes and 2 patches on the TimeLine."""
    for seed in range(1000):
        for _, _, state in steps(chrononauts, chrononauts.new_game(players=4), seed, 3000):
            patched = sum(
                1 for c in state.cards.ripplepoints if state.year_status(c.year) not in ("true", "open")
            )
            if state.result is None and state.open_paradoxes() >= 6 and patched >= 2 and all(state.hands):
                return state
    raise SystemExit("no such Chrononauts position in 1000 seeded games")


TRISMAUGISTUS_OPENING = (
    "setup d2 exp=FX-S2 art=FX-AS3",
    "report round_start bowls=iron:r2w1b2,wild:r1w2b1,tin:w1r1,copper:b1 "
    "areas=tin:FX-E01,iron:FX-E02+FX-E05,copper:FX-E03,mercury:FX-E04,wild:FX-E10 "
    "offers=red:FX-A02+FX-A07,white:FX-A04+FX-A08,black:FX-A06+FX-A09",
    "draft iron/white",
    "experiment iron FX-E02",
    "end",
    "draw FX-Y2",
)


def trismaugistus_position() -> trismaugistus.State:
    """Round 1 of a scripted game at difficulty 2, just after the automa's first card (a played table)."""
    state = trismaugistus.new_game()
    for line in TRISMAUGISTUS_OPENING:
        state = trismaugistus.apply(state, trismaugistus.parse_move(state, line))
    return state


def pictures() -> dict[str, str]:
    """Every picture's file name and SVG text."""
    position = chrononauts_position()
    viewer = position.active
    return {
        "valandris_power.svg": find_valandris(used_power),
        "valandris_crossing.svg": find_valandris(crossing_pending),
        "chrononauts_player.svg": chrononauts_render.render_svg(position, player=viewer),
        "chrononauts_public.svg": chrononauts_render.render_svg(position),
        "trismaugistus_table.svg": trismaugistus.render_svg(trismaugistus_position()),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description="Draw the position pictures of docs/pictures.md.")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images", help="the output folder")
    parser.add_argument("--check", action="store_true", help="compare with the files instead of writing")
    args = parser.parse_args()
    stale = []
    for name, text in pictures().items():
        path = args.out / name
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    if stale:
        print(
            f"stale pictures in {args.out}: {', '.join(stale)}; run scripts/draw_pictures.py", file=sys.stderr
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
