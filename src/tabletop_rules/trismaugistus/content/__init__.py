"""Content packs: typed records, the checked loader, the cross-record checks and the verification view.

`records` holds the frozen pack records, `loader` reads a pack (size first,
strict JSON, every field typed through the readers of `fields`) and `checks`
runs the validators V-1..V-13; `pack_problems` lists every problem at once;
`template` writes a blank pack for owners to fill in; `show` prints a pack as
tables; `data/` holds the shipped **fictional** pack.
Bad content raises `core.InvalidContentError`.
"""

from tabletop_rules.trismaugistus.content.checks import check_pack
from tabletop_rules.trismaugistus.content.loader import (
    EXAMPLE_PACK_ID,
    MAX_CONTENT_CHARS,
    FictionalPackWarning,
    PackProblem,
    default_pack,
    load_pack,
    pack_from_dict,
    pack_from_json,
    pack_problems,
    pack_problems_in_text,
    pack_to_dict,
)
from tabletop_rules.trismaugistus.content.records import (
    Action,
    Artifact,
    AutomaCard,
    BoardSpec,
    BonusSpace,
    DifficultyPreset,
    Experiment,
    FormulaScoring,
    Masterpiece,
    Objective,
    Pack,
    PicturedDie,
    Requirement,
    TrackSpec,
)
from tabletop_rules.trismaugistus.content.template import pack_template

__all__ = [
    "EXAMPLE_PACK_ID",
    "MAX_CONTENT_CHARS",
    "Action",
    "Artifact",
    "AutomaCard",
    "BoardSpec",
    "BonusSpace",
    "DifficultyPreset",
    "Experiment",
    "FictionalPackWarning",
    "FormulaScoring",
    "Masterpiece",
    "Objective",
    "Pack",
    "PackProblem",
    "PicturedDie",
    "Requirement",
    "TrackSpec",
    "check_pack",
    "default_pack",
    "load_pack",
    "pack_from_dict",
    "pack_from_json",
    "pack_problems",
    "pack_problems_in_text",
    "pack_template",
    "pack_to_dict",
]
