"""Names say what a thing is, not which piece of work made it: no heading of the docs, no comment
or docstring of the source and no test's name carries an issue's number or a session of work.
That history is kept once, in the dated records (docs/benchmarks-history.md and the commits);
a body of text may still cite it."""

import re

from test_cited_paths import ROOT, prose, sources

WORK = re.compile(r"(?<![a-z])issues?[ _]#?\d+|\b(?:this|that|next|last|first|second|third|fourth|fifth)[ _]session\b", re.I)
HEADING = re.compile(r"^#{1,6} (.+)$", re.M)
FENCE = re.compile(r"```.*?```", re.S)
PY_TEST = re.compile(r"^\s*(?:async )?def (test_\w+)", re.M)
JS_TEST = re.compile(r"\btest\(\s*([\"'`])(.*?)\1", re.S)
CASE_NAME = re.compile(r'"name":\s*"((?:[^"\\]|\\.)*)"')      # a shared case file's case: a test of both languages


def named(path, text: str) -> list[tuple[int, str]]:
    """What a file names: a doc's headings; a program's comments, docstrings and tests' names."""
    line = lambda at: text.count("\n", 0, at) + 1  # noqa: E731
    if path.suffix == ".json":
        return [(line(m.start()), m.group(1)) for m in CASE_NAME.finditer(text)]
    if path.suffix == ".md":
        body = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)    # a '# comment' in a command is no heading
        return [(body.count("\n", 0, m.start()) + 1, m.group(1)) for m in HEADING.finditer(body)]
    found = prose(path, text)
    if path.suffix == ".py":
        found += [(line(m.start()), m.group(1)) for m in PY_TEST.finditer(text)]
    if path.suffix in (".js", ".mjs"):
        found += [(line(m.start()), m.group(2)) for m in JS_TEST.finditer(text)]
    return found


def test_the_pattern_finds_work_words_and_leaves_the_work_of_solvers_alone():
    number = "3" + "5"
    assert WORK.search("The atlas (issue " + number + ")") and WORK.search("test_issue_" + number + "_layout")
    assert WORK.search("Ten instances (third " + "session)")
    assert not WORK.search("a session-scoped fixture, the session's browser, the last round of propagation")


def test_what_a_file_names_is_its_headings_comments_docstrings_and_tests():
    doc = named(ROOT / "x.md", "# A\n```\n# not a heading\n```\n## B\n")
    assert doc == [(1, "A"), (5, "B")]
    js = named(ROOT / "x.mjs", '// one\ntest("two", () => {});\nconst s = "three";\n')
    assert [t for _, t in js] == ["// one", "two"]
    py = named(ROOT / "x.py", '"""One."""\n\n\ndef test_two():\n    x = "three"  # four\n')
    assert [t for _, t in py] == ['"""One."""', "# four", "test_two"]


def test_no_heading_comment_docstring_or_test_name_carries_an_issue_or_a_session():
    docs = {p for p in (ROOT / "docs").rglob("*.md")} | set(sources()) | set((ROOT / "tests").glob("*_cases.json"))
    found = []
    for path in sorted(docs):
        for n, words in named(path, path.read_text(encoding="utf-8", errors="replace")):
            for k, piece in enumerate(words.splitlines()):
                if WORK.search(piece):
                    found.append(f"{path.relative_to(ROOT).as_posix()}:{n + k}: {piece.strip()[:100]}")
    assert found == [], "work words in names:\n" + "\n".join(found)
