"""The rulings of spec section 4 as one frozen, validated `Options` object.

Every ruling ``T-RULING-n`` that is a configuration choice is a field of
`Options`, with the spec's default.  Rulings that the spec fixes have a field
that accepts only its one value (so the object documents every ruling in one
place); rulings that are inputs of a game live in the `Setup` move or in the
pack (see `RULING_FIELDS`).  The allowed values of every field come from its
annotation (`core.GameOptions`): there is no hand-kept table.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any, Final, Literal, TypeAlias

import attrs

from tabletop_rules.core.deprecation import renamed_names
from tabletop_rules.core.errors import InvalidOptionError
from tabletop_rules.core.jsonio import brief
from tabletop_rules.core.options import GameOptions, int_option

__all__ = ["RULING_FIELDS", "Options"]

LevelOrder: TypeAlias = tuple[str, ...]

RULING_FIELDS: Final[dict[str, str]] = {
    "T-RULING-1": "nearest_excludes_maxed",
    "T-RULING-2": "Setup.tiebreak_track",
    "T-RULING-3": "bonus_order",
    "T-RULING-4": "setup_advance_triggers_bonuses",
    "T-RULING-5": "starting_experiment_resolved",
    "T-RULING-6": "symbol_only_tiebreak, colour_only_tiebreak",
    "T-RULING-7": "no_match_fallback",
    "T-RULING-8": "no_die_card_handling",
    "T-RULING-9": "overrun_action_die",
    "T-RULING-10": "artifact_choice",
    "T-RULING-11": "pack: board.artifact_slots_per_colour",
    "T-RULING-12": "wild_experiment_area",
    "T-RULING-13": "missing_type_pick",
    "T-RULING-14": "type_comparison",
    "T-RULING-15": "Setup.bonus_layout (and ReportBoard.bonus_layout)",
    "T-RULING-16": "automa_finish_timing",
    "T-RULING-17": "reaction_reports",
    "T-RULING-18": "reshuffle_timing",
    "T-RULING-19": "difficulty_constants",
    "T-RULING-20": "Setup.masterpieces_unavailable",
    "T-RULING-21": "masterpiece_payment_moves_marker",
    "T-RULING-22": "formula_purchase, max_formula_purchases",
    "T-RULING-23": "pack: formula_scoring.vp_by_count",
    "T-RULING-24": "track_symbol_count",
    "T-RULING-25": "symbol_count",
    "T-RULING-26": "purple_sections",
    "T-RULING-27": "Setup.objective_purple_ids",
    "T-RULING-28": "level3_purple_placement",
    "T-RULING-29": "purple_discard_timing",
    "T-RULING-30": "objective_die_mapping",
    "T-RULING-31": "objective_no_target",
    "T-RULING-32": "completed_objective_cubes",
}
"""Where each ruling of spec section 4 is configured."""


def _as_order(value: Any) -> LevelOrder:
    if not isinstance(value, list | tuple):
        raise InvalidOptionError(f"a tie-break order must be a sequence of names, got {brief(value)}")
    return tuple(value)


@attrs.frozen(cache_hash=True, repr=False)
class Options(GameOptions):
    """The rulings (spec section 4); every default is the spec's normative default.

    Construction validates every field and raises `InvalidOptionError` naming
    the field and the accepted values (`Options.choices` lists them).  Field by
    ruling:

    * ``nearest_excludes_maxed`` (T-RULING-1): a maxed track is no candidate for "advance nearest".
    * ``bonus_order`` (T-RULING-3): bonuses resolve in rising order after a multi-level move.
    * ``setup_advance_triggers_bonuses`` (T-RULING-4).
    * ``starting_experiment_resolved`` (T-RULING-5).
    * ``symbol_only_tiebreak`` / ``colour_only_tiebreak`` (T-RULING-6): the order of the tie-breaks
      below potency at die-choice levels B and C; permutations of ``("wild", "leftmost", "colour")``
      and ``("wild", "leftmost", "symbol")``.
    * ``no_match_fallback`` (T-RULING-7), ``no_die_card_handling`` (T-RULING-8).
    * ``overrun_action_die`` (T-RULING-9, fixed): the action uses the card's own die.
    * ``artifact_choice`` (T-RULING-10), ``wild_experiment_area`` (T-RULING-12),
      ``missing_type_pick`` (T-RULING-13).
    * ``type_comparison`` (T-RULING-14, fixed): types are compared with the experiments held before.
    * ``automa_finish_timing`` (T-RULING-16), ``reaction_reports`` (T-RULING-17, fixed),
      ``reshuffle_timing`` (T-RULING-18).
    * ``difficulty_constants`` (T-RULING-19, fixed): the seed's constants of spec table 3.2.
    * ``masterpiece_payment_moves_marker`` (T-RULING-21): with ``True`` the paid-for steps move
      the marker up to the requirement (no bonuses: the game is over).
    * ``formula_purchase`` / ``max_formula_purchases`` (T-RULING-22).
    * ``track_symbol_count`` (T-RULING-24), ``symbol_count`` (T-RULING-25, fixed).
    * ``purple_sections`` (T-RULING-26, fixed), ``level3_purple_placement`` (T-RULING-28),
      ``purple_discard_timing`` (T-RULING-29), ``objective_die_mapping`` (T-RULING-30),
      ``objective_no_target`` (T-RULING-31, fixed), ``completed_objective_cubes`` (T-RULING-32, fixed).

    T-RULING-2, -15, -20 and -27 are inputs of the `Setup` move; T-RULING-11 and -23 are pack data.

    One field is not a ruling of the spec but of the library, for the table companion:

    * ``score_tie``: who wins when the human's reported score (`ReportFinalScore`)
      equals the automa's total.  The seed says nothing about it and the spec leaves
      "who wins" to the base game (spec 1.2), whose tie-breaker the engine does not
      model, so the default ``"shared"`` reports a tie and leaves the tie-breaker to
      the table; ``"human"`` and ``"automa"`` give the tie to that side.
    """

    nearest_excludes_maxed: bool = True
    bonus_order: Literal["ascending_after_move"] = "ascending_after_move"
    setup_advance_triggers_bonuses: bool = True
    starting_experiment_resolved: bool = True
    symbol_only_tiebreak: LevelOrder = attrs.field(
        default=("wild", "leftmost", "colour"), converter=_as_order
    )
    colour_only_tiebreak: LevelOrder = attrs.field(
        default=("wild", "leftmost", "symbol"), converter=_as_order
    )
    no_match_fallback: Literal["any_die", "end_round"] = "any_die"
    no_die_card_handling: Literal["discard_unresolved", "resolve_action_only"] = "discard_unresolved"
    overrun_action_die: Literal["card_die"] = "card_die"
    artifact_choice: Literal["placed_potency_parity", "remaining_potency_parity", "roll_d6", "first_slot"] = (
        "placed_potency_parity"
    )
    wild_experiment_area: Literal["bowl_area", "all_areas", "matched_symbol"] = "bowl_area"
    missing_type_pick: Literal["highest_vp", "first_slot"] = "highest_vp"
    type_comparison: Literal["before_this_experiment"] = "before_this_experiment"
    automa_finish_timing: Literal["on_third_die_exhausted", "on_next_turn"] = "on_third_die_exhausted"
    reaction_reports: Literal["between_turns"] = "between_turns"
    reshuffle_timing: Literal["on_draw", "on_empty"] = "on_draw"
    difficulty_constants: Literal["seed"] = "seed"
    masterpiece_payment_moves_marker: bool = False
    formula_purchase: Literal["max_affordable", "only_if_gain", "never"] = "max_affordable"
    max_formula_purchases: int = int_option(4, low=0, high=4)
    track_symbol_count: Literal["reached_or_passed", "current_level_only"] = "reached_or_passed"
    symbol_count: Literal["every_printed_symbol"] = "every_printed_symbol"
    purple_sections: Literal["ignored"] = "ignored"
    level3_purple_placement: Literal["draw_deck", "face_up_discard"] = "draw_deck"
    purple_discard_timing: Literal["before_extra_draw", "end_of_turn"] = "before_extra_draw"
    objective_die_mapping: Literal["row_position", "kth_face_up"] = "row_position"
    objective_no_target: Literal["skip"] = "skip"
    completed_objective_cubes: Literal["return_to_supply"] = "return_to_supply"
    score_tie: Literal["shared", "human", "automa"] = "shared"

    def _check(self) -> None:
        """T-RULING-6: each tie-break order is a permutation of its three criteria."""
        for name, own in (("symbol_only_tiebreak", "colour"), ("colour_only_tiebreak", "symbol")):
            value = getattr(self, name)
            if (
                not isinstance(value, tuple)
                or any(not isinstance(x, str) for x in value)
                or sorted(value) != sorted(("wild", "leftmost", own))
            ):
                raise InvalidOptionError(
                    f"Trismaugistus option {name} must order 'wild', 'leftmost' and {brief(own)},"
                    f" got {brief(value)}"
                )


def _config_to_dict(config: Options) -> dict[str, Any]:
    """Deprecated: `Options.to_dict`."""
    return config.to_dict()


def _config_from_dict(raw: Mapping[str, Any]) -> Options:
    """Deprecated: `Options.from_dict`."""
    return Options.from_dict(raw)


_renamed = renamed_names(__name__, {"TrismaugistusConfig": "Options"}, globals())
_REPLACED: Final = {
    "config_to_dict": ("Options.to_dict", _config_to_dict),
    "config_from_dict": ("Options.from_dict", _config_from_dict),
}


def __getattr__(name: str) -> Any:
    """Serve the deprecated names of this module with a `DeprecationWarning`."""
    if name in _REPLACED:
        new, function = _REPLACED[name]
        warnings.warn(
            f"{__name__}.{name} is deprecated since 0.2 and will be removed in 0.3; use {new}",
            DeprecationWarning,
            stacklevel=2,
        )
        return function
    return _renamed(name)
