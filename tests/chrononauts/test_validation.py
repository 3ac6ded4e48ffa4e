"""validate() catches every broken invariant, outcome() describes finished games, the history is shared."""

from __future__ import annotations

import json

import attrs
import pytest

from tabletop_rules import chrononauts as C
from tabletop_rules.chrononauts.frames import DrawCards, MiracleEnd, PlayStep, Window
from tabletop_rules.chrononauts.history import Event
from tabletop_rules.chrononauts.state import Result
from tabletop_rules.core import GameNotOverError, InvalidStateError, random_playout
from tabletop_rules.simulate import simulate
from tabletop_rules.testing import finished_playout

from .helpers import draw, move, setup


def _mid_game() -> C.State:
    playout = random_playout(C, 2, initial=C.new_game(players=3), max_moves=120)
    return playout.final


def test_validate_is_exported_and_accepts_reachable_states():
    assert "validate" in C.__all__
    assert "outcome" in C.__all__
    playout = random_playout(C, 4, initial=C.new_game(players=4), max_moves=400)
    for state in playout.states(C):
        C.validate(state)


BROKEN = {
    "a card vanished": lambda s: attrs.evolve(s, discard_pile=s.discard_pile[1:] or ("ART-REX",)),
    "a card is duplicated": lambda s: attrs.evolve(s, discard_pile=(*s.discard_pile, s.cards.deck[0])),
    "an unknown card": lambda s: attrs.evolve(s, out_of_game=("NOT-A-CARD",)),
    "an inverter out of the game": lambda s: attrs.evolve(s, out_of_game=("INV-SABOTAGE",)),
    "paradox against the linchpins": lambda s: attrs.evolve(s, status=("open", *s.status[1:])),
    "patch on a true year": lambda s: attrs.evolve(s, status=("P-1868", *s.status[1:])),
    "patch on the wrong year": lambda s: attrs.evolve(s, status=("P-1999", *s.status[1:])),
    "unsorted hand": lambda s: attrs.evolve(s, hands=((*tuple(reversed(s.hands[0])), "ZZ"), *s.hands[1:])),
    "missing hand": lambda s: attrs.evolve(s, hands=s.hands[:-1]),
    "bad active seat": lambda s: attrs.evolve(s, active=7),
    "negative turn": lambda s: attrs.evolve(s, turn=-1),
    "an ID given twice": lambda s: attrs.evolve(s, ids=(s.ids[1], *s.ids[1:])),
    "a player without an ID": lambda s: attrs.evolve(s, ids=("", *s.ids[1:])),
    "an ID in Artifaxx hands": lambda s: attrs.evolve(s, solo_ids=("ID-01",)),
    "empty stack mid-game": lambda s: attrs.evolve(s, stack=()),
    "frame of another seat": lambda s: attrs.evolve(
        s, stack=(*s.stack, PlayStep((s.active + 1) % 3, "turn"))
    ),
    "negative draw count": lambda s: attrs.evolve(s, stack=(*s.stack, DrawCards(0, -2))),
    "finished with frames": lambda s: attrs.evolve(s, result=Result(0, ("id",), "won")),
    "winner without a win": lambda s: attrs.evolve(
        s, stack=(), result=Result(1, ("universe_destroyed",), "x")
    ),
    "unknown end": lambda s: attrs.evolve(s, stack=(), result=Result(None, ("bored",), "x")),
    "bad private seat": lambda s: attrs.evolve(s, log=(*s.log, Event("x", 9, "y"))),
    "aside with unknown card": lambda s: attrs.evolve(s, stack=(MiracleEnd(s.active, ("NOPE",)), *s.stack)),
    "window polling the owner": lambda s: attrs.evolve(
        s, stack=(*s.stack, Window(0, C.Play("ART-REX"), "hand", "turn", (0, 1, 2), 0, 0))
    ),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_validate_rejects_broken_states(name):
    state = _mid_game()
    broken = BROKEN[name](state)
    with pytest.raises(InvalidStateError):
        C.validate(broken)
    with pytest.raises(InvalidStateError):
        C.from_json(C.to_json(broken))  # from_json runs validate


def test_validate_counts_all_136_cards():  # C-STATE-8c, d
    state = _mid_game()
    cards = state.cards
    play = sum(state.draw_pile) + len(state.discard_pile) + len(state.out_of_game)
    play += sum(map(len, state.hands)) + sum(map(len, state.tableaux))
    play += sum(1 for s in state.status if s not in (C.TRUE, C.OPEN))
    play += sum(1 for f in state.stack if isinstance(f, Window))
    goals = (
        len([g for g in (*state.ids, *state.missions) if g]) + len(state.id_pile) + len(state.mission_pile)
    )
    goals += len(state.id_queue) + len(state.mission_queue)
    assert play == 80
    assert goals == 24
    assert play + goals + len(cards.linchpins) + len(cards.ripplepoints) == 136


def test_solonauts_hand_limit():
    state = C.new_game(variant="solonauts")
    while C.current_player(state) is not None and not isinstance(state.stack[-1], C.frames.SoloStep):
        state = C.apply(state, C.chance_outcomes(state)[0][0])
    assert len(state.hands[0]) == 5
    spare = next(c for c, k in zip(state.cards.deck, state.draw_pile, strict=True) if k)
    bigger = attrs.evolve(
        state,
        hands=(tuple(sorted((*state.hands[0], spare))),),
        draw_pile=tuple(k - (c == spare) for c, k in zip(state.cards.deck, state.draw_pile, strict=True)),
    )
    with pytest.raises(InvalidStateError, match="five"):
        C.validate(bigger)


def test_outcome_of_finished_games():
    for players, variant, options in (
        (4, "chrononauts", {}),
        (2, "artifaxx", {"max_turns": 30}),
        (1, "solonauts", {}),
    ):
        final = finished_playout(C, 3, initial=C.new_game(options, players=players, variant=variant)).final
        out = C.outcome(final)
        assert set(out) == {
            "winner",
            "win_type",
            "end",
            "universe_destroyed",
            "turns",
            "open_paradoxes",
            "players",
            "variant",
        }
        assert out["players"] == players
        assert out["variant"] == variant
        assert out["turns"] == final.turn
        assert (out["winner"] is None) == (out["win_type"] is None) == (out["end"] != "win")
        assert out["universe_destroyed"] == (out["end"] == "universe_destroyed")
    with pytest.raises(GameNotOverError, match="still going"):
        C.outcome(C.new_game(players=3))


def test_simulate_aggregates_outcomes():
    summary = simulate(C, 4, setup={"players": 3}, master_seed=5).summary()
    outcome = summary["outcome"]
    assert sum(outcome["end"]["counts"].values()) == 4
    assert set(outcome["universe_destroyed"]["counts"]) <= {"true", "false"}
    assert outcome["turns"]["min"] >= 1


def test_setup_helper_states_validate():
    C.validate(setup(3, hands=[["ART-REX"]]))


def test_cards_set_aside_survive_the_end_of_the_game():  # C-STATE-8d, C-ACT-4 step 6
    # seed 100: the 13th paradox comes from a card Rewound during a Miracle, with a hand set aside
    playout = finished_playout(C, 100, initial=C.new_game(players=4))
    final = playout.final
    assert final.result.conditions == ("universe_destroyed",)
    assert any(isinstance(f, MiracleEnd) for s in playout.states(C) for f in s.stack)
    C.validate(final)


def test_a_stack_without_its_turn_frame_is_rejected():  # C-TURN-6: the engine could not continue
    state = draw(setup(2, hands=[["ART-REX"], []]))
    data = json.loads(C.to_json(state))
    assert data["stack"][0]["frame"] == "EndTurn"
    del data["stack"][0]
    with pytest.raises(InvalidStateError, match="turn frame"):
        C.from_json(json.dumps(data))


def test_a_window_target_must_fit_its_card():  # C-PLAY-1: an Artifact takes no target
    state = move(draw(setup(2, hands=[["ART-REX"], []])), 'play "Rex"')
    data = json.loads(C.to_json(state))
    data["stack"][-1]["play"]["target"] = "JFK"
    with pytest.raises(InvalidStateError, match="not a legal announcement"):
        C.from_json(json.dumps(data))


def test_turn_frames_only_at_the_bottom_and_of_the_active_player():  # C-TURN-1, C-TURN-6
    state = draw(setup(2, hands=[["ART-REX"], []]))
    data = json.loads(C.to_json(state))
    inner = json.loads(json.dumps(data))
    inner["stack"].insert(1, {"frame": "EndTurn", "player": 0})
    with pytest.raises(InvalidStateError, match="cannot stand there"):
        C.from_json(json.dumps(inner))
    other = json.loads(json.dumps(data))
    other["stack"][0]["player"] = 1
    with pytest.raises(InvalidStateError, match="not the active player"):
        C.from_json(json.dumps(other))


def test_a_draw_with_nothing_to_draw_is_rejected():  # C-DECK-3: the engine would have skipped it
    state = setup(2, hands=[["ART-REX"], []])
    assert isinstance(state.stack[-1], DrawCards)
    data = json.loads(C.to_json(state))
    pile = data.pop("draw_pile")
    data["draw_pile"] = {}
    data["hands"][1] = sorted(card for card, k in pile.items() for _ in range(k))
    with pytest.raises(InvalidStateError, match="cannot continue"):
        C.from_json(json.dumps(data))
