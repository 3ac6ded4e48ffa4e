"""Views for clients (`view_json`) and the events since a cursor (`events_since`); nothing hidden leaks."""

from __future__ import annotations

import json

import jsonschema
import pytest

from tabletop_rules import chrononauts, trismaugistus, valandris
from tabletop_rules.chrononauts import wire as cwire
from tabletop_rules.core import CHANCE, evolve
from tabletop_rules.core.wire import InvalidRequestError
from tabletop_rules.trismaugistus import wire as twire
from tabletop_rules.valandris import wire as vwire

from .helpers import LABELS, games, sample


def _by_label(label: str):
    return next(g for g in games() if g.label == label)


@pytest.mark.parametrize("label", LABELS)
def test_view_lists_the_viewers_moves_as_action_ids_and_move_json(label):
    g = _by_label(label)
    for state in sample(g.states):
        actor = g.game.current_player(state)
        for player in range(g.players(state)):
            view = g.wire.view_json(state, player)
            json.dumps(view, allow_nan=False)
            assert view["viewer"] == player
            assert view["to_act"] == ("chance" if actor is CHANCE else actor)
            assert "history" not in view
            if actor != player:
                assert view["legal_actions"] == []
                assert view["legal_moves"] == []
                continue
            legal = list(g.game.legal_moves(state))
            assert [g.game.action_to_move(state, a) for a in view["legal_actions"]] == legal
            assert [g.wire.move_from_json(state, m) for m in view["legal_moves"]] == legal


@pytest.mark.parametrize("label", [label for label in LABELS if not label.startswith("Chrononauts")])
def test_perfect_information_views_hold_the_state_and_snapshots(label):
    g = _by_label(label)
    cursors = []
    for state in g.states[:80]:
        view = g.wire.view_json(state, 0, history=True)
        assert g.game.from_json(json.dumps(view["state"])) == state
        assert view["history"] == []  # the state keeps no history
        events, cursor = g.wire.events_since(state, 0, 0)
        assert cursor == view["cursor"]
        assert events == [{"type": "snapshot", "state": view["state"]}]
        assert g.wire.events_since(state, 0, cursor) == ([], cursor)
        cursors.append(cursor)
    assert len(set(cursors)) == len(cursors)  # every move changes the cursor


@pytest.mark.parametrize("label", [label for label in LABELS if label.startswith("Chrononauts")])
def test_chrononauts_events_are_the_history_as_each_player_reads_it(label):
    g = _by_label(label)
    for before, after in zip(g.states, g.states[1:], strict=False):
        start = len(before.log)
        records = after.log.records()[start:]
        for player in [None, *range(after.players)]:
            events, cursor = cwire.events_since(after, player, start)
            assert cursor == len(after.log) == cwire.view_json(after, player)["cursor"]
            assert [e["index"] for e in events] == list(range(start, cursor))
            for event, (text, private_to, private_text) in zip(events, records, strict=True):
                mine = player is not None and private_to == player  # C-VIEW-5
                wording = private_text if mine else text
                assert event == {"type": "event", "index": event["index"], "text": wording, "private": mine}
    state = g.states[-1]
    history = cwire.view_json(state, 0, history=True)["history"]
    assert history == [e["text"] for e in cwire.events_since(state, 0, 0)[0]]
    assert history == list(chrononauts.observation(state, 0).history)


@pytest.mark.parametrize("label", LABELS)
def test_a_spectator_is_a_viewer_of_every_game(label):
    """REL-VIEWS-1: ``None`` is the spectator in every game's `view_json` and `events_since`.

    A spectator sees what every player may see and nothing else (in the perfect-information
    games the whole state, in Chrononauts the public view), never a legal move, and its view is
    valid under the shipped view schema.
    """
    g = _by_label(label)
    validator = jsonschema.Draft202012Validator(g.schemas.json_schema("view"))
    for state in sample(g.states):
        view = g.wire.view_json(state, None, history=True)
        validator.validate(view)
        validator.validate(g.wire.view_json(state, None))
        assert view["viewer"] is None
        assert view["legal_actions"] == []
        assert view["legal_moves"] == []
        seat = g.wire.view_json(state, 0, history=True)
        assert view["to_act"] == seat["to_act"]
        assert view["cursor"] == seat["cursor"]
        if "state" in view:  # perfect information: a spectator sees the whole state, as the players do
            assert view["state"] == seat["state"]
            assert g.wire.events_since(state, None, 0) == g.wire.events_since(state, 0, 0)
        else:
            assert view["view"] == {
                k: v
                for k, v in json.loads(chrononauts.information_state_string(state, None)).items()
                if k != "history"
            }
            if state.variant != "solonauts":  # C-VIEW-7: a Solonauts hand is public
                assert view["view"]["hand"] == []
                assert view["view"]["identity"] == ""


def test_bad_players_and_cursors_are_typed_errors():
    v, c, t = valandris.new_game(), chrononauts.new_game(players=3), trismaugistus.new_game()
    for wire, state, bad_player in ((vwire, v, 2), (cwire, c, 3), (twire, t, 1)):
        for player in (bad_player, -1, True, 0.0, "0"):
            with pytest.raises(InvalidRequestError):
                wire.view_json(state, player)
            with pytest.raises(InvalidRequestError):
                wire.events_since(state, player, 0)
        for cursor in (-1, 2**53, True, 1.0, None):
            with pytest.raises(InvalidRequestError):
                wire.events_since(state, 0, cursor)
    with pytest.raises(InvalidRequestError):  # a Chrononauts cursor is never past the end of the history
        cwire.events_since(c, 0, len(c.log) + 1)


def _hide_differently(state, owner):
    """`state` with one card of `owner`'s hand and `owner`'s ID swapped for hidden ones (C-VIEW-2)."""
    cards = state.cards
    hands, draw = list(state.hands), list(state.draw_pile)
    changed = False
    if hands[owner]:
        gone = hands[owner][0]
        come = next((c for i, c in enumerate(cards.deck) if draw[i] and c != gone), None)
        if come is not None:
            draw[cards.deck_index[come]] -= 1
            draw[cards.deck_index[gone]] += 1
            hands[owner] = tuple(sorted((*hands[owner][1:], come)))
            changed = True
    ids, id_pile = list(state.ids), set(state.id_pile)
    if ids[owner] and ids[owner] not in state.revealed_ids and id_pile:
        other = min(id_pile)
        id_pile.remove(other)
        id_pile.add(ids[owner])
        ids[owner] = other
        changed = True
    if not changed:
        return None
    hands_, draw_, ids_ = tuple(hands), tuple(draw), tuple(ids)
    return evolve(state, hands=hands_, draw_pile=draw_, ids=ids_, id_pile=frozenset(id_pile))


HIDDEN = ["Chrononauts 2p", "Chrononauts 4p", "Chrononauts 6p", "Chrononauts Artifaxx 3p"]


@pytest.mark.parametrize("label", HIDDEN)
def test_another_players_hidden_cards_never_change_a_view_or_its_events(label):
    g = _by_label(label)
    checked = 0
    for state in sample(g.states, 25):
        if state.result is not None:
            continue
        for viewer in [None, *range(state.players)]:
            for owner in range(state.players):
                if owner == viewer:
                    continue
                other = _hide_differently(state, owner)
                if other is None:
                    continue
                view = cwire.view_json(state, viewer, history=True)
                if view["view"]["draw_pile"]:  # the viewer is searching the draw pile (C-VIEW-4)
                    continue
                assert other.hands != state.hands or other.ids != state.ids
                assert cwire.view_json(other, viewer, history=True) == view
                for cursor in (0, max(0, len(state.log) - 5)):
                    assert cwire.events_since(other, viewer, cursor) == cwire.events_since(
                        state, viewer, cursor
                    )
                checked += 1
    assert checked > 20
