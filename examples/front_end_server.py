"""A small Chrononauts front end: a server that keeps the state, and clients that see only their views.

Usage (from the project's root)::

    .venv/bin/python examples/front_end_server.py --players 3 --seed 7 --max-moves 400

The server listens on a local socket (127.0.0.1, a free port) and speaks JSON Lines, one object
a line. It alone holds the `State`; each client (a thread here, a browser or a bot elsewhere)
gets, after every move:

* `{"type": "events", "events": [...], "cursor": n}`: the history entries it may read since its
  cursor (`wire.events_since`): its own private entries in their private wording, everyone
  else's in the public one;
* when it is to act, `{"type": "your_turn", "view": ...}`: its view (`wire.view_json`: the
  public state and its own cards, never another player's), with `legal_actions`, the action ids
  of `actions.py`, and `legal_moves`, the same moves as JSON.

A client answers `{"action": id}` or `{"move": {...move JSON...}}`; the server checks it
(`action_to_move` / `move_from_json`, then `apply`) and answers `{"type": "error", ...}` on a
bad or illegal one. Chance (draws, deals) is sampled by the server from a seeded generator, so a
seed replays the same game. The loop is bounded by `--max-moves`; it runs unattended (in CI too)
and uses the standard library only.
"""

from __future__ import annotations

import argparse
import json
import random
import socket
import threading
from typing import Any, TextIO

from tabletop_rules import chrononauts
from tabletop_rules.chrononauts.wire import events_since, move_from_json, view_json
from tabletop_rules.core import CHANCE, TabletopRulesError, sample_chance

TIMEOUT = 60.0  # seconds a socket waits before the example gives up (it never should)


def send(stream: TextIO, message: dict[str, Any]) -> None:
    """Write one JSON Lines message."""
    stream.write(json.dumps(message, separators=(",", ":")) + "\n")
    stream.flush()


def receive(stream: TextIO) -> dict[str, Any]:
    """Read one JSON Lines message (a JSON object)."""
    line = stream.readline()
    if not line:
        raise ConnectionError("the peer closed the connection")
    message = json.loads(line)
    if not isinstance(message, dict):
        raise ValueError("a message is a JSON object")
    return message


def random_client(port: int, seat: int, seed: int, log: dict[int, int]) -> None:
    """A client that answers every turn at random: by action id, or (one time in three) by move JSON."""
    rng = random.Random(seed * 100 + seat)
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as sock:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        stream: TextIO = sock.makefile("rw", encoding="utf-8", newline="\n")
        send(stream, {"hello": seat})
        seen, view, tested = 0, {}, False
        while True:
            message = receive(stream)
            if message["type"] == "events":
                seen += len(message["events"])
            elif message["type"] == "your_turn" and not tested:  # once, show how a bad answer is met
                view, tested = message["view"], True
                send(stream, {"action": -1})
            elif message["type"] in ("your_turn", "error"):
                view = message.get("view", view)
                index = rng.randrange(len(view["legal_actions"]))
                if rng.random() < 1 / 3:
                    send(stream, {"move": view["legal_moves"][index]})
                else:
                    send(stream, {"action": view["legal_actions"][index]})
            elif message["type"] == "game_over":
                log[seat] = seen
                return


def decode(state: chrononauts.State, message: dict[str, Any]) -> chrononauts.Move:
    """The move a client sent: an action id or a move JSON object (typed errors otherwise)."""
    if set(message) == {"action"}:
        move: chrononauts.Move = chrononauts.action_to_move(state, message["action"])
        chrononauts.check_move(state, move)
        return move
    if set(message) == {"move"}:
        return move_from_json(state, message["move"])
    raise chrononauts.InvalidMoveError("send {'action': id} or {'move': {...}}")


def serve(players: int, seed: int, max_moves: int) -> None:
    """Run one game with `players` random clients and print what happened."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(TIMEOUT)
    port = server.getsockname()[1]
    seen: dict[int, int] = {}
    threads = [
        threading.Thread(target=random_client, args=(port, seat, seed, seen), daemon=True)
        for seat in range(players)
    ]
    for thread in threads:
        thread.start()
    streams: dict[int, TextIO] = {}
    connections = []
    for _ in range(players):
        conn, _address = server.accept()
        conn.settimeout(TIMEOUT)
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        connections.append(conn)
        client: TextIO = conn.makefile("rw", encoding="utf-8", newline="\n")
        streams[int(receive(client)["hello"])] = client

    rng = random.Random(seed)
    state = chrononauts.new_game(players=players)
    cursors = dict.fromkeys(streams, 0)
    moves = errors = 0
    while not chrononauts.is_terminal(state) and moves < max_moves:
        actor = chrononauts.current_player(state)
        if actor is CHANCE:  # the server draws; nobody sees the card unless the rules say so
            state = chrononauts.apply(state, sample_chance(chrononauts, state, rng))
            moves += 1
            continue
        assert actor is not None
        for seat, stream in streams.items():
            events, cursors[seat] = events_since(state, seat, cursors[seat])
            if events:
                send(stream, {"type": "events", "events": events, "cursor": cursors[seat]})
        send(streams[actor], {"type": "your_turn", "view": view_json(state, actor)})
        try:
            state = chrononauts.apply(state, decode(state, receive(streams[actor])))
            moves += 1
        except TabletopRulesError as error:  # a bad or illegal answer: say why; the client asks again
            errors += 1
            send(streams[actor], {"type": "error", "message": str(error)})
    returns = list(chrononauts.returns(state))
    for stream in streams.values():
        send(stream, {"type": "game_over", "returns": returns})
    for thread in threads:
        thread.join(TIMEOUT)
    for conn in connections:
        conn.close()
    server.close()

    ended = "the game ended" if chrononauts.is_terminal(state) else "the server stopped the game"
    print(f"Chrononauts, {players} players, seed {seed}: {ended} after {moves} moves, in turn {state.turn}")
    print(f"returns {returns}; {errors} answers rejected with a reason (one test per client)")
    for seat in sorted(seen):
        print(f"P{seat} read {seen[seat]} history entries through its own view")


def main() -> None:
    parser = argparse.ArgumentParser(
        description="A JSON Lines front end for Chrononauts, with random clients."
    )
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--max-moves", type=int, default=400)
    args = parser.parse_args()
    serve(args.players, args.seed, args.max_moves)


if __name__ == "__main__":
    main()
