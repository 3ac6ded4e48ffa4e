"""The physical actions a step asks for on the table, derived from the states before and after it.

The engine keeps the automa's side of the game; the player keeps the pieces on the table in step with
it.  After each step the companion lists what to move, in the order it happens at the table: the die
the automa takes (or how far its die moves down the tracker card), the cubes on the objective row, the
experiment and artifact it takes, its track markers, ether dice, gold and VP marker, the card to
discard, and at a round's end the turn order and the next roll.  Everything is read from the two
states (never from the wording of the trace), so the list follows the rules the engine applied.
"""

from __future__ import annotations

from tabletop_rules import trismaugistus as tm
from tabletop_rules.trismaugistus.vocabulary import COLOURS, ELEMENTS, FACES

__all__ = ["checklist", "is_automa_step"]


def is_automa_step(move: tm.Move) -> bool:
    """Whether ``move`` is something that happened on the automa's side (a card, a die, a masterpiece)."""
    return isinstance(
        move, tm.CardDrawn | tm.ObjectiveDie | tm.ObjectiveDieRaw | tm.ArtifactDie | tm.MasterpieceDrawn
    )


def checklist(before: tm.State, after: tm.State, move: tm.Move) -> list[str]:
    """The physical actions that take the table from ``before`` to ``after``, in table order.

    Only the automa's pieces and the shared board are listed: the player's own reports (a draft, a
    take, a board report) describe what the player has already done, so they give no item.

    Args:
        before: the state before the step.
        after: the state after it (``tm.apply(before, move)``).
        move: the step: the player's report or the chance outcome turned up.

    Returns:
        One sentence per action, in the order to carry them out (empty if nothing moves).
    """
    if before.phase == "setup":
        return _setup(after) if after.phase != "setup" else []
    items: list[str] = []
    if is_automa_step(move):
        items += _dice(before, after)
        items += _objectives(before, after)
    items += _taken(before, after)
    items += _resources(before, after)
    items += _cards(before, after)
    items += _rounds(before, after)
    return items


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _setup(after: tm.State) -> list[str]:
    a = after.automa
    items = [
        "Put the automa's VP marker on 0 and its four mastery markers on level 0.",
        "You are first player in round 1: the automa's turn-order disc goes on space 2.",
        "Give the automa its tracker card with "
        + _plural(a.ether, "ether die", "ether dice")
        + " on it, and no gold.",
        f"Shuffle the automa deck, face down: {_plural(len(a.draw_pile), 'card', 'cards')}:"
        f" {', '.join(sorted(a.draw_pile))}.",
    ]
    if a.discard:
        items.append(f"Put face up on the automa's discard pile: {', '.join(a.discard)}.")
    cards = [f"the starting experiment {a.starting_experiment}"] if a.starting_experiment else []
    cards += [f"the starting artifact {x}" for x in a.artifacts]
    items.append(f"Give the automa {' and '.join(cards)}.")
    items.append(f"Put the yellow tie-break cube on the {a.tiebreak_track} track.")
    items += _tracks((0, 0, 0, 0), a.levels, after)
    if after.objectives_enabled:
        row = ", ".join(slot.card_id for slot in after.board.objectives)
        items.append(f"Lay out the objective row face up: {row}.")
    return items


def _dice(before: tm.State, after: tm.State) -> list[str]:
    """The die the automa takes from a bowl, or the move of its active die on the tracker card."""
    same_round = after.round == before.round
    now = after.automa.active_die if same_round else None
    items = []
    for fi, face in enumerate(FACES):
        for ci, colour in enumerate(COLOURS):
            taken = before.board.bowls[fi][ci] - after.board.bowls[fi][ci]
            if taken <= 0:
                continue
            where = f"Take the {colour} die from the {face} bowl"
            if now is not None and (now.face, now.colour) == (face, colour):
                cost = now.placed - now.remaining
                used = f" (placed at {now.placed}, the card uses {cost})" if cost else ""
                items.append(
                    f"{where} and put it on the automa's tracker card at potency {now.remaining}{used}."
                )
            else:
                items.append(
                    f"{where} and put it on the right side of the automa's tracker card:"
                    " the card uses up its potency at once."
                )
    old = before.automa.active_die
    if old is not None:
        if now is not None and (now.face, now.colour) == (old.face, old.colour):
            if now.remaining != old.remaining:
                items.append(
                    f"Move the automa's {old.colour} {old.face} die on its tracker card"
                    f" from potency {old.remaining} to {now.remaining}."
                )
        else:
            items.append(
                f"The automa's {old.colour} {old.face} die is used up:"
                " move it to the right side of its tracker card."
            )
    return items


def _objectives(before: tm.State, after: tm.State) -> list[str]:
    items = []
    for position, (old, new) in enumerate(
        zip(before.board.objectives, after.board.objectives, strict=True), start=1
    ):
        if old.card_id != new.card_id or new.cubes <= old.cubes:
            continue
        text = f"Put a cube from the supply on objective {new.card_id} (position {position}): {new.cubes} now"
        if old.face_up and not new.face_up:
            text += "; the automa scores it: turn it face down"
        items.append(text + ".")
    return items


def _taken(before: tm.State, after: tm.State) -> list[str]:
    """The experiments and artifacts the automa gains, and where they come from."""
    items = []
    for eid in after.automa.experiments[len(before.automa.experiments) :]:
        face = next((f for f, ids in zip(FACES, before.board.areas, strict=True) if eid in ids), None)
        source = f" from the {face} experiment area" if face else ""
        items.append(f"Move experiment {eid}{source} to the automa's side.")
    for aid in after.automa.artifacts[len(before.automa.artifacts) :]:
        colour = next((c for c, ids in zip(COLOURS, before.board.offers, strict=True) if aid in ids), None)
        source = f" from the {colour} artifact offer" if colour else ""
        items.append(f"Move artifact {aid}{source} to the automa's side.")
    score = after.score
    if score is not None and before.score is None and score.masterpiece_id is not None:
        if score.masterpiece_resolved:
            paid = f", paying {score.masterpiece_gold} gold" if score.masterpiece_gold else ""
            items.append(f"Put masterpiece {score.masterpiece_id} by the automa: it resolves it{paid}.")
        else:
            items.append(
                f"Put masterpiece {score.masterpiece_id} by the automa, unresolved:"
                " it cannot pay for the missing steps."
            )
    return items


def _tracks(old: tuple[int, ...], new: tuple[int, ...], state: tm.State) -> list[str]:
    items = []
    for element in state.pack.board.track_order:
        i = ELEMENTS.index(element)
        if old[i] != new[i]:
            items.append(f"Move the automa's {element} marker from {old[i]} to {new[i]}.")
    return items


def _resources(before: tm.State, after: tm.State) -> list[str]:
    b, a = before.automa, after.automa
    items = _tracks(b.levels, a.levels, after)
    ether = a.ether - b.ether
    dice = _plural(abs(ether), "ether die", "ether dice")
    if ether > 0:
        items.append(f"Put {dice} on the automa's tracker card ({a.ether} in all).")
    elif ether < 0:
        items.append(f"Take {dice} off the automa's tracker card ({a.ether} left).")
    gold = a.gold - b.gold
    if gold > 0:
        items.append(f"Give the automa {gold} gold ({a.gold} in all).")
    elif gold < 0:
        items.append(f"Take {-gold} gold from the automa ({a.gold} left).")
    if a.vp != b.vp:
        items.append(f"Move the automa's VP marker from {b.vp} to {a.vp}.")
    return items


def _cards(before: tm.State, after: tm.State) -> list[str]:
    b, a = before.automa, after.automa
    kept = 0
    while kept < min(len(b.discard), len(a.discard)) and b.discard[kept] == a.discard[kept]:
        kept += 1
    items = [f"Put {card} face up on the automa's discard pile." for card in a.discard[kept:]]
    items += [
        f"Keep the purple card {card} aside until the end of the automa's turn."
        for card in a.held_purples
        if card not in b.held_purples
    ]
    if b.draw_pile and not a.draw_pile.isdisjoint(b.discard) and len(a.discard) < len(b.discard):
        items.append("The draw pile is empty: shuffle the discard pile into a new face-down draw pile.")
    return items


def _rounds(before: tm.State, after: tm.State) -> list[str]:
    if after.phase == "round_start" and after.round > before.round:
        first = after.first_player
        who = "you are" if first == "human" else "the automa is"
        return [
            f"Round {before.round} is over: collect every die, from the bowls and from the tracker card.",
            f"Turn order for round {after.round}: {who} first player"
            f" (the automa's turn-order disc on space {2 if first == 'human' else 1}).",
            f"Roll the dice into the bowls and refill the board for round {after.round}, then report it.",
        ]
    if after.phase == "scoring" and before.phase != "scoring":
        return ["Round 3 is over: turn up a masterpiece for the automa and report it."]
    return []
