"""The house rules of docs/architecture.md, checked on the source tree.

Every game has the same modules for the same roles and the same public names; no module imports itself
back through a circle (imports inside functions count too: a lazy import does not remove a circle); no
source file passes 600 lines; nothing is generated at run time with exec or eval; no docstring uses
Sphinx roles that the API reference would print literally.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = SRC / "tabletop_rules"
GAMES = ("valandris", "chrononauts", "trismaugistus")

ROLE_MODULES = (
    "options",
    "moves",
    "state",
    "rules",
    "notation",
    "actions",
    "views",
    "validation",
    "serialization",
    "tensors",
)
PROTOCOL_FUNCTIONS = {
    "new_game": ("options",),
    "legal_moves": ("state",),
    "apply": ("state", "move"),
    "check_move": ("state", "move"),
    "is_legal": ("state", "move"),
    "current_player": ("state",),
    "chance_outcomes": ("state",),
    "is_terminal": ("state",),
    "returns": ("state",),
    "outcome": ("state",),
    "move_to_str": ("state", "move"),
    "parse_move": ("state", "text"),
    "to_json": ("state",),
    "from_json": ("text",),
    "validate": ("state",),
    "describe": ("state",),
    "move_to_action": ("state", "move"),
    "action_to_move": ("state", "action"),
    "num_actions": ("state",),
    "move_to_chance": ("state", "move"),
    "chance_to_move": ("state", "outcome"),
    "num_chance_outcomes": ("state",),
    "max_game_length": ("state",),
    "observation_tensor": ("state", "player"),
    "observation_tensor_size": ("state",),
    "move_to_json": ("state", "move"),
    "move_from_json": ("state", "obj"),
    "view_json": ("state", "player"),
    "events_since": ("state", "player", "cursor"),
    "json_schema": ("kind",),
}
PUBLIC_NAMES = (
    "GAME_INFO",
    "Options",
    "State",
    "Move",
    "RULES_VERSION",
    "FORMAT_VERSION",
    "MAX_JSON_CHARS",
    "MAX_MOVE_TEXT",
)


def _sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The library modules that ``path`` imports anywhere (outside ``if TYPE_CHECKING:`` blocks)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for n in ast.walk(node))
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
        else:
            continue
        found.update(t for t in targets if t in modules and t != name)
    return found


def test_no_import_circles() -> None:
    paths = {_module_name(p): p for p in _sources()}
    modules = set(paths)
    graph = {m: _imports(p, modules) for m, p in paths.items()}
    # Tarjan's strongly connected components: a component of more than one module is a circle.
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    assert circles == []


def test_no_source_file_over_600_lines() -> None:
    long = {str(p.relative_to(SRC)): n for p in _sources() if (n := len(p.read_text().splitlines())) > 600}
    assert long == {}


def test_no_code_generated_at_run_time() -> None:
    calls = []
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            called = node.func.id if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) else ""
            if called in ("exec", "eval"):
                calls.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert calls == []


def test_no_sphinx_roles_in_docstrings() -> None:
    role = re.compile(r":(class|func|meth|data|mod|attr|exc|obj):`")
    found = [str(p.relative_to(SRC)) for p in _sources() if role.search(p.read_text(encoding="utf-8"))]
    assert found == []


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_role_modules(game: str) -> None:
    present = {p.stem for p in (PACKAGE / game).glob("*.py")}
    assert set(ROLE_MODULES) <= present


@pytest.mark.parametrize("game", GAMES)
def test_a_game_package_init_only_re_exports(game: str) -> None:
    tree = ast.parse((PACKAGE / game / "__init__.py").read_text(encoding="utf-8"))
    defined = [
        n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.ClassDef) and n.name != "__getattr__"
    ]
    assert defined == []


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_same_public_api(game: str) -> None:
    module = importlib.import_module(f"tabletop_rules.{game}")
    missing = [n for n in (*PROTOCOL_FUNCTIONS, *PUBLIC_NAMES) if n not in module.__all__]
    assert missing == []
    for name, leading in PROTOCOL_FUNCTIONS.items():
        params = list(inspect.signature(getattr(module, name)).parameters)
        assert tuple(params[: len(leading)]) == leading, f"{game}.{name}{tuple(params)}"
    assert module.GAME_INFO.version == module.RULES_VERSION


@pytest.mark.parametrize("game", GAMES)
def test_new_game_takes_options_a_dict_or_none(game: str) -> None:
    module = importlib.import_module(f"tabletop_rules.{game}")
    default = module.new_game()
    assert module.new_game(module.Options()) == default
    assert module.new_game({}) == default
    assert default.options == module.Options()
