"""The shape of the package, checked: no import cycles between modules or packages, packages
in the layers docs/architecture.md lists, a small top level, public seams between modules, a
thin CLI (docs/architecture.md describes it)."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "tools" / "tolaria"
ARCHITECTURE = PACKAGE.parents[1] / "docs" / "architecture.md"
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


def _tree(path: Path) -> ast.Module:
    """A module's syntax tree (each file parsed once while it is unchanged)."""
    stat = path.stat()
    return _parsed(path, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=None)
def _parsed(path: Path, _mtime: int, _size: int) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def _imports(name: str, path: Path, known: dict[str, Path]):
    """(module imported, names imported from it, line) for every import of a module."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(_tree(path)):
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


def package_of(module: str) -> str | None:
    """The package a module belongs to (tolaria.history.notes: history; tolaria.model: model);
    None for the root package itself, whose __init__ only names the version."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else None


def package_graph(root: Path = PACKAGE) -> dict[str, dict[str, list[str]]]:
    """package -> package it imports -> the imports that make the edge (`module:line`), from
    every import of every module: module level or inside a function, relative or absolute."""
    known = _modules(root)
    graph: dict[str, dict[str, list[str]]] = {}
    for name, path in known.items():
        source = package_of(name)
        if source is None:
            continue
        edges = graph.setdefault(source, {})
        for target, _names, line in _imports(name, path, known):
            imported = package_of(target)
            if imported not in (None, source):
                edges.setdefault(imported, []).append(f"{name}:{line} imports {target}")
    return graph


def loop_in(component: list[str], graph: dict[str, dict[str, list[str]]]) -> list[str]:
    """One loop through the first package of a strongly connected component, as the packages
    it passes (the first again at the end)."""
    start, members = component[0], set(component)
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for target in sorted(graph[node]):
            if target == start:
                return paths[node] + [start]
            if target in members and target not in paths:
                paths[target] = paths[node] + [target]
                queue.append(target)
    raise ValueError(f"no loop through {start}")


def package_loops(root: Path = PACKAGE) -> list[str]:
    """Each loop between packages, with the imports that close it, one line per edge."""
    graph = package_graph(root)
    out = []
    for component in cycles({name: set(edges) for name, edges in graph.items()}):
        loop = loop_in(component, graph)
        lines = [" -> ".join(loop)]
        for source, target in zip(loop, loop[1:]):
            lines += [f"  {source} -> {target}: {how}" for how in graph[source][target]]
        out.append("\n".join(lines))
    return out


def check_no_package_loops(root: Path = PACKAGE) -> None:
    loops = package_loops(root)
    assert not loops, "packages import each other in a loop:\n" + "\n".join(loops)


def documented_layers(text: str) -> list[list[str]]:
    """The layers of docs/architecture.md's "Layers" list, bottom first: each numbered line
    names its packages in backticks."""
    section = text.split("\n## Layers\n", 1)[1].split("\n## ", 1)[0]
    return [re.findall(r"`([^`]+)`", line) for line in section.splitlines()
            if re.match(r"\d+\. ", line)]


def layer_offences(graph: dict[str, dict[str, list[str]]], layers: list[list[str]]) -> list[str]:
    """Every import of a package from its own layer or one above it, and every package that
    is in no layer or in more than one."""
    level = {}
    offences = []
    for number, names in enumerate(layers):
        for name in names:
            if name in level:
                offences.append(f"{name}: in more than one layer")
            level[name] = number
    for source in sorted(graph):
        if source not in level:
            offences.append(f"{source}: in no layer of docs/architecture.md")
            continue
        for target, how in sorted(graph[source].items()):
            if level.get(target, len(layers)) >= level[source]:
                offences += [f"{source} (layer {level[source] + 1}) imports {target} "
                             f"(layer {level.get(target, -1) + 1}): {h}" for h in how]
    return offences


def _planted(tmp_path: Path, files: dict[str, str]) -> Path:
    package = tmp_path / "pkg"
    for name, text in files.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text, encoding="utf-8")
    return package


PLANTED = {"__init__.py": "", "low/__init__.py": "", "low/base.py": "x = 1\n",
           "mid/__init__.py": "", "mid/reader.py": "from ..low.base import x\n",
           "high/__init__.py": "", "high/runner.py": "import pkg.mid.reader\n",
           "top.py": "from .high import runner\n"}


def test_a_loop_between_packages_is_found_and_printed(tmp_path):
    """No module imports itself through others here, yet the packages do: a function of
    low.extra imports high, which imports mid, which imports low.base."""
    package = _planted(tmp_path, PLANTED)
    check_no_package_loops(package)
    (package / "low" / "extra.py").write_text(
        "def later():\n    from ..high.runner import pkg\n", encoding="utf-8")
    assert cycles(import_graph(package)) == []
    with pytest.raises(AssertionError) as failure:
        check_no_package_loops(package)
    assert "high -> mid -> low -> high" in str(failure.value)
    assert "low -> high: pkg.low.extra:2 imports pkg.high.runner" in str(failure.value)


def test_packages_import_each_other_in_no_loop():
    check_no_package_loops()


def test_an_import_from_a_layer_above_is_an_offence(tmp_path):
    graph = package_graph(_planted(tmp_path, PLANTED))
    assert layer_offences(graph, [["low"], ["mid"], ["high"], ["top"]]) == []
    assert layer_offences(graph, [["low", "mid"], ["high"], ["top"]]) == [
        "mid (layer 1) imports low (layer 1): pkg.mid.reader:1 imports pkg.low.base"]
    assert layer_offences(graph, [["low"], ["high"], ["mid"]]) == [
        "high (layer 2) imports mid (layer 3): pkg.high.runner:1 imports pkg.mid.reader",
        "top: in no layer of docs/architecture.md"]


def test_each_package_imports_only_the_layers_below_it():
    layers = documented_layers(ARCHITECTURE.read_text(encoding="utf-8"))
    graph = package_graph()
    assert layer_offences(graph, layers) == []
    assert sorted(name for layer in layers for name in layer) == sorted(graph)


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
        tree = _tree(path)
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


def _guarded(node: ast.AST, parents: dict) -> bool:
    """Inside a try whose handler catches ImportError: an optional part, not a saving."""
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.Try) and any(
                isinstance(h.type, ast.Name) and h.type.id == "ImportError" for h in node.handlers):
            return True
    return False


def unexplained_function_imports(root: Path = PACKAGE) -> list[str]:
    """Imports inside functions without a comment naming their measured saving (`# lazy:
    saves 3 ms of …`), on their line or above them (one may stand over a group of imports)."""
    out = []
    for path in sorted(root.rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        tree = ast.parse("\n".join(lines))
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for function in ast.walk(tree):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if not isinstance(node, (ast.Import, ast.ImportFrom)) or _guarded(node, parents):
                    continue
                at = node.lineno - 1
                while at >= 0 and "# lazy:" not in lines[at] and lines[at].lstrip().startswith(
                        ("import ", "from ", "#")):
                    at -= 1
                if at < 0 or not re.search(r"# lazy: saves [\d.]+ ms", lines[at]):
                    out.append(f"{path.relative_to(root.parent)}:{node.lineno}: "
                               f"{lines[node.lineno - 1].strip()}")
    return out


def test_an_import_inside_a_function_names_its_measured_saving(tmp_path):
    package = _planted(tmp_path, {"__init__.py": "", "a.py": (
        "def f():\n    # lazy: saves 3 ms of `show`'s cold start\n    import json\n"
        "    import re\n\n\ndef g():\n    try:\n        import optional\n"
        "    except ImportError:\n        return None\n")})
    assert unexplained_function_imports(package) == []
    (package / "b.py").write_text("def h():\n    import json  # lazy: JSON\n", encoding="utf-8")
    assert unexplained_function_imports(package) == ["pkg/b.py:2: import json  # lazy: JSON"]
    assert unexplained_function_imports() == []


# --- the site's search follows docs/search.md, not the Python ------------------------------
SCRIPTS = PACKAGE / "site" / "assets"


def python_names(root: Path = PACKAGE) -> dict[str, set[str]]:
    """A name the package gives -> what can follow it after a dot: a module's last name ->
    the functions, classes and top-level names it defines (a package's: its modules too); a
    class's name -> its methods and attributes."""
    out: dict[str, set[str]] = {}
    for name, path in _modules(root).items():
        parts = name.split(".")
        if len(parts) > 1:
            out.setdefault(parts[-2], set()).add(parts[-1])
        defined = out.setdefault(parts[-1], set())
        for node in ast.walk(_tree(path)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                defined.add(node.name)
            if isinstance(node, ast.ClassDef):
                out.setdefault(node.name, set()).update(
                    item.name for item in node.body
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)))
        for node in _tree(path).body:
            if isinstance(node, ast.Assign):
                defined.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return out


def python_named(script: str, names: dict[str, set[str]]) -> list[str]:
    """What a script's comments name of the Python: a module's file, or module.name where
    the module defines the name (window.tolaria.search, the page's API, is not a module's)."""
    text = "\n".join(re.findall(r"(?<![:\\])//(.*)", script))
    found = re.findall(r"\b[\w/]+\.py\b", text)
    for module, attribute in re.findall(r"(?<![\w./])(\w+)\.(\w+)", text):
        if attribute in names.get(module, ()):
            found.append(f"{module}.{attribute}")
    return found


def test_a_script_naming_a_python_function_or_module_is_found():
    names = {"engine": {"_weight", "alternate"}, "topics": {"first"}}
    script = ("function weigh() {  // engine._weight\n// see topics.py; data.english, "
              "window.engine.alternate, engine.unknown, topics.first\n"
              "return engine.alternate(a, b)  // code, not a comment: http://engine.alternate\n")
    assert python_named(script, names) == ["topics.py", "engine._weight", "topics.first"]


def test_the_sites_scripts_name_no_python_function_or_module():
    """The site's search implements docs/search.md from the data the build exports; its
    comments say what a function does, never which Python function it mirrors."""
    names = python_names()
    assert {"_weight", "alternate"} <= names["engine"]  # the names are read
    assert "find" in names["Glossary"] and "export" in names["search"]
    assert python_named("// Glossary.find, tolaria.search.export, engine._weight", names) == [
        "Glossary.find", "tolaria.search", "engine._weight"]
    found = {path.name: python_named(path.read_text(encoding="utf-8"), names)
             for path in sorted(SCRIPTS.glob("*.js"))}
    assert len(found) >= 3 and {name: said for name, said in found.items() if said} == {}
