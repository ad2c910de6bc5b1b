"""The shape of the package, checked: no import cycles, a small top level, public seams
between modules, a thin CLI (docs/architecture.md describes it)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "tools" / "tolaria"
# __init__, __main__ and what every layer uses: cache, errors, i18n, lookup, model, numbering,
# tuples (the record classes of the model, the history, the CR and search are made with it)
TOP_LEVEL_LIMIT = 9
CLI_LINE_LIMIT = 80


def _modules(root: Path = PACKAGE) -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _imports(name: str, path: Path, known: dict[str, Path]):
    """(module imported, names imported from it, line) for every import of a module."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in known:  # `from . import module`
                    yield full, (), node.lineno
                elif base in known:
                    yield base, (alias.name,), node.lineno
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    yield alias.name, (), node.lineno


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    known = _modules(root)
    return {name: {target for target, _names, _line in _imports(name, path, known)
                   if target != name}
            for name, path in known.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in graph:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_cycles_are_found_when_there_are_some():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_a_cycle_among_real_files_is_found(tmp_path):
    """The walk reads a package as it reads tolaria: relative, absolute and function-level
    imports make edges, so a cycle hidden in a function body is still a cycle."""
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    for name, text in {"__init__.py": "", "a.py": "from .sub import b\n",
                       "sub/__init__.py": "", "sub/b.py": "def f():\n    from ..c import x\n",
                       "c.py": "import pkg.a\nx = 1\n", "d.py": "from . import c\n"}.items():
        (package / name).write_text(text, encoding="utf-8")
    assert cycles(import_graph(package)) == [["pkg.a", "pkg.c", "pkg.sub.b"]]
    (package / "c.py").write_text("x = 1\n", encoding="utf-8")
    assert cycles(import_graph(package)) == []


def test_no_module_imports_itself_through_others():
    assert cycles(import_graph()) == []


def test_the_top_level_holds_only_what_everything_uses():
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(top) <= TOP_LEVEL_LIMIT, top


def _private(name: str) -> bool:
    """A private name: `_x`, but not `_` (gettext's, public by convention) nor `__x__`."""
    return name.startswith("_") and name != "_" and not name.startswith("__")


def test_no_module_reaches_into_another_modules_private_names():
    known = _modules()
    offences = []
    for name, path in known.items():
        for target, names, line in _imports(name, path, known):
            offences += [f"{path.name}:{line}: {target}.{n}" for n in names if _private(n)]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {alias.asname or alias.name.rpartition(".")[2]
                    for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
                    for alias in node.names
                    if any(m.endswith("." + alias.name) or m == alias.name for m in known)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id in imported and _private(node.attr):
                offences.append(f"{path.name}:{node.lineno}: {node.value.id}.{node.attr}")
    assert offences == []


@pytest.mark.parametrize("path", sorted((PACKAGE / "cli").glob("*.py")), ids=lambda p: p.name)
def test_every_command_module_is_thin(path):
    assert len(path.read_text(encoding="utf-8").splitlines()) <= CLI_LINE_LIMIT
