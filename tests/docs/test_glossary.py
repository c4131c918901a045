"""The code keeps to the glossary (docs/design.md, Glossary): a name in backticks in a row's
*not* column appears nowhere in the page's modules or the package, a word in bold there is no
word of any identifier of theirs (`COMPARE_MODES`, `link.mode`), and the time limit is never
held under `seconds` (the elapsed time of a result)."""

import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DESIGN = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")


def forbidden_names() -> dict[str, str]:
    """Each backticked name of the glossary's *not* column -> the word it stands in for."""
    section = DESIGN.split("## Glossary", 1)[1].split("\n## ", 1)[0]
    names = {}
    for line in section.splitlines():
        cols = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cols) == 3 and cols[0] not in ("word", "---"):
            for name in re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", cols[2]):
                names[name] = cols[0]
    return names


def forbidden_words() -> dict[str, str]:
    """Each bold word of the glossary's *not* column -> the word it stands in for."""
    section = DESIGN.split("## Glossary", 1)[1].split("\n## ", 1)[0]
    words = {}
    for line in section.splitlines():
        cols = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cols) == 3 and cols[0] not in ("word", "---"):
            for word in re.findall(r"\*\*([a-z]+)\*\*", cols[2]):
                words[word] = cols[0]
    return words


def code_files():
    yield from (p for p in (ROOT / "static").rglob("*.js") if "vendor" not in p.parts)
    yield from (ROOT / "py" / "sudoku_lab").rglob("*.py")
    yield ROOT / "index.html"


# the time limit's rule or value kept under a bare `seconds`
LIMIT_AS_SECONDS = re.compile(r"\bseconds\s*[:=]\s*[^,;\n]*\b(?:max_seconds|values\.max_seconds)\b"
                              r"|\bmax_seconds\s*:\s*seconds\b|\"t\",[^\]]*\"seconds\"")


def offences(text: str, names: dict[str, str]) -> list[str]:
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        for name, word in names.items():
            if re.search(rf"\b{re.escape(name)}\b", line):
                found.append(f"{n}: '{name}' (say {word})")
        if LIMIT_AS_SECONDS.search(line):
            found.append(f"{n}: the time limit under 'seconds' (say max_seconds)")
    return found


def js_code(text: str) -> str:
    """A JavaScript module with its comments, strings and template text blanked out; what a
    template's ${…} holds is code and is kept."""
    out, i, n = [], 0, len(text)
    depth: list[int] = []                 # brace depth inside each open ${…} of a template

    def template_text(j: int) -> int:     # from inside a template's text to past its end or its "${"
        while j < n:
            if text[j] == "\\":
                j += 2
            elif text[j] == "`":
                return j + 1
            elif text.startswith("${", j):
                depth.append(0)
                return j + 2
            else:
                j += 1
        return n

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            i = text.find("\n", i) if "\n" in text[i:] else n
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
        elif c in "'\"":
            j = i + 1
            while j < n and text[j] not in (c, "\n"):
                j += 2 if text[j] == "\\" else 1
            out.append(" ")
            i = j + 1
        elif c == "`" or (c == "}" and depth and depth[-1] == 0):
            if c == "}":
                depth.pop()
            out.append(" ")
            i = template_text(i + 1)
        else:
            if c == "{" and depth:
                depth[-1] += 1
            elif c == "}" and depth:
                depth[-1] -= 1
            out.append(c)
            i += 1
    return "".join(out)


def identifiers(path: Path, text: str) -> list[tuple[int, str]]:
    """(line, name) of every identifier of a module's code: Python's by its tokenizer, a
    JavaScript module's outside its comments and strings."""
    if path.suffix == ".py":
        return [(tok.start[0], tok.string) for tok in tokenize.generate_tokens(io.StringIO(text).readline)
                if tok.type == tokenize.NAME]
    code = js_code(text)
    return [(code.count("\n", 0, m.start()) + 1, m.group()) for m in re.finditer(r"[A-Za-z_$][\w$]*", code)]


def name_words(name: str) -> list[str]:
    """The words of an identifier, lower case: snake_case, camelCase and CAPITALS alike."""
    return [w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+", name)]


def word_offences(path: Path, text: str, words: dict[str, str]) -> list[str]:
    found = []
    for line, name in identifiers(path, text):
        for w in name_words(name):
            for word, instead in words.items():
                if w in (word, word + "s"):
                    found.append(f"{line}: '{name}' (say {instead}, not {word})")
    return found


def test_the_glossary_names_what_the_code_must_not_say():
    names = forbidden_names()
    assert {"maxSeconds", "clue"} <= set(names) and names["maxSeconds"] == "time limit"


def test_the_check_finds_each_kind_of_offence():
    names = forbidden_names()
    assert offences("const maxSeconds = 3;", names)
    assert offences("x = { seconds: settings.max_seconds };", names)
    assert offences("const seconds = values.max_seconds(raw);", names)
    assert offences('["t", values.max_seconds, "seconds"]', names)
    assert not offences("const elapsed = result.seconds; budget = { max_seconds };", names)


def test_the_code_keeps_to_the_glossary():
    names = forbidden_names()
    bad = [f"{p.relative_to(ROOT)}:{o}" for p in code_files() for o in offences(p.read_text(encoding="utf-8"), names)]
    assert not bad, "\n".join(bad)


def test_the_glossary_bolds_the_words_no_identifier_may_hold():
    assert forbidden_words()["mode"] == "view"


def test_the_identifier_check_reads_names_not_prose():
    words = {"mode": "view"}
    js = Path("x.js")
    assert word_offences(js, "export const COMPARE_MODES = [];", words)
    assert word_offences(js, "if (link.mode) go();", words)
    assert word_offences(js, "const s = `a ${modeOf(x)} link`;", words)
    assert word_offences(js, "const s = `a ${ {a: 1}.a } ${isMode} link`;", words)
    assert not word_offences(js, '// unique mode goes to 36×36\nconst a = "unique mode"; const b = `mode ${view}`;', words)
    assert not word_offences(js, "const model = 1; /* a mode */ const modest = 2;", words)
    py = Path("x.py")
    assert word_offences(py, "class Link:\n    mode: str | None = None\n", words) == ["2: 'mode' (say view, not mode)"]
    assert not word_offences(py, 'UNIQUE = 36  # unique mode\nraise ValueError("unique mode")\n', words)


def test_no_identifier_holds_a_word_the_glossary_bolds():
    words = forbidden_words()
    bad = [f"{p.relative_to(ROOT)}:{o}" for p in code_files() if p.suffix in (".js", ".py")
           for o in word_offences(p, p.read_text(encoding="utf-8"), words)]
    assert not bad, "\n".join(bad)
