"""The layering: the CLI over the score sheet, the tutor and vision, all three over the engine,
nothing pointing back up; inside vision, training (vision/training/) over the scan path, never
imported by it at module level; and the size of each package.

Run as a script it prints the structure (for a closing note, or to compare two checkouts):

    python tests/test_structure.py [CHECKOUT]

Imports are read from the source (``ast``), so nothing is imported; an import inside a
function (a lazy one, kept off the start-up path) counts the same as one at the top.
"""

from __future__ import annotations

import ast
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the installed package of each folder at the top of the checkout (pyproject's package-dir)
FOLDERS = {"engine": "engine", "scoresheet": "scoresheet", "tutor": "tutor", "vision": "vision", "remi": "cli",
           "research": "research"}
#: STYLE.md: a reader can hold a function in mind, about 80 lines at most
LONG = 80
#: what each package may import (besides itself and the standard library and third parties)
ALLOWED = {
    "engine": set(),
    "scoresheet": {"engine"},
    "tutor": {"engine"},
    "vision": {"engine"},
    "cli": {"engine", "scoresheet", "tutor", "vision"},
    # experiments, kept outside the product (STYLE.md): they use it, it never imports them
    "research": {"engine", "scoresheet", "tutor", "vision", "cli"},
}


@dataclass
class Package:
    name: str
    modules: dict[str, int] = field(default_factory=dict)  # module path -> lines
    imports: Counter[str] = field(default_factory=Counter)  # package -> how many of its modules import it
    cycles: list[list[str]] = field(default_factory=list)  # module import cycles inside it
    long: list[str] = field(default_factory=list)  # functions over LONG lines: "path:line name (n)"
    private: list[str] = field(default_factory=list)  # "path: module._name" used from another module; tests imported


def _normalise(module: str) -> str | None:
    """A dotted name as ``package.rest`` (installed ``remi.engine.x`` or the old flat ``engine.x``);
    None outside the project."""
    parts = module.split(".")
    if parts[0] == "remi":
        if len(parts) > 1 and parts[1] in ("engine", "scoresheet", "tutor", "vision"):
            return ".".join(parts[1:])
        return ".".join(["cli", *parts[1:]])
    if parts[0] in ("engine", "scoresheet", "tutor", "vision", "cli", "research"):
        return module
    return None


def _module_name(package: str, path: Path, folder: Path) -> str:
    rel = path.relative_to(folder).with_suffix("")
    parts = [p for p in rel.parts if p != "__init__"]
    return ".".join([package, *parts])


def _imported(tree: ast.AST, here: str, nodes=None) -> list[str]:
    """Every dotted module name the tree imports (relative imports resolved against ``here``);
    ``nodes``: only those of these nodes (``_module_level``)."""
    names = []
    for node in ast.walk(tree) if nodes is None else nodes:
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = here.split(".")[: -node.level] if node.level else []
                base = ".".join([*up, base]) if base else ".".join(up)
            names.append(base)
            names += [f"{base}.{a.name}" for a in node.names]  # `from pkg import module`
    return names


def _module_level(tree: ast.Module) -> list[ast.AST]:
    """The import statements that run when the module is imported: all but those inside a
    function (a class body and an ``if`` at the top run on import, so they count).

    >>> [type(n).__name__ for n in _module_level(ast.parse("import a\\ndef f():\\n    import b\\nif 1:\\n    from c import d"))]
    ['Import', 'ImportFrom']
    """
    found, todo = [], list(tree.body)
    while todo:
        node = todo.pop(0)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        todo += list(ast.iter_child_nodes(node))
    return found


#: vision's training and data generation, a subpackage over the scan path (STYLE.md: ultralytics
#: keeps what predicts apart from what trains)
TRAINING = "vision.training"


def training_imports(root: Path = ROOT) -> tuple[list[str], list[str]]:
    """The modules of vision/ outside vision/training/ that import ``remi.vision.training``:
    (at module level, only inside a function)."""
    top, lazy = [], []
    folder = root / "vision"
    for path in sorted(folder.rglob("*.py")):
        here = _module_name("vision", path, folder)
        if here == TRAINING or here.startswith(TRAINING + "."):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        hits = lambda names: any(  # noqa: E731
            (n := _normalise(name)) and (n == TRAINING or n.startswith(TRAINING + ".")) for name in names)
        where = str(path.relative_to(root))
        if hits(_imported(tree, here, _module_level(tree))):
            top.append(where)
        elif hits(_imported(tree, here)):
            lazy.append(where)
    return top, lazy


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _private_uses(tree: ast.AST, where: str) -> list[str]:
    """Another project module's private names this tree uses: imported (``from m import _x``)
    or reached through the module (``from pkg import m`` ... ``m._x``); and any import of the
    test suite, which is not installed."""
    found, modules = [], {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and _normalise(node.module):
            found += [f"{where}: {node.module}.{a.name}" for a in node.names if _private(a.name)]
            modules.update({a.asname or a.name: f"{node.module}.{a.name}" for a in node.names})
        elif isinstance(node, ast.Import):
            modules.update({a.asname: a.name for a in node.names if a.asname and _normalise(a.name)})
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            found += [f"{where}: imports {n} (the tests)" for n in names if n.split(".")[0] == "tests"]
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules
                and _private(node.attr)):
            found.append(f"{where}: {modules[node.value.id]}.{node.attr}")
    return found


def structure(root: Path = ROOT) -> dict[str, Package]:
    packages = {}
    graph: dict[str, set[str]] = {}
    owner: dict[str, str] = {}
    for folder_name, package in FOLDERS.items():
        folder = root / folder_name
        if not folder.is_dir():
            continue  # an older checkout (research/ came later)
        pkg = packages[package] = Package(package)
        for path in sorted(folder.rglob("*.py")):
            if "migrations" in path.parts:
                continue  # Alembic's generated scripts
            text = path.read_text(encoding="utf-8")
            pkg.modules[str(path.relative_to(root))] = text.count("\n")
            here = _module_name(package, path, folder)
            owner[here] = package
            tree = ast.parse(text)
            pkg.private += _private_uses(tree, str(path.relative_to(root)))
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    n = (node.end_lineno or node.lineno) - node.lineno + 1
                    if n > LONG:
                        pkg.long.append(f"{path.relative_to(root)}:{node.lineno} {node.name} ({n})")
            targets: set[str] = set()
            for name in _imported(tree, here + (".__init__" if path.name == "__init__.py" else "")):
                target = _normalise(name)
                if target is None:
                    continue
                targets.add(target)
            pkg.imports.update({p for p in (t.split(".")[0] for t in targets) if p != package})
            graph[here] = targets
    for package, pkg in packages.items():
        pkg.cycles = _cycles({m: {t for t in ts if t in graph and owner.get(t) == package}
                              for m, ts in graph.items() if owner[m] == package})
    return packages


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def report(packages: dict[str, Package], root: Path = ROOT) -> str:
    lines = [f"{'package':12}{'modules':>8}{'lines':>8}  {'largest module':34}  imports (modules importing it)"]
    for name, pkg in packages.items():
        big = max(pkg.modules.items(), key=lambda kv: kv[1])
        uses = ", ".join(f"{k} {v}" for k, v in sorted(pkg.imports.items())) or "nothing"
        lines.append(f"{name:12}{len(pkg.modules):>8}{sum(pkg.modules.values()):>8}  "
                     f"{big[0] + ' ' + str(big[1]):34}  {uses}")
    back = [f"{a} -> {b}" for a, pkg in packages.items() for b in pkg.imports if b not in ALLOWED[a]]
    lines.append("pointing back up or across: " + (", ".join(back) or "none"))
    cycles = [" <-> ".join(c) for pkg in packages.values() for c in pkg.cycles]
    lines.append("module import cycles (lazy imports included): " + ("; ".join(cycles) or "none"))
    long = [f for pkg in packages.values() for f in pkg.long]
    lines.append(f"functions over {LONG} lines: " + (", ".join(long) or "none"))
    private = [f for pkg in packages.values() for f in pkg.private]
    lines.append("private names imported across modules: " + (", ".join(private) or "none"))
    if (root / "vision" / "training").is_dir():
        top, lazy = training_imports(root)
        lines.append(f"vision outside training importing {TRAINING}: at module level "
                     f"{', '.join(top) or 'none'}; inside a function {', '.join(lazy) or 'none'}")
    return "\n".join(lines)


def test_nothing_points_back_up() -> None:
    packages = structure()
    for name, pkg in packages.items():
        assert set(pkg.imports) <= ALLOWED[name], f"{name} imports {sorted(set(pkg.imports) - ALLOWED[name])}"
    assert packages["engine"].cycles == []
    assert packages["scoresheet"].cycles == []  # issue 40: pending.py and store.py imported each other


def test_the_scan_path_imports_no_training_at_module_level() -> None:
    """vision/ outside vision/training/ is what `remi scan`, `remi vision eval` and `remi vision
    adapt` run: training imports it, it never imports training at module level (a command may
    reach training inside the function that needs it). No module cycle inside vision either,
    lazy imports included."""
    top, _ = training_imports()
    assert top == [], f"modules of vision/ importing {TRAINING} at module level: {top}"
    assert structure()["vision"].cycles == []


#: the packages pyproject installs, held to the rules below; research/ (experiments) is not
INSTALLED = ("engine", "scoresheet", "tutor", "vision", "cli")
#: their folders in the checkout
INSTALLED_FOLDERS = ("engine", "scoresheet", "tutor", "vision", "remi")


def test_installed_functions_fit_in_mind() -> None:
    """STYLE.md: a reader can hold a function in mind (LONG lines at most), and a module's
    private names stay its own: a name another module needs is public. One test over all the
    packages, so that a failure lists every offender at once."""
    packages = structure()
    long = [f for name in INSTALLED for f in packages[name].long]
    private = [f for name in INSTALLED for f in packages[name].private]
    assert long == [], f"functions over {LONG} lines: {long}"
    assert private == [], f"private names imported across modules: {private}"


def test_the_engine_imports_no_third_party_package() -> None:
    """STYLE.md: the engine is pure Python."""
    stdlib = set(sys.stdlib_module_names)
    for path in (ROOT / "engine").rglob("*.py"):
        for name in _imported(ast.parse(path.read_text(encoding="utf-8")), "engine.x"):
            top = name.split(".")[0]
            assert top in stdlib or top in ("remi", "engine", "") or name.startswith("engine"), f"{path}: {name}"


#: files that test an error's words, and why they may: words that are not remi's own
READS_FOREIGN_WORDS = {
    "scoresheet/store.py": "the database driver's errors (SQLite, PostgreSQL) carry no code for these",
    "vision/images.py": "Pillow says a file is truncated only in words",
}
_READS_WORDS = re.compile(r"""["'][^"'\n]+["']\s+(?:not\s+)?in\s+(?:message|msg|str\((?:exc|err|e)\))\b""")


def test_no_caller_decides_by_reading_a_message() -> None:
    """STYLE.md: a refusal is a code and its fields (engine.messages words it); a caller tells
    one from another by its type or code, never by searching its sentence (issue 40), so
    that a translated sentence (issue 41) changes nothing but the words."""
    found = []
    for folder in INSTALLED_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            if where in READS_FOREIGN_WORDS:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                if _READS_WORDS.search(line):
                    found.append(f"{where}:{number}: {line.strip()}")
    assert found == [], "callers reading an error's words:\n" + "\n".join(found)


def test_the_clis_constants_are_used_and_its_error_helpers_defined_once() -> None:
    """Issue 40: no constant of remi/ that nothing reads (remi/photos.py held two help texts
    that no option used), and one helper of each kind for the commands' refusals: the
    context that turns errors into a line (``remi.errors.user_errors``, the sheet's
    ``errors``) and the sheet's ``refuse``, not one copy per module."""
    texts = [path.read_text(encoding="utf-8") for folder in (*INSTALLED_FOLDERS, "tests", "research", "bench")
             if (ROOT / folder).is_dir() for path in (ROOT / folder).rglob("*.py")]
    texts += [path.read_text(encoding="utf-8") for path in (ROOT / "remi").rglob("*.html")]
    everything = "\n".join(texts)
    unused, helpers = [], Counter()
    for path in sorted((ROOT / "remi").rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and node.name.lstrip("_") in ("errors", "refuse"):
                helpers[node.name.lstrip("_")] += 1
            names = [t.id for t in node.targets if isinstance(t, ast.Name)] if isinstance(node, ast.Assign) else []
            unused += [f"{path.relative_to(ROOT)}: {name}" for name in names
                       if name.isupper() and len(re.findall(rf"\b{name}\b", everything)) < 2]
    assert unused == [], f"constants nothing reads: {unused}"
    assert max(helpers.values()) == 1, f"error helpers defined more than once: {helpers}"


#: the web layer's ``Any`` (issue 40: 89 outside photos.py and pending.py, now what a form's or
#: a template's loose mapping needs): a new one is typed instead, or this says why
WEB_ANY_MOST = 35


def test_the_web_layer_is_typed() -> None:
    """Issue 40: ``Web`` names what the server keeps (no ``extra`` grab bag, no field typed
    ``Any``), and the page modules take ``Web``, ``GameInfo``, ``Store`` rather than ``Any``."""
    tree = ast.parse((ROOT / "remi" / "web" / "app.py").read_text(encoding="utf-8"))
    web = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "Web")
    fields = {node.target.id: ast.unparse(node.annotation) for node in web.body
              if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}
    assert "extra" not in fields and not [name for name, kind in fields.items() if "Any" in kind], fields
    count = sum(len(re.findall(r"\bAny\b", line)) for path in (ROOT / "remi" / "web").glob("*.py")
                if path.name not in ("photos.py", "pending.py")
                for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("from typing"))
    assert count <= WEB_ANY_MOST, f"{count} Any in remi/web (at most {WEB_ANY_MOST})"


if __name__ == "__main__":
    checkout = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT
    print(report(structure(checkout), checkout))


#: what reads pixels or runs a model: vision's own (issue 40: one photo path, in the library)
PIXEL_LIBRARIES = {"cv2", "numpy", "onnxruntime", "PIL", "pillow_heif"}
#: vision's inner workings, reached from the CLI and the page only through ``vision.photo``
#: (read, correct, keep, annotate) and its typed values: never a reader made or run there
READER_INTERNALS = {"vision.reader.Reader", "vision.reader.read_photo", "vision.reader.load_image",
                    "vision.images.load_photo", "vision.images.to_photo_pixels", "vision.crops",
                    "vision.annotate.draw", "vision.annotate.write"}


def photo_logic_outside_vision(root: Path = ROOT) -> list[str]:
    """Imports in remi/ (the CLI and remi/web/) of a pixel library or of vision's inner workings,
    lazy ones included: "path: name"."""
    found = []
    folder = root / "remi"
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name in _imported(tree, _module_name("cli", path, folder)):
            normal = _normalise(name) or ""
            if name.split(".")[0] in PIXEL_LIBRARIES or any(normal == n or normal.startswith(n + ".")
                                                            for n in READER_INTERNALS):
                found.append(f"{path.relative_to(root)}: {name}")
    return found


def test_the_cli_and_the_page_hold_no_photo_logic() -> None:
    """remi/ and remi/web/ parse and render: the photo path (decoding, reading, correcting,
    drawing) is vision's, reached through ``vision.photo`` (issue 40)."""
    assert photo_logic_outside_vision() == []
