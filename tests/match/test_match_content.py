"""Matches over their own content: a Chrononauts card list or a Trismaugistus pack given to `new_match`.

The content is checked by the game's loader, played, served by `match.content`, stored by `to_json`
with its SHA-256 and checked again by `from_json`; the schemas describe it.
"""

from __future__ import annotations

import functools
import json
import random
import time
from typing import Any

import jsonschema
import pytest

from tabletop_rules import match
from tabletop_rules.chrononauts.content import cards_to_dict, default_cards
from tabletop_rules.match.custom import content_digest, content_limit
from tabletop_rules.trismaugistus.content import default_pack, pack_to_dict


@functools.cache
def _cards() -> str:
    """The shipped card list, renamed and with one Reverse Fate less (so the play deck differs)."""
    data = cards_to_dict(default_cards())
    data["edition"]["name"] = "A custom edition"
    inverter = next(r for r in data["inverters"] if r["count"] > 1)
    inverter["count"] -= 1
    for key in ("play_deck", "inverters"):
        data["edition"]["counts"][key] -= 1
    return json.dumps(data)


def cards() -> dict[str, Any]:
    return json.loads(_cards())  # type: ignore[no-any-return]


def pack() -> dict[str, Any]:
    data = pack_to_dict(default_pack())
    data["pack_id"] = "my-own-pack"
    data["// owner"] = "a comment the loader ignores"
    data["source"] = None
    return data


def _play(m: match.Match, moves: int) -> match.Match:
    for _ in range(moves):
        if m.over:
            break
        v = match.view(m, m.to_act)
        m = match.submit(m, m.to_act, v["legal"][0]["move"], v["version"])
    return m


def _valid(kind: str, document: Any) -> bool:
    return jsonschema.Draft202012Validator(match.json_schema(kind)).is_valid(document)


@pytest.mark.parametrize(("game", "content"), [("chrononauts", cards), ("trismaugistus", pack)])
def test_a_match_plays_saves_and_serves_its_own_content(game, content):
    """REL-MATCH-12: a match made with its own content plays it, serves it (`match.content`), and
    `to_json`/`from_json` keep it, with its SHA-256; the documents follow the schemas."""
    given = content()
    m = _play(match.new_match(game, seed=4, content=given), 12)
    served = match.content(m)
    assert _valid("content", served)
    if game == "chrononauts":
        assert served["data"] == given
        assert m.state.cards.edition == "A custom edition"
    else:
        assert served["data"]["pack_id"] == "my-own-pack"
        assert m.state.pack.pack_id == "my-own-pack"
    document = json.loads(match.to_json(m))
    assert document["content"] == given
    assert document["content_sha256"] == content_digest(m.content)
    assert _valid("match", document)
    restored = match.from_json(match.to_json(m))
    assert restored.content == m.content
    assert match.to_json(restored) == match.to_json(m)
    assert match.view(restored, 0) == match.view(m, 0)


def test_a_match_on_the_shipped_content_writes_no_content():
    """REL-MATCH-12: without content, the saved match is as before: no `content` key."""
    m = match.new_match("chrononauts", seed=1)
    assert m.content is None
    assert "content" not in json.loads(match.to_json(m))


@pytest.mark.parametrize(
    ("game", "content", "words"),
    [
        ("valandris", {"board": []}, "has no content"),
        ("chrononauts", [], "is a JSON object"),
        ("chrononauts", {"schema_version": "1.0.0"}, "card data"),
        ("trismaugistus", {"schema": "trismaugistus-content-pack"}, "missing field"),
        ("trismaugistus", {"x": float("nan")}, "not JSON"),
        ("trismaugistus", {"x": {1, 2}}, "not JSON"),
    ],
)
def test_content_the_loader_refuses_is_invalid_content(game, content, words):
    """REL-MATCH-12: content the game's loader refuses, or given to a game without content, is refused
    with `invalid_content` and a bounded English message."""
    with pytest.raises(match.MatchError) as caught:
        match.new_match(game, seed=1, content=content)
    assert caught.value.code == "invalid_content"
    assert words in caught.value.message
    assert _valid("error", caught.value.to_json())


def test_content_longer_than_the_loader_reads_is_refused():
    """REL-MATCH-12: content is bounded by its loader's own limit (`content_limit`)."""
    big = pack()
    big["// padding"] = "x" * content_limit("trismaugistus")
    with pytest.raises(match.MatchError) as caught:
        match.new_match("trismaugistus", seed=1, content=big)
    assert caught.value.code == "invalid_content"


def _saved() -> dict[str, Any]:
    return json.loads(match.to_json(_play(match.new_match("chrononauts", seed=2, content=cards()), 6)))  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("why", "edit"),
    [
        ("the content changed", lambda d: d["content"]["edition"].__setitem__("name", "Another")),
        ("the digest changed", lambda d: d.__setitem__("content_sha256", "0" * 64)),
        ("no digest", lambda d: d.pop("content_sha256")),
        ("no content", lambda d: d.pop("content")),
        ("content that is not an object", lambda d: d.__setitem__("content", [1])),
        ("another card list, digest and all", lambda d: d.update(
            content=json.loads(json.dumps(cards_to_dict(default_cards()))),
            content_sha256=content_digest(json.dumps(cards_to_dict(default_cards()), sort_keys=True,
                                                     separators=(",", ":"), ensure_ascii=False)))),
    ],
)  # fmt: skip
def test_a_saved_match_with_tampered_content_is_refused(why, edit):
    """REL-MATCH-12: `from_json` checks the content's SHA-256, then replays on it: a changed content,
    digest, or content of another match is `invalid_match`."""
    document = _saved()
    edit(document)
    with pytest.raises(match.MatchError) as caught:
        match.from_json(json.dumps(document))
    assert caught.value.code == "invalid_match", why


def test_content_on_a_valandris_saved_match_is_refused():
    """REL-MATCH-12: the match schema and `from_json` both refuse content on a game that has none."""
    document = json.loads(match.to_json(match.new_match("valandris", seed=1)))
    document["content"] = {"a": 1}
    document["content_sha256"] = content_digest('{"a":1}')
    assert not _valid("match", document)
    with pytest.raises(match.MatchError) as caught:
        match.from_json(json.dumps(document))
    assert caught.value.code == "invalid_match"


@pytest.mark.parametrize("game", list(match.MAX_LOG_BY_GAME))
def test_a_log_longer_than_the_game_allows_is_refused_before_any_replay(game):
    """REL-MATCH-13: a saved match holds at most `MAX_LOG_BY_GAME[game]` log entries (so that any document
    `from_json` accepts replays in a few seconds); a longer one is refused by the schema and by
    `from_json`, at once, before any replay."""
    document = json.loads(match.to_json(match.new_match(game, seed=1)))
    document["log"] = [{"kind": "resign", "seat": 0}] * (match.MAX_LOG_BY_GAME[game] + 1)
    assert not _valid("match", document)
    started = time.perf_counter()
    with pytest.raises(match.MatchError) as caught:
        match.from_json(json.dumps(document))
    assert caught.value.code == "invalid_match"
    assert "log" in caught.value.message
    assert time.perf_counter() - started < 2.0
    assert max(match.MAX_LOG_BY_GAME.values()) == match.MAX_LOG


def test_a_match_at_its_log_limit_takes_no_more_requests_and_still_restores(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """REL-MATCH-13: `submit` refuses a request once the log is within `LOG_RESERVE` entries of the
    game's limit (`log_full`), so every match a server holds can be saved and restored."""
    from tabletop_rules.match import record

    monkeypatch.setitem(record.MAX_LOG_BY_GAME, "valandris", match.LOG_RESERVE + 12)
    m = match.new_match("valandris", seed=5)
    rng = random.Random(2)
    while len(m.log) < 12:
        v = match.view(m, m.to_act)
        m = match.submit_action(m, m.to_act, rng.choice(v["legal"])["action"], v["version"])
    v = match.view(m, m.to_act)
    with pytest.raises(match.MatchError) as refused:
        match.submit_action(m, m.to_act, v["legal"][0]["action"], v["version"])
    assert refused.value.code == "log_full"
    assert len(m.log) >= 12
    assert match.to_json(match.from_json(match.to_json(m))) == match.to_json(m)
