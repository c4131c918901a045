"""The code keeps to the glossary (docs/design.md, Glossary): a name in backticks in a row's
*not* column appears nowhere in the page's modules or the package, and the time limit is never
held under `seconds` (the elapsed time of a result)."""

import re
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
