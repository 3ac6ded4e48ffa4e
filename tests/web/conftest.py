"""The reference web app (`examples/web/server.py`) run as a real process on 127.0.0.1, a free port."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "examples" / "web" / "server.py"
NEEDS = "pip install -e '.[examples]' (starlette, uvicorn, httpx, websockets)"


@pytest.fixture(scope="session")
def web_url() -> Iterator[str]:
    """The URL of a server started for the session (`--port 0`: it prints the port it chose)."""
    for name in ("starlette", "uvicorn", "httpx", "websockets"):
        pytest.importorskip(name, reason=f"the web app needs {name}: {NEEDS}")
    process = subprocess.Popen(
        [sys.executable, str(SERVER), "--host", "127.0.0.1", "--port", "0", "--allow-seeds"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # the first line names the URL
        assert line.startswith("tabletop_rules web app: http://127.0.0.1:"), (line, process.stderr)
        url = line.split()[-1]
        _wait_until_up(url)
        yield url
        assert process.poll() is None, "the server died during the tests"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover - a hung server
            process.kill()
            process.wait()


def _wait_until_up(url: str) -> None:
    import httpx

    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(url + "api/matches", timeout=2).raise_for_status()
            return
        except httpx.HTTPError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
