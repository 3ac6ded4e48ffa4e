"""The OpenSpiel specs of the library's games (imported lazily by :mod:`.openspiel`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tabletop_rules.adapters.openspiel import GameSpec


def valandris_spec() -> GameSpec:
    from tabletop_rules import valandris

    defaults = valandris.Options().to_dict()

    def start(params: Mapping[str, Any]) -> valandris.State:
        return valandris.new_game(dict(params))

    def max_turns(params: Mapping[str, Any]) -> int:
        cap = start(params).options.max_turns
        assert cap is not None
        return cap

    def max_length(params: Mapping[str, Any]) -> int:
        return _bounded(valandris.max_game_length(start(params)))

    empty = valandris.new_game()
    return GameSpec(
        short_name="tabletop_valandris",
        long_name="Valandris (tabletop_rules)",
        module=valandris,
        parameters=defaults,
        new_state=start,
        num_actions=valandris.num_actions(empty),
        chance_outcomes=valandris.num_chance_outcomes(empty),
        encode=valandris.move_to_action,
        decode=valandris.action_to_move,
        encode_chance=valandris.move_to_chance,
        decode_chance=valandris.chance_to_move,
        players=lambda params: 2,
        utility=lambda params: (-(max_turns(params) + 1.0), max_turns(params) + 1.0, 0.0),
        # setup (10 atomic moves), then at most 6 atomic moves a turn (valandris.max_game_length)
        max_length=max_length,
        perfect_information=True,
    )


def trismaugistus_spec() -> GameSpec:
    from tabletop_rules import trismaugistus
    from tabletop_rules.trismaugistus import actions

    start = trismaugistus.new_game()  # the ids and their counts depend only on the (default) pack

    def turns(params: Mapping[str, Any]) -> int:
        return int(params["max_turns"])

    return GameSpec(
        short_name="tabletop_trismaugistus",
        long_name="Trismaugistus automa, fictional example pack (tabletop_rules)",
        module=trismaugistus,
        # The human's reports have no natural bound (a finished automa leaves the human free to end
        # turns), so the OpenSpiel game is cut after the atomic moves of ``max_turns`` turns.
        parameters={"max_turns": 2000},
        new_state=lambda params: trismaugistus.new_game(),
        num_actions=actions.num_actions(start),
        chance_outcomes=actions.num_chance_outcomes(start),
        encode=actions.move_to_action,
        decode=actions.action_to_move,
        encode_chance=actions.move_to_chance,
        decode_chance=actions.chance_to_move,
        players=lambda params: 1,
        utility=lambda params: (-10_000.0, 0.0, None),
        max_length=lambda params: actions.max_game_length(start, turns(params)),
        perfect_information=True,
        truncate=True,
    )


def chrononauts_spec() -> GameSpec:
    from tabletop_rules import chrononauts
    from tabletop_rules.chrononauts import actions

    def options(params: Mapping[str, Any]) -> chrononauts.Options:
        return chrononauts.Options.from_dict(
            {"max_turns": int(params["max_turns"]), "variant": str(params["variant"])}
        )

    def new_state(params: Mapping[str, Any]) -> chrononauts.State:
        return chrononauts.new_game(options(params), players=int(params["players"]))

    # the id spaces depend only on the card list, not on the options or the player count
    initial = chrononauts.new_game(players=4)
    return GameSpec(
        short_name="tabletop_chrononauts",
        long_name="Chrononauts (tabletop_rules)",
        module=chrononauts,
        # A game has no natural length bound (a deck can recycle for ever), so the turn cap of
        # C-RULING-38 is a parameter, and the OpenSpiel game is also cut at the matching move bound.
        parameters={"players": 4, "variant": "chrononauts", "max_turns": 500},
        new_state=new_state,
        num_actions=actions.num_actions(initial),
        chance_outcomes=actions.num_chance_outcomes(initial),
        encode=actions.move_to_action,
        decode=actions.action_to_move,
        encode_chance=actions.move_to_chance,
        decode_chance=actions.chance_to_move,
        players=lambda params: int(params["players"]),
        utility=lambda params: (-1.0, 1.0, None),
        max_length=lambda params: _bounded(actions.max_game_length(new_state(params))),
        perfect_information=False,
        observation=chrononauts.information_state_string,
        truncate=True,
    )


def _bounded(length: int | None) -> int:
    if length is None:
        raise ValueError("the OpenSpiel adapter needs a bounded game: set max_turns")
    return length


SPECS: dict[str, Callable[[], GameSpec]] = {
    "valandris": valandris_spec,
    "chrononauts": chrononauts_spec,
    "trismaugistus": trismaugistus_spec,
}
