"""The table companion `examples/trismaugistus_companion.py`: run as a subprocess with scripted input.

Whole seeded games (the player's reports by `heuristic_human`, the automa's cards by a seeded shuffle,
written in the notation) are replayed into it and must end in the engine's own final state; undo,
save and load, a typo in every kind of report, notes on unusual reports and an interrupted input are
checked the same way.  The transcripts on `docs/solo-game.md` are rerun and compared.  The parts that
need no terminal (`examples/trismaugistus_table/`) are tested directly in `test_companion_table.py`.

Run from the repository's root as ``python -m tests.trismaugistus.test_companion_app``, it rewrites the
transcripts of the page from their own input lines (after a deliberate change of the companion's output).
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import TabletopRulesError

from .companion_games import HEADS, OBJECTIVES, ROOT, SCRIPT, SETUP, seeded_game

PAGE = ROOT / "docs" / "solo-game.md"
PROMPT = re.compile(r"^\[[^\]]*\]> ?(.*)$")


def run(lines: list[str], *args: str, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """The companion with ``lines`` on its standard input (not a terminal)."""
    command = [sys.executable, str(SCRIPT), *args]
    text = "".join(f"{line}\n" for line in lines)
    result = subprocess.run(
        command, input=text, capture_output=True, text=True, cwd=cwd, timeout=timeout, check=False
    )
    assert "Traceback" not in result.stderr, result.stderr
    return result


def saved(path: Path) -> tm.State:
    return tm.from_json(path.read_text(encoding="utf-8"))


# --- whole games -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "setup"), [(4, SETUP), (11, OBJECTIVES)])
def test_a_whole_seeded_game_replays_into_the_engines_final_state(tmp_path: Path, seed: int, setup: str):
    """REL-COMPANION-2: every line `parse_move` accepts is accepted, so a game's notation replays."""
    lines, states = seeded_game(seed, setup)
    if setup == OBJECTIVES:  # a raw roll on an empty position first: roll again, nothing changes
        first = next(i for i, line in enumerate(lines) if line.startswith("cube "))
        lines = [*lines[:first], "black-die 6", *lines[first:]]
    result = run([*lines, "save final.json", "quit"], cwd=tmp_path)
    assert result.returncode == 0
    assert "refused" not in result.stdout
    if setup == OBJECTIVES:
        assert "  [T-OBJ-5] the black die shows 6: no face-up card there, roll again" in result.stdout
    final = states[-1]
    assert saved(tmp_path / "final.json") == final
    out = result.stdout
    assert out.count("  on the table:") >= sum(line.startswith("draw ") for line in lines)
    assert f"The automa's final score: {tm.automa_score(final)}" in out
    winner = tm.outcome(final)["winner"]
    assert ("the automa wins by" if winner == "automa" else "you win by") in out
    assert out.count("====== game over ======") == 2  # the automa's score, then with the winner
    prompts = [line for line in out.splitlines() if PROMPT.match(line)]
    assert len(prompts) == len(lines) + 2


def test_the_prompt_names_the_phase_whose_turn_and_what_next(tmp_path: Path):
    lines, _ = seeded_game(4)
    out = run(lines[:5], cwd=tmp_path).stdout.splitlines()
    prompts = [line for line in out if PROMPT.match(line)]
    assert prompts[0].startswith("[setup: setup d1|d2|d3 exp=<starting experiment>")
    assert prompts[1].startswith("[round 1 starts: report the roll")
    assert prompts[2].startswith("[round 1, your turn, 0/3 dice: draft | experiment | artifact | end]> ")
    assert prompts[3].startswith("[round 1, your turn, 1/3 dice: draft | experiment | artifact | end]> ")
    assert prompts[5].startswith("[round 1, automa: draw <the card you turn up>]> ")


# --- refusals, undo, save and load -------------------------------------------------------------------

TYPOS = {  # the number of lines of the seed-4 game played before the typo, and the typo
    "setup": (0, ["setup d4 exp=FX-S2 art=FX-AS3", "setup d2 exp=FX-E01 art=FX-AS3", "setup"]),
    "report": (1, ["report round_start bowls=iron:q1", "report bowls=iron:r2w9b2", "report score 60"]),
    "draft": (2, ["draft iron/purple", "draft lead/red", "draft"]),
    "experiment": (3, ["experiment iron FX-E99", "experiment FX-E02", "experiment tin FX-E02"]),
    "artifact": (3, ["artifact red FX-A99", "artifact white FX-A02"]),
    "objective": (3, ["objective 2", "objective five"]),
    "end": (3, ["end finishd", "end finished"]),
    "draw": (5, ["draw FX-Y99", "draw FX-Y7 FX-Y4", "draw FX-P1"]),
    "chance": (5, ["cube 2", "black-die 7", "masterpiece FX-M1", "artifact-die 3", "artifact-die 1"]),
    "other": (3, ["dra iron/white", "Draft iron/white", "!ls", "help me"]),
}


@pytest.mark.parametrize("kind", sorted(TYPOS))
def test_a_typo_in_every_kind_of_report_is_refused_with_the_librarys_sentence(tmp_path: Path, kind: str):
    """REL-COMPANION-1: a refused line prints the library's sentence and leaves the game unchanged."""
    lines, states = seeded_game(4)
    played, typos = TYPOS[kind]
    state = states[played]
    script = [*lines[:played], "save before.json", *typos, "save after.json", *lines[played:]]
    result = run([*script, "save final.json"], cwd=tmp_path)
    out = result.stdout
    for typo in typos:
        if typo.split()[0] in ("help",):
            assert "no report is called 'me'" in out
            continue
        with pytest.raises(TabletopRulesError) as refusal:
            tm.parse_move(state, typo)
        assert f"  refused: {refusal.value}" in out
    assert saved(tmp_path / "after.json") == saved(tmp_path / "before.json") == state
    assert saved(tmp_path / "final.json") == states[-1]


def test_undo_goes_back_one_report_at_a_time(tmp_path: Path):
    lines, states = seeded_game(4)
    script = [*lines[:6], "undo", "save one.json", "undo", "undo", "save three.json"]
    script += ["undo"] * 3 + ["save setup.json", "undo", "undo", *lines[:9], "save replayed.json"]
    out = run(script, cwd=tmp_path).stdout
    assert saved(tmp_path / "one.json") == states[5]
    assert saved(tmp_path / "three.json") == states[3]
    assert saved(tmp_path / "setup.json") == states[0]
    assert saved(tmp_path / "replayed.json") == states[9]
    assert f"  undone: {lines[5]}\n  (put back on the table what its checklist moved)" in out
    assert "  refused: nothing to undo" in out


def test_a_game_is_saved_and_resumed_another_day(tmp_path: Path):
    lines, states = seeded_game(4)
    first = run([*lines[:20], "save game.json", "quit"], cwd=tmp_path)
    assert "  saved to game.json" in first.stdout
    assert "the game is saved in game.json; resume it with --load game.json" in first.stdout
    second = run([*lines[20:], "save", "quit"], "--load", "game.json", cwd=tmp_path)
    assert second.returncode == 0
    assert "refused" not in second.stdout
    assert tm.describe(states[20]).splitlines()[1] in second.stdout
    assert saved(tmp_path / "game.json") == states[-1]  # a bare `save` writes where it loaded from


def test_load_within_a_session_and_undo_of_the_load(tmp_path: Path):
    lines, states = seeded_game(4)
    (tmp_path / "mid.json").write_text(tm.to_json(states[10]), encoding="utf-8")
    out = run([*lines[:3], "load mid.json", *lines[10:12], "save a.json", "undo", "undo", "undo",
               "save b.json"], cwd=tmp_path).stdout  # fmt: skip
    assert "  loaded mid.json:" in out
    assert saved(tmp_path / "a.json") == states[12]
    assert saved(tmp_path / "b.json") == states[3]


def test_bad_files_are_refused_with_a_sentence_and_change_nothing(tmp_path: Path):
    lines, states = seeded_game(4)
    (tmp_path / "garbage.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "other.json").write_text(json.dumps({"format": "valandris"}), encoding="utf-8")
    (tmp_path / "cut.json").write_text(tm.to_json(states[5])[:-40], encoding="utf-8")
    (tmp_path / "latin1.json").write_bytes(b"\xff\xfe{}")
    (tmp_path / "folder").mkdir()
    (tmp_path / "notes.txt").write_text("my notes", encoding="utf-8")
    bad = ["load missing.json", "load garbage.json", "load other.json", "load cut.json", "load latin1.json"]
    bad += ["load folder", "load", "save folder", "save no/such/dir/x.json", "save", "save notes.txt"]
    out = run([*lines[:5], *bad, "save kept.json"], cwd=tmp_path).stdout
    refusals = [line for line in out.splitlines() if "refused:" in line]
    assert len(refusals) == len(bad)
    assert all(len(line) < 300 for line in refusals)
    assert "saved game: cannot read 'missing.json'" in out
    assert "  refused: save needs a file name: save FILE" in out
    assert "  refused: 'notes.txt' exists and is not a saved game; choose another name" in out
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "my notes"
    assert saved(tmp_path / "kept.json") == states[5]
    start = run(["quit"], "--load", "garbage.json", cwd=tmp_path)
    assert start.returncode == 2
    assert "refused:" in start.stdout


def test_a_bad_pack_is_refused_at_the_start(tmp_path: Path):
    (tmp_path / "pack.json").write_text('{"schema_version": 1}', encoding="utf-8")
    result = run([], "--pack", "pack.json", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith("error: ")
    assert len(result.stderr) < 400


def test_an_owners_pack_is_used(tmp_path: Path):
    data = tm.pack_to_dict(tm.default_pack())
    data.update(pack_id="my-own-cards", fictional=False)
    (tmp_path / "mine.json").write_text(json.dumps(data), encoding="utf-8")
    lines, _ = seeded_game(4)
    out = run([*lines[:8], "save s.json"], "--pack", "mine.json", cwd=tmp_path).stdout
    assert out.startswith("Trismaugistus companion: pack my-own-cards.\n")
    assert saved(tmp_path / "s.json").pack.pack_id == "my-own-cards"


# --- an interrupted input ---------------------------------------------------------------------------


def test_the_end_of_the_input_mid_game_ends_cleanly_with_a_hint(tmp_path: Path):
    lines, _ = seeded_game(4)
    result = run(lines[:7], cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout.endswith(
        "  end of input: the game is not saved; next time type `save FILE` first (`load FILE` resumes it)\n"
    )


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or sys.platform == "win32", reason="POSIX signals")
def test_an_interrupt_ends_cleanly_with_a_hint(tmp_path: Path):
    import os
    import select

    lines, states = seeded_game(4)
    command = [sys.executable, str(SCRIPT)]
    with subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          cwd=tmp_path) as process:  # fmt: skip
        assert process.stdin is not None
        assert process.stdout is not None
        process.stdin.write("".join(f"{line}\n" for line in [*lines[:6], "save game.json"]).encode())
        process.stdin.flush()
        out = b""
        deadline = time.monotonic() + 60
        while not re.search(rb"saved to game.json\n\[[^\n]*\]> $", out) and time.monotonic() < deadline:
            if select.select([process.stdout], [], [], 0.1)[0]:
                out += os.read(process.stdout.fileno(), 4096)
        process.send_signal(signal.SIGINT)  # waiting at the prompt for the next line
        rest, err = process.communicate(timeout=60)
    text = (out + rest).decode()
    assert process.returncode == 130
    assert b"Traceback" not in err
    assert text.endswith("  interrupted: the game is saved in game.json; resume it with --load game.json\n")
    assert saved(tmp_path / "game.json") == states[6]


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal (POSIX)")
def test_at_a_terminal_tab_completes_and_the_history_is_kept(tmp_path: Path):
    pytest.importorskip("readline")
    import os
    import pty
    import select

    master, slave = pty.openpty()
    env = {**os.environ, "HOME": str(tmp_path)}
    command = [sys.executable, str(SCRIPT)]
    process = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=tmp_path)
    os.close(slave)
    seen = b""

    def until(token: bytes) -> bool:
        nonlocal seen
        deadline = time.monotonic() + 60
        while token not in seen and time.monotonic() < deadline:
            if select.select([master], [], [], 0.1)[0]:
                try:
                    seen += os.read(master, 4096)
                except OSError:  # the child has gone
                    break
        return token in seen

    try:
        assert until(b"]> ")
        os.write(master, b"sta\t\n")  # completed to `status`
        assert until(b"waiting for setup")
        os.write(master, b"setup d2 exp=FX-S\t\t")  # several: the second Tab lists them
        assert until(b"exp=FX-S4")
        os.write(master, b"2 art=FX-AS3\n")
        assert until(b"ok: the automa is set up at difficulty 2")
        os.write(master, b"quit\n")
        assert until(b"the game is not saved")
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()
        os.close(master)
    history = (tmp_path / ".trismaugistus_companion_history").read_text(encoding="utf-8")
    assert history.splitlines() == ["status", "setup d2 exp=FX-S2 art=FX-AS3", "quit"]


# --- notes, help, chance turned up by the companion, the picture ------------------------------------


def test_unusual_reports_are_accepted_with_a_note(tmp_path: Path):
    lines, _ = seeded_game(4)
    assert lines[2:5] == ["draft iron/white", "experiment iron FX-E02", "end"]
    script = [*lines[:2], "artifact white FX-A04", "draft iron/white", "draft iron/red", "draft wild/red",
              "end", "save s.json"]  # fmt: skip
    out = run(script, "--difficulty", "3", cwd=tmp_path).stdout
    assert "note: the companion was started with --difficulty 3; this setup says d2" in out
    assert "note: no die drafted this turn: an artifact is normally taken with the die you drafted" in out
    assert "note: this is your second die this turn; a turn normally uses one" in out
    assert "note: this is your third die this turn" in out
    assert (
        "note: you have drafted your 3 dice this round: report `end finished` on the turn of your third die"
        in out
    )
    state = saved(tmp_path / "s.json")
    assert (state.human_dice, state.pending) == (3, tm.Pending(kind="card"))


def test_help_lists_every_report_and_command_with_examples_valid_now(tmp_path: Path):
    lines, states = seeded_game(4)
    out = run([*lines[:2], "help", "help draft", "help save", "help nonsense"], cwd=tmp_path).stdout
    for head in HEADS:
        assert f"\n  {head} " in out
    for command in ("why", "status", "undo", "save FILE", "load FILE", "help [WORD]", "quit"):
        assert f"\n  {command} " in out
    examples = re.findall(r"^    (draft \S+)$", out, re.MULTILINE)
    assert len(examples) == 4
    for text in examples:
        assert tm.is_legal(states[2], tm.parse_move(states[2], text))
    assert "save FILE: write the game to FILE" in out
    assert "no report is called 'nonsense'" in out


def test_why_and_status_show_the_trace_and_the_picture(tmp_path: Path):
    lines, states = seeded_game(4)
    out = run([*lines[:6], "why", "status"], cwd=tmp_path).stdout
    assert tm.format_trace(states[6].trace) in out
    assert tm.describe(states[6]) in out


def test_bare_chance_words_let_the_companion_turn_it_up_seeded(tmp_path: Path):
    lines, _ = seeded_game(4)
    script = [*lines[:5], "draw", "draw", *lines[6:9], "draw", "save s.json"]
    first = run(script, "--seed", "7", cwd=tmp_path)
    second = run(script, "--seed", "7", cwd=tmp_path)
    assert first.stdout == second.stdout
    turned = re.findall(r"the companion turns up: (draw \S+)", first.stdout)
    assert len(turned) == 2
    assert (
        "refused: nothing to turn up with `draw` now; the engine waits for draft | experiment" in first.stdout
    )


def test_setup_takes_the_difficulty_from_the_command_line(tmp_path: Path):
    out = run(["setup exp=FX-S2 art=FX-AS3", "save s.json"], "--difficulty", "3", cwd=tmp_path).stdout
    assert "  (read as: setup d3 exp=FX-S2 art=FX-AS3)" in out
    assert saved(tmp_path / "s.json").difficulty == 3


def test_comments_and_empty_lines_change_nothing(tmp_path: Path):
    lines, states = seeded_game(4)
    out = run([*lines[:3], "", "# the iron die was the best", "   ", "save s.json"], cwd=tmp_path).stdout
    assert "refused" not in out
    assert saved(tmp_path / "s.json") == states[3]


def test_input_that_is_not_utf8_is_refused_line_by_line(tmp_path: Path):
    lines, states = seeded_game(4)
    data = "".join(f"{line}\n" for line in lines[:3]).encode() + b"draft iron/wh\xefte\n" + b"save s.json\n"
    command = [sys.executable, str(SCRIPT)]
    result = subprocess.run(command, input=data, capture_output=True, cwd=tmp_path, timeout=120, check=False)
    assert result.returncode == 0
    assert b"Traceback" not in result.stderr
    assert b"refused: cannot read 'draft iron/wh" in result.stdout
    assert saved(tmp_path / "s.json") == states[3]


def test_the_picture_is_written_after_each_step(tmp_path: Path):
    import xml.etree.ElementTree as ET

    lines, states = seeded_game(4)
    run(lines[:6], "--svg", "table.svg", cwd=tmp_path)
    text = (tmp_path / "table.svg").read_text(encoding="utf-8")
    assert ET.fromstring(text).tag.endswith("svg")
    assert text == tm.render_svg(states[6])


@pytest.mark.parametrize(
    ("ruling", "tie_break"), [([], "a shared win"), (["--ruling", "score_tie=human"], "yours")]
)
def test_a_tie_names_its_tie_break(tmp_path: Path, ruling: list[str], tie_break: str):
    options = {"score_tie": "human"} if ruling else None
    lines, states = seeded_game(4, score=68, options=options)
    out = run([*lines, "save s.json"], *ruling, cwd=tmp_path).stdout
    assert f"You 68, the automa 68: a tie. Tie-break: {tie_break}" in out
    assert saved(tmp_path / "s.json") == states[-1]


@pytest.mark.parametrize(
    ("ruling", "sentence"),
    [
        ("score_tie=x", "option score_tie must be one of ('shared', 'human', 'automa'), not 'x'"),
        ("nope=1", "unknown Trismaugistus option(s): 'nope'"),
        ("score_tie", "a ruling is NAME=VALUE (e.g. score_tie=human), not 'score_tie'"),
    ],
)
def test_a_bad_ruling_is_refused_at_the_start(capsys: pytest.CaptureFixture[str], ruling: str, sentence: str):
    import trismaugistus_companion  # the script, imported: the refusal comes before any input is read

    assert trismaugistus_companion.main(["--ruling", ruling]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ")
    assert sentence in err


# --- the page -------------------------------------------------------------------------------------------

MARK = re.compile(r"<!-- transcript: (?P<args>[^>]*?) -->\n```text\n(?P<body>.*?)\n```", re.DOTALL)


def _transcripts() -> list[tuple[list[str], str, str]]:
    """Each transcript of the page: its arguments, its input lines (after the prompts), its text."""
    out = []
    for match in MARK.finditer(PAGE.read_text(encoding="utf-8")):
        body = match["body"]
        lines = [m[1] for line in body.splitlines() if (m := PROMPT.match(line))]
        out.append((match["args"].split(), lines, body))
    return out


def _rerun(cwd: Path) -> list[str]:
    return [run(lines, *args, cwd=cwd).stdout.rstrip("\n") for args, lines, _ in _transcripts()]


def test_the_transcripts_of_the_solo_game_page_are_the_companions_output(tmp_path: Path):
    transcripts = _transcripts()
    assert len(transcripts) >= 2
    for (_, _, body), out in zip(transcripts, _rerun(tmp_path), strict=True):
        assert [line.rstrip() for line in out.splitlines()] == [line.rstrip() for line in body.splitlines()]


def _rewrite_page() -> None:  # pragma: no cover - run by hand
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        outputs = iter(_rerun(Path(tmp)))
    text = MARK.sub(
        lambda m: f"<!-- transcript: {m['args']} -->\n```text\n{next(outputs)}\n```",
        PAGE.read_text(encoding="utf-8"),
    )
    PAGE.write_text(text, encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    _rewrite_page()
