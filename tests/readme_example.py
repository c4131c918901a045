"""The README's "Use it from Python" example, as written there: the code block of that
section. `python3 tests/readme_example.py` runs it (CI runs it from the installed wheel:
.ci/wheel); tests/package/test_api.py runs it beside the package."""

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"
SECTION = "## Use it from Python"


def example() -> str:
    """The first ```python block after the section's heading, before the next heading."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index(SECTION):]
    section = section[:section.find("\n## ", len(SECTION))]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


if __name__ == "__main__":
    exec(compile(example(), f"{README.name} ({SECTION[3:]})", "exec"), {"__name__": "__main__"})
