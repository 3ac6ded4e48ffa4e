"""The rulings and variants of Chrononauts, as one frozen options object (C-DOC-4, §21, §22).

`Options` is frozen, hashable and checked on construction: the allowed values
of each field come from its annotation (``bool``, ``Literal[...]``, or an
``int`` with `core.int_option` bounds, see `core.GameOptions`), and a bad value
raises `InvalidOptionError`.  Its defaults play the spec's "most plausible
reading", except ``fast_forward_mode``, whose default follows the rulebook.
"""

from __future__ import annotations

from typing import Any, Final, Literal, TypeAlias, get_args

import attrs

from tabletop_rules.core.deprecation import renamed_names
from tabletop_rules.core.errors import InvalidOptionError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.options import GameOptions, int_option

__all__ = ["VARIANTS", "Options", "Variant"]

Variant: TypeAlias = Literal["chrononauts", "artifaxx", "solonauts"]
VARIANTS: Final[tuple[str, ...]] = get_args(Variant)
"""The three games of the box: the full game, Artifaxx and Solonauts."""

_YEARS: Final = 10_000
"""The bound of year-valued options (any year of any card list)."""


def _overrides(value: Any) -> tuple[tuple[int, str], ...]:
    """``ripple_operator_overrides`` as sorted ``(year, op)`` pairs, from a dict or pairs.

    A year is an exact ``int`` (not ``True``, ``1974.0`` or ``"1974"``) within the year bounds;
    whether it is a ripplepoint year of the card list is checked when a game starts
    (`context.check_players`)."""
    if isinstance(value, str | bytes):  # iterable, but not pairs (an empty text would read as no pairs)
        raise InvalidOptionError(
            f"Chrononauts option ripple_operator_overrides must map years to 'and'/'or', not {brief(value)}"
        )
    items = value.items() if isinstance(value, dict) else value
    pairs: list[tuple[int, str]] = []
    try:
        for item in items:
            year, op = item
            if type(year) is not int or not -_YEARS <= year <= _YEARS:
                raise InvalidOptionError(
                    f"Chrononauts option ripple_operator_overrides: the year {brief(year)} is not a year "
                    "(an int)"
                )
            if type(op) is not str:
                raise InvalidOptionError(
                    f"Chrononauts option ripple_operator_overrides[{year}] must be 'and' or 'or', "
                    f"not {brief(op)}"
                )
            pairs.append((year, op))
    except (TypeError, ValueError) as error:
        if isinstance(error, InvalidOptionError):
            raise
        raise InvalidOptionError(
            "Chrononauts option ripple_operator_overrides must map years to 'and'/'or'"
        ) from error
    if len({year for year, _ in pairs}) != len(pairs):
        raise InvalidOptionError("Chrononauts option ripple_operator_overrides names a year twice")
    return tuple(sorted(pairs))


@attrs.frozen(cache_hash=True, kw_only=True, repr=False)
class Options(GameOptions):
    """Every ruling of the Chrononauts spec as a field, with its default (§22).

    ``ripple_operator_overrides`` is stored as sorted ``(year, op)`` pairs (a
    dict is accepted).  ``card_data_path`` names a user card list to load
    instead of the shipped one (``new_game(cards=...)`` takes a loaded one).
    ``first_player`` is ``"random"`` or a seat.
    """

    variant: Variant = "chrononauts"
    ripple_operator_overrides: tuple[tuple[int, str], ...] = attrs.field(
        default=(), converter=_overrides
    )  # C-RULING-1
    id_patched_match: Literal["specific_patch", "any_patch"] = "specific_patch"  # C-RULING-2
    nullified_patch_destination: Literal["discard", "out_of_game"] = "discard"  # C-RULING-3
    ripple_resolution_order: Literal["time_index"] = "time_index"  # C-RULING-4
    mona_lisa_tie_policy: Literal["not_most_convincing", "all_tied_count"] = (
        "not_most_convincing"  # C-RULING-5
    )
    memo_window: Literal["seat_order_until_all_pass"] = "seat_order_until_all_pass"  # C-RULING-6
    memo_can_counter_memo: bool = True
    memo_poll_all_players: bool = True
    empty_supply_policy: Literal["skip_draw", "end_game_draw"] = "skip_draw"  # C-RULING-7
    patch_requires_playable_if: bool = True  # C-RULING-8
    allow_patch_replacement: bool = False  # C-RULING-9
    paradox_limit: int = int_option(13, low=1, high=1000)  # C-RULING-10
    ultraparadox_blocks_post_1962_plays: bool = True  # C-RULING-11
    ultraparadox_post_1962_ripples: Literal["propagate_and_count", "frozen"] = "propagate_and_count"
    ultraparadox_id_cutoff_year: int = int_option(1962, low=-_YEARS, high=_YEARS)  # C-RULING-12
    honor_ultraparadox_exempt: bool = True
    ultraparadox_blocks_artifact_moves: bool = True  # C-RULING-13
    memo_consumes_play: bool = True  # C-RULING-14
    fast_forward_mode: Literal["draw2_play2", "two_extra_turns"] = (
        "two_extra_turns"  # C-RULING-15 (rulebook: "two extra turns in a row")
    )
    harvest_requires_legal_target: bool = True  # C-RULING-16
    quick_trip_recycle_if_empty: bool = False
    sell_artifact_source: Literal["table", "table_or_hand"] = "table"  # C-RULING-17
    get_there_first_effect: Literal["steal_artifact", "disabled"] = "steal_artifact"  # C-RULING-18
    it_never_existed_scope: Literal["any_artifact", "opponent_artifact"] = "any_artifact"  # C-RULING-19
    discontinuity_direction: Literal["player_choice", "next", "previous"] = "player_choice"  # C-RULING-20
    new_mission_target: Literal["any_player", "self"] = "any_player"  # C-RULING-21
    ypnm_target: Literal["any_player", "other_player"] = "any_player"  # C-RULING-22
    miracle_play_policy: Literal["must_play_else_discard"] = "must_play_else_discard"  # C-RULING-23
    miracle_bonus_icons: Literal["variant", "either"] = "variant"
    prevent_assassination_scope: Literal["true_side_assassinations", "all_assassinations"] = (
        "true_side_assassinations"  # C-RULING-24
    )
    restore_history_scope: Literal["any_alt", "disasters_only"] = "any_alt"  # C-RULING-25
    empty_hand_play_step: Literal["skip"] = "skip"  # C-RULING-26
    killing_time_in_effect_plays: bool = True
    auto_declare_victory: bool = True  # C-RULING-27
    goal_pile_model: Literal["random_top_fifo_bottom", "reshuffle"] = "random_top_fifo_bottom"  # C-RULING-28
    identity_mulligans: int = int_option(1, low=0, high=100)  # C-RULING-29
    solonauts_discard_policy: Literal["any_card", "patches_only"] = "any_card"  # C-RULING-30
    solonauts_home_permanent: bool = True
    solonauts_identity_count: int = int_option(8, low=6, high=14)
    artifaxx_ypnm: Literal["remove", "as_it_never_existed"] = "remove"  # C-RULING-31
    artifaxx_killing_time: bool = True
    artifaxx_hand_size_win: bool = False
    time_vortex_deal: Literal["round_robin_from_player", "restore_sizes"] = (
        "round_robin_from_player"  # C-RULING-32
    )
    mission_slot_matching: Literal["distinct_cards"] = "distinct_cards"  # C-RULING-33
    memo_self_target: bool = False  # C-RULING-34
    hand_size_win_threshold: int = int_option(10, low=1, high=1000)  # C-RULING-35
    hand_size_win_enabled: bool = True
    first_player: Literal["random"] | int = "random"  # C-RULING-36
    allow_extra_players: bool = False  # C-RULING-37
    max_turns: int | None = int_option(None, low=1, high=10_000_000)  # C-RULING-38
    card_data_path: str | None = None  # C-DATA-7

    def _check(self) -> None:
        """The fields whose annotation cannot say it all: operators, the first player, the path."""
        for year, op in self.ripple_operator_overrides:
            if op not in ("and", "or"):
                raise InvalidOptionError(
                    f"Chrononauts option ripple_operator_overrides[{year}] must be 'and' or 'or', "
                    f"not {brief(op)}"
                )
        first = self.first_player
        if not (first == "random" or (type(first) is int and first >= 0)):
            raise InvalidOptionError(
                f"Chrononauts option first_player must be 'random' or a seat number, not {brief(first)}"
            )
        if self.card_data_path is not None and type(self.card_data_path) is not str:
            raise InvalidOptionError(
                f"Chrononauts option card_data_path must be a path string or None, "
                f"not {brief(self.card_data_path)}"
            )

    def non_default(self) -> dict[str, Any]:
        """The fields that differ from the defaults, JSON-ready (what a state's JSON stores)."""
        defaults = _DEFAULTS.to_dict()
        return {name: value for name, value in self.to_dict().items() if value != defaults[name]}


_DEFAULTS: Final = Options()

__getattr__ = renamed_names(__name__, {"RulesConfig": "Options"}, globals())
