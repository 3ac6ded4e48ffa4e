"""The automa's turn steps: tracks and bonuses (T-BONUS, T-ACT-6), actions (T-ACT), dice (T-DIE-7/8).

The steps work on a `Work` copy of one state (private, mutable, thrown away
after one transition), so the public API stays pure: the input state is never
touched, and `Work.freeze` builds the next state in one go.  Every
decision appends a `TraceLine` saying which clause applied and why.  The die
choice itself is in `automa_choice`, the track lookups in `automa_tracks`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from tabletop_rules.trismaugistus.automa_choice import DieChoice
from tabletop_rules.trismaugistus.automa_tracks import TrackTables, nearest_track, track_tables
from tabletop_rules.trismaugistus.content.records import AutomaCard
from tabletop_rules.trismaugistus.moves import Bowls, ObjectiveSlot
from tabletop_rules.trismaugistus.state import (
    AutomaState,
    BoardMirror,
    DieOnTracker,
    Pending,
    Phase,
    State,
    TraceLine,
    trace_line,
)
from tabletop_rules.trismaugistus.vocabulary import (
    ALL_AREAS_ORDER,
    COLOUR_INDEX,
    ELEMENT_INDEX,
    ELEMENTS,
    FACE_INDEX,
    MAX_POTENCY,
    REPEAT_TYPE_GOLD,
    Colour,
    Element,
    Face,
    Side,
)

__all__ = ["Work", "without_die"]


@functools.lru_cache(maxsize=4096)  # immutable keys and values; the bowls of a round repeat across games
def without_die(bowls: Bowls, face: int, colour: int) -> Bowls:
    """``bowls`` after one die of ``colour`` (a `COLOURS` index) left the bowl of ``face`` (B-5, T-DIE-7)."""
    counts = list(bowls[face])
    counts[colour] -= 1
    return (*bowls[:face], (counts[0], counts[1], counts[2]), *bowls[face + 1 :])


class Work:
    """A mutable working copy of one state, used inside a single transition and then frozen.

    The copy is lazy: the board's areas, offers and objectives are copied only
    when a step reads them through their attribute (a property); the automa's
    piles and the bowls stay immutable and are replaced when they change; and
    `freeze` reuses every part that was never touched.  The flow fields (phase,
    round, whose turn ...) are plain attributes, so a whole transition builds
    exactly one new state.
    """

    __slots__ = (
        "_areas",
        "_objectives",
        "_offers",
        "active",
        "artifacts",
        "automa_finished",
        "board",
        "bonus_layout",
        "bowls",
        "dice_used",
        "discard",
        "draw_pile",
        "ether",
        "exhausted",
        "experiments",
        "first_finisher",
        "first_player",
        "gold",
        "held",
        "human_dice",
        "human_finished",
        "levels",
        "options",
        "pack",
        "pending",
        "phase",
        "round",
        "state",
        "tiebreak",
        "to_move",
        "trace",
        "turn",
        "vp",
    )  # fmt: skip

    def __init__(self, state: State, board: BoardMirror | None = None) -> None:
        a = state.automa
        self.state = state
        # the mirror this transition starts from: the state's, or a report's new one (which thus
        # needs no intermediate state)
        self.board = state.board if board is None else board
        self.pack = state.pack
        self.options = state.options
        self.vp = a.vp
        self.gold = a.gold
        self.ether = a.ether
        self.levels: tuple[int, ...] = a.levels  # ELEMENTS order; replaced when a marker moves
        self.tiebreak: Element = a.tiebreak_track
        self.active: DieOnTracker | None = a.active_die
        self.dice_used = a.dice_used
        self.bonus_layout = self.board.bonus_layout
        # The automa's piles and the bowls are immutable values, replaced when a step changes them
        # (a card discarded: ``w.discard = (*w.discard, card)``): a transition changes one or two
        # items, so this is cheaper than copying them into lists and back, and `freeze` stores them
        # as they are.
        self.experiments: tuple[str, ...] = a.experiments  # resolved, in order
        self.artifacts: tuple[str, ...] = a.artifacts
        self.exhausted: tuple[tuple[Face, Colour], ...] = a.exhausted
        self.draw_pile: frozenset[str] = a.draw_pile
        self.discard: tuple[str, ...] = a.discard  # bottom to top
        self.held: tuple[str, ...] = a.held_purples  # purple cards held until the end of the turn
        self.bowls: Bowls = self.board.bowls  # a die taken replaces it (`without_die`)
        self._areas: list[list[str]] | None = None
        self._offers: list[list[str]] | None = None
        self._objectives: list[ObjectiveSlot] | None = None
        self.trace: list[TraceLine] = []
        # the flow fields, set by the transition and written by freeze()
        self.phase: Phase = state.phase
        self.round = state.round
        self.turn = state.turn
        self.first_player: Side = state.first_player
        self.to_move: Side = state.to_move
        self.human_finished = state.human_finished
        self.automa_finished = state.automa_finished
        self.first_finisher: Side | None = state.first_finisher
        self.human_dice = state.human_dice
        self.pending: Pending | None = state.pending

    # --- lazily copied parts of the board (read or write them through these properties) ---------

    @property
    def areas(self) -> list[list[str]]:
        """The experiment areas (private lists)."""
        if self._areas is None:
            self._areas = [list(x) for x in self.board.areas]
        return self._areas

    @property
    def offers(self) -> list[list[str]]:
        """The artifact offers (private lists)."""
        if self._offers is None:
            self._offers = [list(x) for x in self.board.offers]
        return self._offers

    @property
    def objectives(self) -> list[ObjectiveSlot]:
        """The objective row (a private list)."""
        if self._objectives is None:
            self._objectives = list(self.board.objectives)
        return self._objectives

    def areas_view(self) -> Sequence[Sequence[str]]:
        """The experiment areas, for reading only (no copy unless a step changed them)."""
        return self._areas if self._areas is not None else self.board.areas

    def offers_view(self) -> Sequence[Sequence[str]]:
        """The artifact offers, for reading only (no copy unless a step changed them)."""
        return self._offers if self._offers is not None else self.board.offers

    def objectives_view(self) -> Sequence[ObjectiveSlot]:
        """The objective row, for reading only (no copy unless a step changed it)."""
        return self._objectives if self._objectives is not None else self.board.objectives

    @property
    def tables(self) -> TrackTables:
        """The pack's track tables (looked up only by the steps that need them)."""
        return track_tables(self.pack)

    def note(self, clause: str, text: str) -> None:
        """Record one step of the trace."""
        self.trace.append(trace_line(clause, text))

    def money(self) -> str:
        """The automa's VP, gold and ether, for the trace."""
        return f"VP {self.vp}, gold {self.gold}, ether {self.ether}"

    def freeze(self) -> State:
        """The next state: the working copy with its flow fields, built in one go."""
        state = self.state
        a = state.automa
        b = self.board
        if (
            self.draw_pile is a.draw_pile
            and self.discard is a.discard
            and self.exhausted is a.exhausted
            and self.experiments is a.experiments
            and self.artifacts is a.artifacts
            and self.held is a.held_purples
            and self.vp == a.vp
            and self.gold == a.gold
            and self.ether == a.ether
            and self.dice_used == a.dice_used
            and self.active is a.active_die
            and self.tiebreak == a.tiebreak_track
            and self.levels is a.levels
        ):
            automa = a  # untouched by this transition
        else:
            # Every field through the record's builder (`core.frozen.native_record`): cheaper than
            # `evolve` for a record whose fields (almost) all change.
            automa = AutomaState._built(
                vp=self.vp,
                gold=self.gold,
                ether=self.ether,
                levels=self.levels,
                tiebreak_track=self.tiebreak,
                starting_experiment=a.starting_experiment,
                experiments=self.experiments,
                artifacts=self.artifacts,
                active_die=self.active,
                exhausted=self.exhausted,
                dice_used=self.dice_used,
                draw_pile=self.draw_pile,
                discard=self.discard,
                held_purples=self.held,
            )
        if (
            self.bowls is b.bowls
            and self._areas is None
            and self._offers is None
            and self._objectives is None
            and self.bonus_layout is b.bonus_layout
        ):
            board = b
        else:
            # Every field by keyword, as for the automa above.
            board = BoardMirror(
                bowls=self.bowls,
                areas=b.areas if self._areas is None else tuple(map(tuple, self._areas)),
                offers=b.offers if self._offers is None else tuple(map(tuple, self._offers)),
                objectives=b.objectives if self._objectives is None else tuple(self._objectives),
                bonus_layout=self.bonus_layout,
            )
        # Every field, through the state's builder (see above): the one new state of the transition.
        return State._built(
            pack=state.pack,
            options=state.options,
            phase=self.phase,
            difficulty=state.difficulty,
            objectives_enabled=state.objectives_enabled,
            masterpiece_deck=state.masterpiece_deck,
            round=self.round,
            turn=self.turn,
            first_player=self.first_player,
            to_move=self.to_move,
            human_finished=self.human_finished,
            automa_finished=self.automa_finished,
            first_finisher=self.first_finisher,
            human_dice=self.human_dice,
            human_experiments=state.human_experiments,
            human_artifacts=state.human_artifacts,
            automa=automa,
            board=board,
            pending=self.pending,
            score=state.score,
            trace=tuple(self.trace),
        )

    # --- tracks and bonuses (T-BONUS, T-ACT-6, T-RULING-1, T-RULING-3) ------------------------------

    def level(self, element: Element) -> int:
        """The automa's marker on ``element``."""
        return self.levels[ELEMENT_INDEX[element]]

    def move_marker(self, element: Element, new_level: int, *, bonuses: bool = True) -> None:
        """Move a marker up to ``new_level``, then resolve each bonus passed in rising order (T-RULING-3)."""
        i = ELEMENT_INDEX[element]
        old = self.levels[i]
        if new_level <= old:
            return
        self.levels = (*self.levels[:i], new_level, *self.levels[i + 1 :])
        self.note("T-BONUS-1" if bonuses else "T-RULING-4", f"{element} {old} -> {new_level}")
        if not bonuses:
            return
        for space in self.bonus_layout[i]:
            if old < space.level <= new_level:
                self.bonus(element, space.level, space.kind)

    def bonus(self, element: Element, level: int, kind: str) -> None:
        """One bonus token's benefit (T-BONUS-2..4)."""
        if kind == "ether_die":
            self.ether += 1
            self.note("T-BONUS-2", f"bonus {element}@{level} ether_die: ether +1 -> {self.ether}")
        elif kind == "vp_5":
            self.vp += 5
            self.note("T-BONUS-3", f"bonus {element}@{level} vp_5: VP +5 -> {self.vp}")
        else:
            self.note("T-BONUS-4", f"bonus {element}@{level} advance_nearest")
            self.advance_nearest()

    def step(self, element: Element, why: str) -> None:
        """Move up 1 step, or gain 1 VP if the marker is at the maximum (T-BONUS-5)."""
        i = ELEMENT_INDEX[element]
        if self.levels[i] >= self.tables.max_levels[i]:
            self.vp += 1
            self.note("T-BONUS-5", f"{why}: {element} is at its maximum {self.levels[i]}, VP +1 -> {self.vp}")
            return
        # the clause of the cause: T-ACT-9 (a given track), T-ACT-3 (an experiment already met), T-ACT-6
        clause = "T-ACT-9" if why == "advance_track" else "T-ACT-3" if why == "experiment" else "T-ACT-6"
        self.note(clause, f"{why}: {element} +1")
        self.move_marker(element, self.levels[i] + 1)

    def advance_nearest(self) -> None:
        """T-ACT-6 / T-BONUS-4 with T-RULING-1: one step on the track closest to a bonus or its end."""
        winner, distances = nearest_track(
            self.levels,
            self.bonus_layout,
            self.tables,
            self.tiebreak,
            self.options.nearest_excludes_maxed,
        )
        shown = " ".join(
            f"{e[0].upper()}{'-' if d is None else d}" for e, d in zip(ELEMENTS, distances, strict=True)
        )
        if winner is None:
            self.vp += 1
            self.note("T-BONUS-5", f"advance nearest: every track is at its maximum, VP +1 -> {self.vp}")
            return
        self.note("T-ACT-6", f"advance nearest: distances {shown}, cube on {self.tiebreak} -> {winner}")
        self.step(winner, "advance nearest")

    # --- the card's action (T-ACT) -----------------------------------------------------------------

    def take_experiment(self, die: DieOnTracker | None) -> None:
        """T-ACT-2..5 with T-RULING-12..14."""
        faces = self.experiment_faces(die)
        offered = [
            (area, slot, eid)
            for area, face in enumerate(faces)
            for slot, eid in enumerate(self.areas_view()[FACE_INDEX[face]])
        ]
        if not offered:
            self.gold += 1
            where = "/".join(faces) if faces else "no"
            self.note("T-ACT-2", f"take experiment: the {where} area is empty, gold +1 -> {self.gold}")
            return
        exp = self.pack.experiment
        have = {exp[e].type for e in self.experiments}  # T-RULING-14: before this one
        missing = [o for o in offered if exp[o[2]].type not in have]
        if missing and self.options.missing_type_pick == "first_slot":
            pick = min(missing, key=lambda o: (o[0], o[1]))
            why = "first missing type in slot order (T-RULING-13)"
        elif missing:
            pick = min(missing, key=lambda o: (-exp[o[2]].vp, o[0], o[1]))
            why = "missing type with the most VP"
        else:
            pick = min(offered, key=lambda o: (-exp[o[2]].vp, o[0], o[1]))
            why = "no missing type on offer; the most VP"
        face = faces[pick[0]]
        experiment = exp[pick[2]]
        self.areas[FACE_INDEX[face]].remove(experiment.id)
        listing = ", ".join(f"{e} ({exp[e].type}, {exp[e].vp} VP)" for _, _, e in offered)
        self.note("T-ACT-2", f"take experiment from {'/'.join(faces)} [{listing}]: {experiment.id}, {why}")
        req = experiment.requirement
        current = self.level(req.track)
        if current < req.level:
            self.note("T-ACT-3", f"{experiment.id} needs {req}: raise {req.track} {current} -> {req.level}")
            self.move_marker(req.track, req.level)
        else:
            self.note("T-ACT-3", f"{experiment.id} needs {req}: already {current}, one step up")
            self.step(req.track, "experiment")
        self.experiments = (*self.experiments, experiment.id)
        if experiment.type in have:
            gain = REPEAT_TYPE_GOLD[self.state.difficulty]
            self.gold += gain
            self.note("T-ACT-4", f"already had a {experiment.type}: gold +{gain} -> {self.gold}")

    def experiment_faces(self, die: DieOnTracker | None) -> tuple[Face, ...]:
        """The areas the die takes experiments from, in search order (B-6, T-RULING-12)."""
        if die is None:
            return ()
        if die.face != "wild":
            return (die.face,)
        mode = self.options.wild_experiment_area
        if mode == "bowl_area" and "wild" in self.tables.area_faces:
            return ("wild",)
        if mode == "matched_symbol" and die.matched_symbol is not None:
            return (die.matched_symbol,)
        return ALL_AREAS_ORDER

    def take_artifact(self, die: DieOnTracker | None, card_id: str) -> Pending | None:
        """T-ACT-7 with T-RULING-10; returns the pending artifact die for ``roll_d6``."""
        if die is None:
            self.note("T-RULING-8", "take artifact: no die, nothing happens")
            return None
        offer = self.offers_view()[COLOUR_INDEX[die.colour]]
        if not offer:
            self.note("T-ACT-7", f"take artifact: the {die.colour} offer is empty, nothing happens")
            return None
        if len(offer) == 1:
            self.take_artifact_slot(die.colour, 1, "the only one on offer")
            return None
        mode = self.options.artifact_choice
        if mode == "roll_d6":
            self.note("T-RULING-10", f"take artifact: roll a die for {offer[0]} (1-3) or {offer[1]} (4-6)")
            return Pending(kind="artifact_die", card_id=card_id, die=die)
        if mode == "first_slot":
            self.take_artifact_slot(die.colour, 1, "first slot (T-RULING-10)")
        else:
            value = die.placed if mode == "placed_potency_parity" else max(die.remaining, 0)
            slot = 1 if value % 2 else 2
            label = "placed" if mode == "placed_potency_parity" else "remaining"
            self.take_artifact_slot(
                die.colour, slot, f"{label} potency {value} is {'odd' if slot == 1 else 'even'}"
            )
        return None

    def take_artifact_slot(self, colour: Colour, slot: int, why: str) -> None:
        """Take the artifact in ``slot`` (1-based) of the ``colour`` offer."""
        offer = self.offers[COLOUR_INDEX[colour]]
        artifact = offer.pop(min(slot, len(offer)) - 1)
        self.artifacts = (*self.artifacts, artifact)
        self.note("T-ACT-7", f"take artifact from the {colour} offer: slot {slot}, {artifact} ({why})")

    def do_action(self, card: AutomaCard, die: DieOnTracker | None) -> Pending | None:
        """Section 3 of ``card`` with the card's own die (T-ACT-1, T-RULING-9)."""
        action = card.action
        assert action is not None
        kind = action.kind
        if kind == "take_experiment":
            self.take_experiment(die)
        elif kind == "advance_nearest":
            self.advance_nearest()
        elif kind == "take_artifact":
            return self.take_artifact(die, card.id)
        elif kind == "gain_gold":
            self.gold += 1
            self.trace.append(_gold_line(self.gold))
        elif kind == "advance_track":
            assert action.track is not None
            self.step(action.track, "advance_track")
        else:
            self.vp += 5
            self.trace.append(_vp_line(self.vp))
        return None

    # --- die selection and potency (T-DIE-7/8, T-POT) ------------------------------------------------

    def take_die(self, choice: DieChoice, card: AutomaCard) -> DieOnTracker:
        """Move the chosen die to the tracker card and boost it with an ether die if possible."""
        chosen = choice.chosen
        assert chosen is not None
        self.bowls = without_die(self.bowls, FACE_INDEX[chosen.face], COLOUR_INDEX[chosen.colour])
        self.dice_used += 1
        placed = chosen.potency
        self.trace.append(_take_line(chosen.face, chosen.colour, placed, self.dice_used))
        boost = self.ether >= 1 and placed < MAX_POTENCY
        if boost:
            self.ether -= 1
            placed += 1
        self.trace.append(_boost_line(placed, self.ether, boost))
        matched = None
        if chosen.match_index is not None and choice.level != "fallback":
            matched = card.dice[chosen.match_index].symbol
        return DieOnTracker(
            face=chosen.face, colour=chosen.colour, placed=placed, remaining=placed, matched_symbol=matched
        )

    def objective_cube(self, position: int) -> None:
        """T-OBJ-4..6: a cube on the objective at ``position``; at 3 cubes the automa scores it."""
        slot = self.objectives[position - 1]
        cubes = slot.cubes + 1
        objective = self.pack.objective[slot.card_id]
        if cubes >= 3:
            self.vp += objective.vp
            self.objectives[position - 1] = ObjectiveSlot(card_id=slot.card_id, face_up=False, cubes=cubes)
            self.note(
                "T-OBJ-6",
                f"cube {cubes} on {slot.card_id}: VP +{objective.vp} -> {self.vp}; turned face down",
            )
        else:
            self.objectives[position - 1] = ObjectiveSlot(card_id=slot.card_id, face_up=True, cubes=cubes)
            self.note("T-OBJ-4", f"cube on {slot.card_id} (position {position}), now {cubes}")


# Frequent trace lines, memoised on their parameters (the same text as formatting them each time).


@functools.lru_cache(maxsize=1024)
def _take_line(face: str, colour: str, placed: int, used: int) -> TraceLine:
    return trace_line("T-DIE-7", f"take {face}/{colour} at potency {placed}; die {used} of 3")


@functools.lru_cache(maxsize=256)
def _boost_line(placed: int, ether: int, boosted: bool) -> TraceLine:
    if boosted:
        return trace_line("T-DIE-8", f"ether boost: potency {placed - 1} -> {placed}, ether -> {ether}")
    if placed >= MAX_POTENCY:
        return trace_line("T-DIE-8", "no ether boost: potency is already 5")
    return trace_line("T-DIE-8", "no ether boost: no ether die")


@functools.lru_cache(maxsize=256)
def _gold_line(gold: int) -> TraceLine:
    return trace_line("T-ACT-8", f"gain gold: gold +1 -> {gold}")


@functools.lru_cache(maxsize=256)
def _vp_line(vp: int) -> TraceLine:
    return trace_line("T-ACT-10", f"gain VP: VP +5 -> {vp}")
