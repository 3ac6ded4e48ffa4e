"""Play Trismegistus solo at the table, with the engine running the Trismaugistus automa.

You play your own turns on the physical board; the companion runs the automa.  Type what happened on
the table in the game's notation (your reports, the automa card you turned up) and it answers with a
numbered checklist of what to move for the automa; `why` shows the rules it applied, clause by clause.

    python examples/trismaugistus_companion.py [--pack FILE] [--difficulty 1|2|3] [--seed N]
                                               [--ruling NAME=VALUE ...] [--load FILE] [--svg FILE]

The prompt says what the engine waits for.  `help` lists the reports and the commands (`why`,
`status`, `undo`, `save FILE`, `load FILE`, `quit`); `help draft` shows one report with examples
valid now; the Tab key completes cards, dice, bowls and areas.  A bare `draw` (or `black-die`,
`masterpiece`, `artifact-die`) lets the companion turn it up for you, seeded by --seed.  Every line
that `parse_move` accepts is accepted, so a game's notation can be replayed from a file
(``python examples/trismaugistus_companion.py < game.txt``); lines starting with ``#`` are comments.

This is a reference front end built on the library (which itself has no user interface), on the
standard library only: `cmd`, and `readline` where the platform has it.
"""

from __future__ import annotations

import argparse
import cmd
import contextlib
import io
import json
import os
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from trismaugistus_table.checklist import checklist, is_automa_step
from trismaugistus_table.completion import complete
from trismaugistus_table.helptext import HEADS, help_for, menu_lines, overview
from trismaugistus_table.notes import notes

from tabletop_rules import trismaugistus as tm
from tabletop_rules.core import (
    InvalidMoveError,
    InvalidOptionError,
    InvalidStateError,
    TabletopRulesError,
    sample_outcome,
)
from tabletop_rules.core.jsonio import brief, read_text_file
from tabletop_rules.trismaugistus.vocabulary import DICE_PER_ROUND

HISTORY_FILE = Path.home() / ".trismaugistus_companion_history"
"""Where an interactive session keeps its input history (read at the start, written at the end)."""

_CHANCE_WORDS: dict[str, tuple[type, ...]] = {
    "draw": (tm.CardDrawn,),
    "cube": (tm.ObjectiveDie,),
    "black-die": (tm.ObjectiveDie,),
    "masterpiece": (tm.MasterpieceDrawn,),
    "artifact-die": (tm.ArtifactDie,),
}
_WAITING = {
    "card": "draw <the card you turn up>",
    "objective_die": "cube <position> | black-die <value>",
    "artifact_die": "artifact-die 1|2",
    "masterpiece": "masterpiece <the one you turn up>",
}
_TIE = {
    "shared": "a shared win (the score_tie ruling; play the base game's tie-breaker at the table"
    " if you use one)",
    "human": "yours: the score_tie ruling gives a tie to the human",
    "automa": "the automa's: the score_tie ruling gives a tie to the automa",
}


class Step(NamedTuple):
    """One entry of the undo history: the state before a report (or a load), and the line typed."""

    before: tm.State
    line: str
    move: tm.Move | None  # None for a `load`


def prompt_for(state: tm.State, difficulty: int | None = None) -> str:
    """The prompt: the phase, whose turn it is and what to report next."""
    if state.phase == "setup":
        d = f"d{difficulty}" if difficulty else "d1|d2|d3"
        return f"[setup: setup {d} exp=<starting experiment> art=<starting artifact>]> "
    if state.phase == "round_start":
        return f"[round {state.round} starts: report the roll, the areas and the offers]> "
    if state.phase == "over":
        score = state.score
        if score is not None and score.human_score is None:
            return "[game over: report score <your total>]> "
        return "[game over: save FILE, or quit]> "
    if state.pending is not None:
        where = "final scoring" if state.phase == "scoring" else f"round {state.round}, automa"
        what = _WAITING[state.pending.kind]
        if state.pending.kind == "card" and not state.automa.draw_pile:
            what = "shuffle its discard pile into a new draw pile, then " + what
        return f"[{where}: {what}]> "
    heads: list[str] = []
    for line in menu_lines(state):
        head = line.split()[0]
        if head not in heads:
            heads.append(head)
    if "end" in heads and tm.HumanEndTurn(True) in tm.legal_moves(state):
        heads[heads.index("end")] = "end finished"
    dice = f"{state.human_dice}/{DICE_PER_ROUND} dice"
    return f"[round {state.round}, your turn, {dice}: {' | '.join(heads)}]> "


def end_screen(state: tm.State) -> list[str]:
    """The final score, the winner and how a tie is settled (once the game is over)."""
    score = state.score
    if score is None:
        return []
    lines = ["=" * 22 + " game over " + "=" * 22, f"The automa's final score: {score.total}"]
    lines += tm.format_score(state).splitlines()
    if score.human_score is None:
        lines.append("Add up your own score at the table and report it: report score <your total>")
        return lines
    out = tm.outcome(state)
    human, total = score.human_score, score.total
    if human == total:
        lines.append(f"You {human}, the automa {total}: a tie. Tie-break: {_TIE[state.options.score_tie]}.")
    else:
        who = "you win" if out["winner"] == "human" else "the automa wins"
        lines.append(f"You {human}, the automa {total}: {who} by {abs(human - total)} (no tie to break).")
    return lines


class Companion(cmd.Cmd):
    """The interactive loop: a line of notation is a report; a few words are the companion's commands."""

    def __init__(
        self,
        state: tm.State,
        *,
        difficulty: int | None = None,
        seed: int | None = None,
        svg: Callable[[tm.State], None] | None = None,
        interactive: bool = True,
    ) -> None:
        super().__init__(completekey="tab" if interactive else "")  # no readline without a terminal
        self.state = state
        self.history: list[Step] = []
        self.difficulty = difficulty
        self.rng = random.Random(seed)
        self.svg = svg
        self.interactive = interactive
        self.saved_state = state
        self.save_path: str | None = None
        self.explained = False
        self.prompt = prompt_for(state, difficulty)

    # --- the loop ---------------------------------------------------------------------------------

    def precmd(self, line: str) -> str:
        if not self.interactive:  # echo the line read, so that the output reads as a transcript
            print("" if line == "EOF" else line)
        return line

    def postcmd(self, stop: bool, line: str) -> bool:
        self.prompt = prompt_for(self.state, self.difficulty)
        return stop

    def emptyline(self) -> bool:
        return False  # never repeat the last report (cmd's default)

    def default(self, line: str) -> None:
        """A line of notation: the player's report, or the chance outcome turned up at the table."""
        text = line.strip()
        if text.startswith("#"):
            return
        words = text.split()
        if len(words) == 1 and words[0] in _CHANCE_WORDS:
            turned = self._turn_up(words[0])
            if turned is None:
                return
            text = turned
        elif words[0] == "setup" and self.difficulty and (len(words) < 2 or "=" in words[1]):
            text = f"setup d{self.difficulty} {' '.join(words[1:])}".strip()
            print(f"  (read as: {text})")
        try:
            move = tm.parse_move(self.state, text)
        except TabletopRulesError as exc:  # a typo or an impossible report: nothing changes
            print(f"  refused: {exc}")
            if isinstance(exc, InvalidMoveError):
                print("  (`help` lists the reports, `help <word>` shows one with examples)")
            return
        self._play(text, move)

    def _turn_up(self, word: str) -> str | None:
        """The companion turns up the awaited card or die itself (seeded), and says which."""
        outcomes = tm.chance_outcomes(self.state)
        if not outcomes or not isinstance(outcomes[0][0], _CHANCE_WORDS[word]):
            print(f"  refused: nothing to turn up with `{word}` now; the engine waits for {self._waiting()}")
            return None
        move = sample_outcome(outcomes, self.rng)
        text = tm.move_to_str(self.state, move)
        print(f"  the companion turns up: {text}")
        return text

    def _waiting(self) -> str:
        return prompt_for(self.state, self.difficulty).strip("[]> ").partition(": ")[2]

    def _this_turn(self) -> list[tm.Move]:
        """The player's reports of the turn in progress, oldest first (from the undo history)."""
        now = self.state
        if now.phase != "play" or now.to_move != "human":
            return []
        moves: list[tm.Move] = []
        for step in reversed(self.history):
            before = step.before
            same_turn = (before.phase, before.round, before.turn) == ("play", now.round, now.turn)
            if step.move is None or not same_turn:
                break
            moves.append(step.move)
        return moves[::-1]

    def _play(self, text: str, move: tm.Move) -> None:
        before = self.state
        for note in notes(before, move, self._this_turn(), self.difficulty):
            print(f"  note: {note}")
        after = tm.apply(before, move)
        self.history.append(Step(before, text, move))
        self.state = after
        self._tell(before, after, move)
        self._picture()

    def _tell(self, before: tm.State, after: tm.State, move: tm.Move) -> None:
        """What the step means at the table: a confirmation, the card, the checklist, the round, the end."""
        if isinstance(move, tm.Setup):
            print(f"  ok: the automa is set up at difficulty {after.difficulty}")
        elif not is_automa_step(move) and after.trace:
            print(f"  ok: {after.trace[0]}")
        card = next((line for line in after.trace if line.clause in ("T-TURN-2", "T-RULING-26")), None)
        if card is not None:
            print(f"  card {card.text}")
        items = checklist(before, after, move)
        if items:
            print("  on the table:")
            print("\n".join(f"    {i}. {item}" for i, item in enumerate(items, start=1)))
            if not self.explained:
                print("  (`why` shows the rules the engine applied, clause by clause)")
                self.explained = True
        elif is_automa_step(move):
            print(tm.format_trace(after.trace))
        if after.automa_finished > before.automa_finished and not after.human_finished:
            print(f"  the automa has finished round {after.round}: you play on until your `end finished`")
        if after.phase == "over" and (before.phase != "over" or isinstance(move, tm.ReportFinalScore)):
            print("\n".join(f"  {line}" for line in end_screen(after)))

    def _picture(self) -> None:
        if self.svg is not None:
            self.svg(self.state)

    # --- the companion's commands (their docstrings are their help) --------------------------------

    def do_why(self, arg: str) -> bool:
        """why: the rules the engine applied in the last step, clause by clause."""
        if not self.state.trace:
            print("  nothing has happened yet")
        else:
            print(tm.format_trace(self.state.trace))
        return False

    def do_status(self, arg: str) -> bool:
        """status: everything the engine believes about the table (check it against the board)."""
        print(tm.describe(self.state))
        return False

    def do_undo(self, arg: str) -> bool:
        """undo: back to before the last report (or load)."""
        if not self.history:
            print("  refused: nothing to undo")
            return False
        step = self.history.pop()
        self.state = step.before
        print(f"  undone: {step.line}")
        if step.move is not None and checklist(step.before, tm.apply(step.before, step.move), step.move):
            print("  (put back on the table what its checklist moved)")
        self._picture()
        return False

    def do_save(self, arg: str) -> bool:
        """save FILE: write the game to FILE (the state JSON); `load FILE` or --load FILE resumes it."""
        path = arg.strip() or self.save_path
        if not path:
            print("  refused: save needs a file name: save FILE")
            return False
        target = Path(path)
        if target.is_file() and not _is_saved_game(target):
            print(f"  refused: {brief(path)} exists and is not a saved game; choose another name")
            return False
        try:
            _write(target, tm.to_json(self.state))
        except OSError as exc:
            print(f"  refused: cannot write {brief(path)}: {exc.strerror or type(exc).__name__}")
            return False
        self.saved_state, self.save_path = self.state, path
        print(f"  saved to {path}")
        return False

    def do_load(self, arg: str) -> bool:
        """load FILE: continue the game saved in FILE (`undo` goes back to the game before it)."""
        path = arg.strip()
        if not path:
            print("  refused: load needs a file name: load FILE")
            return False
        try:
            text = read_text_file(path, limit=tm.MAX_JSON_CHARS, what="saved game", error=InvalidStateError)
            loaded = tm.from_json(text)
        except TabletopRulesError as exc:
            print(f"  refused: {exc}")
            return False
        if loaded.pack.pack_id != self.state.pack.pack_id:
            print(f"  note: the saved game uses the pack {brief(loaded.pack.pack_id)}; it is kept")
        self.history.append(Step(self.state, f"load {path}", None))
        self.state = self.saved_state = loaded
        self.save_path = path
        print(f"  loaded {path}:")
        print("\n".join(f"  {line}" for line in tm.describe(loaded).splitlines()))
        self._picture()
        return False

    def do_help(self, arg: str) -> bool:
        """help [WORD]: the reports and the commands, or one of them with examples valid now."""
        word = arg.strip()
        commands = self._commands()
        if not word:
            print(overview(commands))
        elif word in HEADS:
            print(help_for(self.state, word))
        elif any(name.split()[0] == word for name, _ in commands):
            print(next(f"{name}: {text}" for name, text in commands if name.split()[0] == word))
        else:
            print(help_for(self.state, word))
        return False

    def do_quit(self, arg: str) -> bool:
        """quit: leave the companion (save first to resume the game another day)."""
        self._leaving("")
        return True

    do_exit = do_quit

    def do_EOF(self, arg: str) -> bool:  # the name `cmd` gives the end of the input
        """EOF: the end of the input ends the session."""
        self._leaving("end of input")
        return True

    def _leaving(self, why: str) -> None:
        head = f"  {why}: " if why else "  "
        if self.history and self.state is not self.saved_state:
            print(f"{head}the game is not saved; next time type `save FILE` first (`load FILE` resumes it)")
        elif self.save_path:
            print(f"{head}the game is saved in {self.save_path}; resume it with --load {self.save_path}")
        elif why:
            print(f"{head}goodbye")

    def _commands(self) -> list[tuple[str, str]]:
        out = []
        for name in ("why", "status", "undo", "save", "load", "help", "quit"):
            doc = getattr(self, f"do_{name}").__doc__ or ""
            usage, _, text = doc.partition(": ")
            out.append((usage, text))
        return out

    # --- completion (readline) ----------------------------------------------------------------------

    def completenames(self, text: str, *ignored: Any) -> list[str]:
        return complete(self.state, [], text, self._command_words())

    def completedefault(self, text: str, line: str, begidx: int, endidx: int) -> list[str]:
        words = line[:begidx].split()
        if words and words[0] in ("save", "load"):
            return [str(p) for p in Path().glob(f"{text}*")][:50]
        return complete(self.state, words, text, self._command_words())

    def completenames_for_help(self, text: str) -> list[str]:
        return complete(self.state, ["help"], text, self._command_words())

    def complete_help(self, text: str, line: str, begidx: int, endidx: int) -> list[str]:
        return self.completenames_for_help(text)

    complete_save = complete_load = completedefault

    def _command_words(self) -> list[str]:
        return [name.split()[0] for name, _ in self._commands()]


def _write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a reader never sees half a file)."""
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def _rulings(items: list[str]) -> dict[str, Any]:
    """``--ruling NAME=VALUE`` as an options dict (a value is read as JSON when it can be: true, 2, [...]).

    Raises:
        InvalidOptionError: if an item has no ``=`` (`tm.new_game` checks the names and values).
    """
    out: dict[str, Any] = {}
    for item in items:
        name, eq, value = item.partition("=")
        if not eq or not name:
            raise InvalidOptionError(f"a ruling is NAME=VALUE (e.g. score_tie=human), not {brief(item)}")
        try:
            out[name] = json.loads(value)
        except ValueError:
            out[name] = value
    return out


def _is_saved_game(path: Path) -> bool:
    """Whether ``path`` holds a saved game (which `save` may overwrite; any other file it keeps)."""
    try:
        tm.from_json(read_text_file(path, limit=tm.MAX_JSON_CHARS, what="saved game"))
    except TabletopRulesError:
        return False
    return True


def _svg_writer(path: str) -> Callable[[tm.State], None]:
    """Write the picture of each state (`trismaugistus.render_svg`) to ``path``, whole or not at all."""

    def write(state: tm.State) -> None:
        try:
            _write(Path(path), tm.render_svg(state))
        except OSError as exc:
            print(f"  note: cannot write the picture to {brief(path)}: {exc.strerror or type(exc).__name__}")

    return write


def _readline(interactive: bool) -> Any:
    """The `readline` module set up for the notation, or None (not interactive, or not on this platform)."""
    if not interactive:
        return None
    try:
        import readline
    except ImportError:  # e.g. Windows without pyreadline: no history, no completion, the rest works
        return None
    readline.set_completer_delims(" \t\n")  # complete whole words such as areas=iron:FX-E01
    if "libedit" in (readline.__doc__ or ""):
        readline.parse_and_bind("bind ^I rl_complete")
    with contextlib.suppress(OSError):
        readline.read_history_file(HISTORY_FILE)
    return readline


def main(argv: Sequence[str] | None = None) -> int:
    """Run the companion; returns the exit status (130 after an interrupt)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--pack", help="your content pack (default: the bundled FICTIONAL example)")
    parser.add_argument("--difficulty", type=int, choices=(1, 2, 3), help="the difficulty the setup uses")
    parser.add_argument(
        "--ruling",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a ruling of trismaugistus.Options for a new game, e.g. score_tie=human (repeatable)",
    )
    parser.add_argument("--seed", type=int, help="seed for what the companion turns up itself (bare `draw`)")
    parser.add_argument("--load", metavar="FILE", help="resume the game saved in FILE")
    parser.add_argument("--svg", metavar="FILE", help="write the table's picture to FILE after each step")
    args = parser.parse_args(argv)
    try:
        pack = tm.load_pack(args.pack, warn_fictional=False) if args.pack else None
        state = tm.new_game(_rulings(args.ruling), pack=pack)
    except TabletopRulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if isinstance(sys.stdin, io.TextIOWrapper):  # a byte that is not UTF-8 is refused with its line
        sys.stdin.reconfigure(errors="replace")
    interactive = sys.stdin.isatty()
    svg = _svg_writer(args.svg) if args.svg else None
    app = Companion(state, difficulty=args.difficulty, seed=args.seed, svg=svg, interactive=interactive)
    tag = " [FICTIONAL example pack: invented cards]" if state.pack.fictional else ""
    print(f"Trismaugistus companion: pack {state.pack.pack_id}{tag}.")
    print("Type `help` for the reports and the commands; the prompt says what the engine waits for.")
    if args.load:
        app.do_load(args.load)
        if not app.history:  # refused: the sentence is printed
            return 2
        app.history.clear()
        app.postcmd(False, "")
    app._picture()
    readline = _readline(interactive)
    try:
        app.cmdloop()
    except KeyboardInterrupt:
        print()
        app._leaving("interrupted")
        return 130
    finally:
        if readline is not None:
            with contextlib.suppress(OSError):
                readline.write_history_file(HISTORY_FILE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
