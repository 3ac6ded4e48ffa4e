"""Tab completion of the notation, from the engine's menu, the pack and the board (no terminal needed).

`complete` answers for one word of a line: the head words and the companion's commands first; then,
for the player's reports and the chance outcomes, the next word of every line the engine accepts now
(so ``draft`` offers only the dice in the bowls, ``draw`` only the cards in the automa's draw pile);
for ``setup`` and ``report``, which take many more texts than any menu lists, the keys and the ids of
the pack (starting experiments, artifacts of a colour, objectives ...).  Readline is told to split
words on blanks only, so a word such as ``areas=iron:FX-E0`` is completed as a whole.
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop_rules import trismaugistus as tm
from tabletop_rules.trismaugistus.vocabulary import COLOURS, ELEMENTS, FACES

from .helptext import HEADS, menu_lines

__all__ = ["complete"]

_SETUP_KEYS = ("exp=", "art=", "cube=", "objectives=", "row=", "unavailable=", "purple=")
_REPORT_KEYS = ("bowls=", "areas=", "offers=", "objectives=")
_REASONS = ("round_start", "refill", "correction", "score")


def complete(state: tm.State, words: list[str], prefix: str, commands: Iterable[str] = ()) -> list[str]:
    """The completions of the word ``prefix`` after the complete ``words`` of a line, sorted.

    Args:
        state: the game now.
        words: the words before the one being completed.
        prefix: the start of the word being completed (may be empty).
        commands: the companion's own commands, completed as first words.
    """
    if not words:
        found: Iterable[str] = (*HEADS, *commands)
    elif words[0] == "help":
        found = (*HEADS, *commands) if len(words) == 1 else ()
    elif words[0] == "setup":
        found = _setup(state, words, prefix)
    elif words[0] == "report" and not (len(words) > 1 and words[1] == "score"):
        found = _report(state, words, prefix)
    else:
        found = _from_menu(state, words)
    return sorted({w for w in found if w.startswith(prefix)})


def _from_menu(state: tm.State, words: list[str]) -> list[str]:
    k = len(words)
    out = []
    for line in menu_lines(state):
        parts = line.split()
        if len(parts) > k and parts[:k] == words:
            out.append(parts[k])
    if words == ["black-die"] and state.pending is not None and state.pending.kind == "objective_die":
        out += [str(v) for v in range(1, 7)]
    return out


def _split(prefix: str) -> tuple[str, str, str]:
    """A ``key=value`` word split as (key, the text before the item being typed, that item's text)."""
    key, _, value = prefix.partition("=")
    done, comma, last = value.rpartition(",")
    return key, f"{key}={done}{comma}", last


def _ids(head: str, ids: Iterable[str]) -> list[str]:
    return [head + i for i in ids]


def _setup(state: tm.State, words: list[str], prefix: str) -> list[str]:
    pack = state.pack
    if len(words) == 1:
        return ["d1", "d2", "d3"]
    if "=" not in prefix:
        used = {w.partition("=")[0] + "=" for w in words}
        return [k for k in _SETUP_KEYS if k not in used]
    key, head, _ = _split(prefix)
    ids: dict[str, Iterable[str]] = {
        "exp": (e.id for e in pack.experiments if e.stage == "starting"),
        "art": (a.id for a in pack.artifacts if a.starting),
        "cube": ELEMENTS,
        "objectives": (o.id for o in pack.objectives),
        "row": (o.id for o in pack.objectives),
        "unavailable": (m.id for m in pack.masterpieces),
        "purple": pack.cards_of("purple"),
    }
    return _ids(head, ids.get(key, ()))


def _report(state: tm.State, words: list[str], prefix: str) -> list[str]:
    if "=" not in prefix:
        keys = [k for k in _REPORT_KEYS if not any(w.startswith(k) for w in words)]
        return [*keys, *_REASONS] if len(words) == 1 else keys
    key, head, item = _split(prefix)
    pack = state.pack
    if key == "objectives":
        return _ids(head, (o.id for o in pack.objectives))
    groups = {"bowls": FACES, "areas": FACES, "offers": COLOURS}.get(key)
    if groups is None:
        return []
    if ":" not in item:
        return _ids(head, (f"{g}:" for g in groups))
    group, _, ids = item.partition(":")
    before, plus, _ = ids.rpartition("+")
    start = f"{head}{group}:{before}{plus}"
    owned = {*state.automa.experiments, *state.automa.artifacts, *state.human_experiments,
             *state.human_artifacts}  # fmt: skip
    if key == "areas":
        return _ids(start, (e.id for e in pack.experiments if e.stage != "starting" and e.id not in owned))
    if key == "offers":
        free = (a.id for a in pack.artifacts if not a.starting and a.colour == group and a.id not in owned)
        return _ids(start, free)
    return _ids(start, ("-",)) if not ids else []
