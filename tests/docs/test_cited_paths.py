"""Every path of the repository that the docs or the code's comments and docstrings cite exists,
and every section of a doc cited by its name (`docs/links-and-files.md, "Share links"`) is there: a file
moved or a heading renamed takes its citations with it, or this test names each one left behind.

Cited paths are found in the docs (docs/*.md but the history, whose paths are those of its
dates; docs/solvers/*.md; the READMEs) and in the comments and docstrings of the source (py/,
static/, tests/, bench/, buildtool/, build.py). A cited path starts at a top folder of
the repository (`static/rules/values.js`, `tests/package/`), or, for the page's modules, at a
folder of static/ (`draw/board.js`, as static/'s own comments say it). Patterns, not paths, are
left alone: a `*` or `<…>` in them, or a file a command writes (`--out …`, `> …`)."""

import io
import re
import tokenize

from test_no_machine_paths import ROOT, tracked_text_files

TOP = ("py", "static", "tests", "bench", "buildtool", "docs", "data", "puzzles", ".ci")
STATIC = ("compare", "draw", "page", "puzzle", "python", "rules", "settings", "solve")
CITED = re.compile(r"(?<![\w./~@:-])(?:\.\./)*((?:" + "|".join(re.escape(t) for t in TOP + STATIC) +
                   r")/[\w.*<>{}…-]*(?:/[\w.*<>{}…-]+)*/?)")
# a file a command makes (its output), not one the repository holds
WRITTEN = re.compile(r"(?:--out(?:-dir)?[ =]|>\s*)$")
# what a build or a run makes (.gitignore): cited, but in no fresh clone
MADE = ("static/vendor/", "site/", "test-results/", "bench/results/", "docs/img/")


def cited(text: str) -> list[str]:
    """The repository paths a text cites, as written (patterns and command outputs left out)."""
    found = []
    for m in CITED.finditer(text):
        path = m.group(1).rstrip(".")
        if any(c in path for c in "*<>{}…") or WRITTEN.search(text[max(0, m.start() - 12):m.start()]):
            continue
        if path.count("/") == 1 and path.endswith("/") is False and "." not in path.split("/")[1]:
            continue                     # `rules/read` or `draw/…`-like words, not a file
        found.append(path)
    return found


def exists(path: str, where) -> bool:
    """Whether a cited path names a file or folder: from the root, from static/ (the page's own
    modules cite each other so), or from the citing file's folder."""
    if path.startswith(MADE):
        return True
    bases = [ROOT, ROOT / "static", where.parent]
    return any((base / path).exists() for base in bases)


def sources() -> list:
    docs = {ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "docs" / "solvers").glob("*.md")}
    docs.discard(ROOT / "docs" / "benchmarks-history.md")
    code = [p for p in tracked_text_files()
            if p.relative_to(ROOT).parts[0] in ("py", "static", "tests", "bench", "buildtool", "build.py")
            and p.suffix in (".py", ".js", ".mjs", ".css", ".html", ".md", ".ini")
            and "vendor" not in p.parts]
    return sorted(docs | set(code))


JS_COMMENT = re.compile(r"/\*.*?\*/|(?<![:\\'\"])//[^\n]*", re.S)
HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)


def prose(path, text: str) -> list[tuple[int, str]]:
    """The parts of a file that are prose, each with its first line's number: a doc or README
    whole; a program's comments and docstrings (its code's own strings are data: a test's
    made-up path is no citation)."""
    if path.suffix in (".md", ".ini"):
        return [(1, text)]
    if path.suffix == ".py":
        parts = []
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT or (tok.type == tokenize.STRING and re.match(r"[rRbBuU]*(\"\"\"|\'\'\')", tok.string)):
                parts.append((tok.start[0], tok.string))
        return parts
    pattern = HTML_COMMENT if path.suffix == ".html" else JS_COMMENT
    return [(text.count("\n", 0, m.start()) + 1, m.group(0)) for m in pattern.finditer(text)]


def test_the_finder_takes_paths_and_leaves_patterns_and_outputs():
    text = ("see static/rules/values.js and `tests/package/` (draw/board.js); "
            "`bench/results/atlas_<size>.jsonl`, tests/js/*.test.mjs, --out bench/x.jsonl, > docs/y.md; "
            "https://example.org/docs/z.md")
    assert cited(text) == ["static/rules/values.js", "tests/package/", "draw/board.js"]


def test_a_path_that_is_not_there_is_caught():
    readme = ROOT / "README.md"
    assert not exists("static/values.js", readme) and not exists("tests/package/test_nothing.py", readme)
    assert exists("static/rules/values.js", readme) and exists("draw/board.js", readme)


def test_prose_is_comments_and_docstrings_in_a_program():
    py = ROOT / "x.py"
    found = prose(py, '"""See static/a.js."""\nX = "tests/b.py"  # and bench/c.py\n')
    assert [c for _, t in found for c in cited(t)] == ["static/a.js", "bench/c.py"]
    js = ROOT / "x.js"
    found = prose(js, 'const u = "https://h/docs/x.md"; // draw/a.js\n/* py/b.py */ f("tests/c.py");\n')
    assert [(n, c) for n, t in found for c in cited(t)] == [(1, "draw/a.js"), (2, "py/b.py")]


def test_every_cited_path_exists():
    missing = []
    for path in sources():
        for first, part in prose(path, path.read_text(encoding="utf-8", errors="replace")):
            for n, line in enumerate(part.splitlines(), first):
                for c in cited(line):
                    if not exists(c, path):
                        missing.append(f"{path.relative_to(ROOT).as_posix()}:{n}: {c}")
    assert missing == [], "cited paths that do not exist:\n" + "\n".join(missing)


# a doc's section cited by its heading: `docs/links-and-files.md, "Share links"` (a word or a solver's id
# may stand between: `docs/benchmarks.md, `acs`, "A step's cost"`)
SECTION = re.compile(r"((?:docs/)?[\w/-]+\.md)\"?[,:]?\s+(?:`?[\w ]+`?,\s+)?\"([^\"\n]{3,80})\"")


def headings_of(doc) -> list[str]:
    """What a citation may name in a doc: its headings, the bold words that open a paragraph
    (`**Portfolio runs.**`) and the terms of a table's first column (the glossary's)."""
    body = re.sub(r"```.*?```", "", doc.read_text(encoding="utf-8"), flags=re.S)
    names = re.findall(r"^#{1,6} (.+)$", body, flags=re.M) + re.findall(r"^\*\*([^*]+)\*\*", body, flags=re.M)
    names += re.findall(r"^\| ([^|]+?) \|", body, flags=re.M)
    return [re.sub(r"[`*]", "", h).rstrip(".") for h in names]


def section_found(title: str, headings: list[str]) -> bool:
    """A citation names a heading by its start or a part of it (`"The exact solver"` for "The
    exact solver (uniqueness checks)"), its backquotes dropped."""
    title = re.sub(r"[`*]", "", title).rstrip(".").strip()
    return any(title.lower() in h.lower() for h in headings)


def test_a_section_cited_by_its_heading_is_checked_against_the_doc():
    docs = ROOT / "docs" / "benchmarks.md"
    assert section_found("The exact solver", headings_of(docs)) and section_found("Test tiers", headings_of(docs))
    assert not section_found("The atlas of every solver", headings_of(docs))      # a heading it never had
    design, protocol = headings_of(ROOT / "docs" / "design.md"), headings_of(ROOT / "docs" / "protocol.md")
    assert section_found("Portfolio runs", protocol) and section_found("Success rate", design)   # a paragraph's, a term's
    text = 'see docs/benchmarks.md, `acs`, "A step\'s cost" and docs/links-and-files.md, "Share links".'
    assert [m.groups() for m in SECTION.finditer(text)] == [("docs/benchmarks.md", "A step's cost"),
                                                          ("docs/links-and-files.md", "Share links")]


def test_every_cited_section_of_a_doc_exists():
    missing = []
    for path in sources():
        for first, part in prose(path, path.read_text(encoding="utf-8", errors="replace")):
            flat = re.sub(r"\s*\n\s*(?:#|//|\*)?\s*", " ", part)       # a citation may run over lines
            for m in SECTION.finditer(flat):
                doc = ROOT / m.group(1) if m.group(1).startswith("docs/") else None
                if doc is None or not doc.is_file() or doc.name == "benchmarks-history.md":
                    continue
                if not section_found(m.group(2), headings_of(doc)):
                    missing.append(f"{path.relative_to(ROOT).as_posix()}: {m.group(1)}, \"{m.group(2)}\"")
    assert missing == [], "cited sections that no heading has:\n" + "\n".join(missing)
