"""The web app's page in a real browser: two headless Chromium pages play a short Valandris game and a
Chrononauts turn against the server process, clicking the picture and the move buttons.

Skipped where Playwright or a Chromium is missing (the reason says how to get them), failed instead
when `TABLETOP_RULES_REQUIRE_BROWSER=1` (as in `.ci/run`). `TABLETOP_RULES_WEB_SCREENSHOT=<path>`
also saves the documentation's screenshot (`docs/images/web-app.png`) there.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_server import create

REQUIRE = os.environ.get("TABLETOP_RULES_REQUIRE_BROWSER") == "1"
CHROMIUM = "`apt-get install chromium` (Debian, as root; or `python -m playwright install chromium`)"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 60_000


def _unavailable(why: str, command: str) -> None:
    message = f"the browser test needs {why}: {command}"
    if REQUIRE:
        pytest.fail(message + " (TABLETOP_RULES_REQUIRE_BROWSER=1)")
    pytest.skip(message)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Chromium: Debian's (`chromium` on the PATH) or the one Playwright installed."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright for Python and a Chromium", f"`pip install playwright` and {CHROMIUM}")
    with sync_playwright() as playwright:
        path = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
        if path is None:
            bundled = Path(playwright.chromium.executable_path)
            if not bundled.exists():
                _unavailable("a Chromium browser", CHROMIUM)
            path = str(bundled)
        chromium = playwright.chromium.launch(executable_path=path, args=ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def open_page(browser: Any, url: str) -> Any:
    """A page in its own context (its own storage: one player, one token)."""
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(url)
    return page


def version(page: Any) -> int:
    return int(page.get_attribute("#status", "data-version") or -1)


def wait_version(page: Any, at_least: int) -> None:
    page.wait_for_function(
        f"Number(document.getElementById('status').dataset.version) >= {at_least}", timeout=TIMEOUT_MS
    )


def status(page: Any) -> str:
    return str(page.inner_text("#status"))


def test_two_seats_play_valandris_in_chromium(browser: Any, web_url: str, tmp_path: Path) -> None:
    """REL-WEB-4: from the lobby's form to the end of a game (`max_turns` 1), by clicks in two pages."""
    lobby = open_page(browser, web_url)
    lobby.select_option("select[name=game]", "valandris")
    lobby.fill("input[name=options]", '{"max_turns": 1}')
    lobby.click("#create button")
    row = lobby.locator("#matches tr").last
    row.locator("a", has_text="play Holy Spirit").wait_for()
    room = row.locator("td").first.inner_text()
    holy = open_page(browser, web_url + f"?match={room}&seat=0")
    demon = open_page(browser, web_url + f"?match={room}&seat=1")
    pages = {0: holy, 1: demon}
    for page in pages.values():
        wait_version(page, 0)
        assert page.locator("#board svg [data-vertex]").count() == 52
    assert "Holy Spirit" in holy.inner_text("#who")
    assert "Valandris" in demon.inner_text("#who")
    clicked_picture = 0
    for turn in range(60):
        now = version(holy)
        if status(holy).startswith("over"):
            break
        actor = holy if status(holy) == "your turn" else demon
        assert status(actor) == "your turn", (status(holy), status(demon))
        legal = actor.evaluate("table.view.legal")
        target = legal[0]["move"].get("vertex")
        if target is not None and turn % 2 == 0:  # through the picture's hooks
            actor.click(f'#board svg [data-vertex="{target}"]')
            clicked_picture += 1
            if version(actor) == now and actor.locator("#moves button.match").count():
                actor.locator("#moves button.match").first.click()
        else:
            actor.locator("#moves button").first.click()
        for page in pages.values():
            wait_version(page, now + 1)
        if turn == 9:  # the setup is over: the page to act now, its squares to click lit
            shown = holy if status(holy) == "your turn" else demon
            shown.screenshot(path=str(tmp_path / "valandris-mid-game.png"))
            wanted = os.environ.get("TABLETOP_RULES_WEB_SCREENSHOT")
            if wanted:
                shown.screenshot(path=wanted)
    else:
        raise AssertionError("the game did not end in 60 moves")
    assert clicked_picture >= 3
    for page in pages.values():
        assert status(page).startswith("over: returns")
        assert page.locator("#moves button").count() == 0
        page.screenshot(path=str(tmp_path / f"valandris-over-{page is demon:d}.png"))
        assert page.errors == []
    log = httpx_events(web_url, room)
    moves = [e for e in log if e["kind"] == "move"]
    assert len(moves) == version(holy)
    shown = holy.inner_text("#log")
    assert all(e["label"] in shown for e in moves)
    assert (tmp_path / "valandris-mid-game.png").stat().st_size > 10_000


def httpx_events(url: str, room: str) -> list[dict[str, Any]]:
    import httpx

    events: list[dict[str, Any]] = httpx.get(url + f"api/matches/{room}/events", timeout=30).json()["events"]
    return events


def test_a_chrononauts_turn_in_chromium(browser: Any, web_url: str, tmp_path: Path) -> None:
    """REL-WEB-4: two seats keep their hands and P0 plays a card, which the spectator's log does not show."""
    room = create(web_url, game="chrononauts", seed=1, seats=2)
    seats = [open_page(browser, web_url + f"?match={room}&seat={seat}") for seat in (0, 1)]
    watcher = open_page(browser, web_url + f"?match={room}")
    for page in [*seats, watcher]:
        wait_version(page, 0)
        assert page.locator("#board svg [data-year]").count() > 10
    assert watcher.locator("#moves button").count() == 0
    for seat in (0, 1):  # the mulligan: both keep
        assert status(seats[seat]) == "your turn"
        seats[seat].locator("#moves button", has_text="keep").click()
        for page in [*seats, watcher]:
            wait_version(page, seat + 1)
    first = seats[0]
    assert status(first) == "your turn"
    label = first.locator("#moves button").first.inner_text()
    assert label.startswith("play ")
    first.locator("#moves button").first.click()
    for page in [*seats, watcher]:
        wait_version(page, 3)
    assert label in first.inner_text("#log")  # the seat that played reads its own move
    assert label not in watcher.inner_text("#log")  # hidden from the others: they read the history
    assert "P0" in watcher.inner_text("#log")
    for index, page in enumerate([*seats, watcher]):
        page.screenshot(path=str(tmp_path / f"chrononauts-{index}.png"))
        assert page.errors == []
