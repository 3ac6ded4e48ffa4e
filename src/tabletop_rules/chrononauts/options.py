"""The rules configuration: the variant and one field per ruling (C-DOC-4, §21, §22).

:class:`RulesConfig` is frozen, hashable and validated on construction; a bad
value raises :class:`~tabletop_rules.core.InvalidOptionError`.  Its defaults
play the spec's "most plausible reading", except ``fast_forward_mode``, whose
default follows the rulebook (see the module docs).
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from tabletop_rules.core.errors import InvalidOptionError

__all__ = ["VARIANTS", "RulesConfig"]

VARIANTS: Final = ("chrononauts", "artifaxx", "solonauts")

_CHOICES: Final[dict[str, tuple[Any, ...]]] = {
    "variant": VARIANTS,
    "id_patched_match": ("specific_patch", "any_patch"),
    "nullified_patch_destination": ("discard", "out_of_game"),
    "ripple_resolution_order": ("time_index",),
    "mona_lisa_tie_policy": ("not_most_convincing", "all_tied_count"),
    "memo_window": ("seat_order_until_all_pass",),
    "empty_supply_policy": ("skip_draw", "end_game_draw"),
    "ultraparadox_post_1962_ripples": ("propagate_and_count", "frozen"),
    "fast_forward_mode": ("draw2_play2", "two_extra_turns"),
    "sell_artifact_source": ("table", "table_or_hand"),
    "get_there_first_effect": ("steal_artifact", "disabled"),
    "it_never_existed_scope": ("any_artifact", "opponent_artifact"),
    "discontinuity_direction": ("player_choice", "next", "previous"),
    "new_mission_target": ("any_player", "self"),
    "ypnm_target": ("any_player", "other_player"),
    "miracle_play_policy": ("must_play_else_discard",),
    "miracle_bonus_icons": ("variant", "either"),
    "prevent_assassination_scope": ("true_side_assassinations", "all_assassinations"),
    "restore_history_scope": ("any_alt", "disasters_only"),
    "empty_hand_play_step": ("skip",),
    "goal_pile_model": ("random_top_fifo_bottom", "reshuffle"),
    "solonauts_discard_policy": ("any_card", "patches_only"),
    "artifaxx_ypnm": ("remove", "as_it_never_existed"),
    "time_vortex_deal": ("round_robin_from_player", "restore_sizes"),
    "mission_slot_matching": ("distinct_cards",),
}


def _overrides(value: Any) -> tuple[tuple[int, str], ...]:
    items = value.items() if isinstance(value, dict) else value
    try:
        pairs = tuple(sorted((int(k), str(v)) for k, v in items))
    except (TypeError, ValueError) as error:
        raise InvalidOptionError(
            f"ripple_operator_overrides must map years to 'and'/'or': {error}"
        ) from error
    return pairs


@attrs.frozen(cache_hash=True, kw_only=True)
class RulesConfig:
    """Every ruling of the Chrononauts spec as a field, with its default (§22).

    ``ripple_operator_overrides`` is stored as sorted ``(year, op)`` pairs (a
    dict is accepted).  ``card_data_path`` names a user card list to load
    instead of the shipped one (``new_game(cards=...)`` takes a loaded one).
    """

    variant: str = "chrononauts"
    ripple_operator_overrides: tuple[tuple[int, str], ...] = attrs.field(
        default=(), converter=_overrides
    )  # 1
    id_patched_match: str = "specific_patch"  # C-RULING-2
    nullified_patch_destination: str = "discard"  # C-RULING-3
    ripple_resolution_order: str = "time_index"  # C-RULING-4
    mona_lisa_tie_policy: str = "not_most_convincing"  # C-RULING-5
    memo_window: str = "seat_order_until_all_pass"  # C-RULING-6
    memo_can_counter_memo: bool = True
    memo_poll_all_players: bool = True
    empty_supply_policy: str = "skip_draw"  # C-RULING-7
    patch_requires_playable_if: bool = True  # C-RULING-8
    allow_patch_replacement: bool = False  # C-RULING-9
    paradox_limit: int = 13  # C-RULING-10
    ultraparadox_blocks_post_1962_plays: bool = True  # C-RULING-11
    ultraparadox_post_1962_ripples: str = "propagate_and_count"
    ultraparadox_id_cutoff_year: int = 1962  # C-RULING-12
    honor_ultraparadox_exempt: bool = True
    ultraparadox_blocks_artifact_moves: bool = True  # C-RULING-13
    memo_consumes_play: bool = True  # C-RULING-14
    fast_forward_mode: str = "two_extra_turns"  # C-RULING-15 (rulebook: "two extra turns in a row")
    harvest_requires_legal_target: bool = True  # C-RULING-16
    quick_trip_recycle_if_empty: bool = False
    sell_artifact_source: str = "table"  # C-RULING-17
    get_there_first_effect: str = "steal_artifact"  # C-RULING-18
    it_never_existed_scope: str = "any_artifact"  # C-RULING-19
    discontinuity_direction: str = "player_choice"  # C-RULING-20
    new_mission_target: str = "any_player"  # C-RULING-21
    ypnm_target: str = "any_player"  # C-RULING-22
    miracle_play_policy: str = "must_play_else_discard"  # C-RULING-23
    miracle_bonus_icons: str = "variant"
    prevent_assassination_scope: str = "true_side_assassinations"  # C-RULING-24
    restore_history_scope: str = "any_alt"  # C-RULING-25
    empty_hand_play_step: str = "skip"  # C-RULING-26
    killing_time_in_effect_plays: bool = True
    auto_declare_victory: bool = True  # C-RULING-27
    goal_pile_model: str = "random_top_fifo_bottom"  # C-RULING-28
    identity_mulligans: int = 1  # C-RULING-29
    solonauts_discard_policy: str = "any_card"  # C-RULING-30
    solonauts_home_permanent: bool = True
    solonauts_identity_count: int = 8
    artifaxx_ypnm: str = "remove"  # C-RULING-31
    artifaxx_killing_time: bool = True
    artifaxx_hand_size_win: bool = False
    time_vortex_deal: str = "round_robin_from_player"  # C-RULING-32
    mission_slot_matching: str = "distinct_cards"  # C-RULING-33
    memo_self_target: bool = False  # C-RULING-34
    hand_size_win_threshold: int = 10  # C-RULING-35
    hand_size_win_enabled: bool = True
    first_player: str | int = "random"  # C-RULING-36
    allow_extra_players: bool = False  # C-RULING-37
    max_turns: int | None = None  # C-RULING-38
    card_data_path: str | None = None  # C-DATA-7

    def __attrs_post_init__(self) -> None:
        for field in attrs.fields(RulesConfig):
            value = getattr(self, field.name)
            if field.name in _CHOICES:
                if value not in _CHOICES[field.name]:
                    raise InvalidOptionError(
                        f"{field.name}={value!r} is not one of {list(_CHOICES[field.name])}"
                    )
            elif str(field.type) == "bool" and not isinstance(value, bool):
                raise InvalidOptionError(f"{field.name} must be a bool, got {value!r}")
            elif str(field.type) == "int" and (not isinstance(value, int) or isinstance(value, bool)):
                raise InvalidOptionError(f"{field.name} must be an int, got {value!r}")
        for year, op in self.ripple_operator_overrides:
            if op not in ("and", "or"):
                raise InvalidOptionError(f"ripple_operator_overrides[{year}]={op!r} must be 'and' or 'or'")
        if self.paradox_limit < 1:
            raise InvalidOptionError(f"paradox_limit must be at least 1, got {self.paradox_limit}")
        if self.identity_mulligans < 0:
            raise InvalidOptionError(f"identity_mulligans must be >= 0, got {self.identity_mulligans}")
        if not 6 <= self.solonauts_identity_count <= 14:
            raise InvalidOptionError(
                f"solonauts_identity_count must be 6..14, got {self.solonauts_identity_count}"
            )
        if self.hand_size_win_threshold < 1:
            raise InvalidOptionError(
                f"hand_size_win_threshold must be >= 1, got {self.hand_size_win_threshold}"
            )
        if not (
            self.first_player == "random"
            or (
                isinstance(self.first_player, int)
                and not isinstance(self.first_player, bool)
                and self.first_player >= 0
            )
        ):
            raise InvalidOptionError(
                f"first_player must be 'random' or a seat number, got {self.first_player!r}"
            )
        if self.max_turns is not None and (
            not isinstance(self.max_turns, int) or isinstance(self.max_turns, bool) or self.max_turns < 1
        ):
            raise InvalidOptionError(f"max_turns must be None or a positive int, got {self.max_turns!r}")
        if self.card_data_path is not None and not isinstance(self.card_data_path, str):
            raise InvalidOptionError("card_data_path must be a string path or None")

    def to_dict(self) -> dict[str, Any]:
        """The non-default fields, JSON-ready."""
        out: dict[str, Any] = {}
        defaults = RulesConfig()
        for field in attrs.fields(RulesConfig):
            value = getattr(self, field.name)
            if value != getattr(defaults, field.name):
                out[field.name] = (
                    [list(p) for p in value] if field.name == "ripple_operator_overrides" else value
                )
        return out

    @classmethod
    def from_dict(cls, data: Any) -> RulesConfig:
        """Build from :meth:`to_dict` output; unknown fields raise :class:`InvalidOptionError`."""
        if not isinstance(data, dict):
            raise InvalidOptionError("options must be an object")
        names = {f.name for f in attrs.fields(RulesConfig)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise InvalidOptionError(f"unknown option field(s): {unknown}")
        try:
            return cls(**data)
        except TypeError as error:
            raise InvalidOptionError(str(error)) from error
