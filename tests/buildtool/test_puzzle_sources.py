"""puzzles/SOURCES.md drawn at build time (build.render_markdown) for sources.html: what the
page shows, every text escaped, only http(s) and relative links."""

import re
from html.parser import HTMLParser

import build
from conftest import ROOT

SOURCES_MD = (ROOT / "puzzles" / "SOURCES.md").read_text(encoding="utf-8")


class Tree(HTMLParser):
    """Tags in order, links with their text, and the text of the whole fragment."""

    def __init__(self, fragment: str):
        super().__init__(convert_charrefs=True)
        self.tags, self.links, self.text, self._link = [], [], [], None
        self.feed(fragment)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag == "a":
            self._link = [dict(attrs)["href"], ""]

    def handle_endtag(self, tag):
        if tag == "a":
            self.links.append(tuple(self._link))
            self._link = None

    def handle_data(self, data):
        self.text.append(data)
        if self._link:
            self._link[1] += data


def test_the_sources_file_is_drawn_with_its_heading_paragraphs_table_and_every_link():
    tree = Tree(build.render_markdown(SOURCES_MD, "puzzles"))
    tags = [t for t, _ in tree.tags]
    assert tags[0] == "h3" and tree.text[0] == SOURCES_MD.splitlines()[0].lstrip("# ")
    assert tags.count("table") == 1 and tags.count("th") == 3
    assert tags.count("tr") - 1 == len(list((ROOT / "puzzles").glob("*.txt")))
    written = re.findall(r"\]\(([^)\s]+)\)", SOURCES_MD)
    hrefs = [h for h, _ in tree.links]
    assert hrefs == [h if h.startswith("https://") else f"puzzles/{h}" for h in written]
    assert sorted(h for h in hrefs if h.startswith("puzzles/")) == sorted(
        f"puzzles/{p.name}" for p in (ROOT / "puzzles").glob("*.txt"))
    assert ("puzzles/papers.txt", "papers.txt") in tree.links      # a code span inside a link
    assert "`" not in "".join(tree.text) and "](" not in "".join(tree.text)


def test_text_is_escaped_and_only_http_and_relative_links_are_kept():
    md = "\n".join([
        "# A <script>alert(1)</script> & co",
        "",
        "Text with <b>tags</b>, [bad](javascript:void), [data](data:text/html,x), [root](/etc/passwd),",
        "[web](https://example.org/a?b=1&c=2) and [up](../README.md) and `<code>`.",
        "",
        "- one [item](x.txt)",
        "- two",
        "  continued",
        "",
        "| a | b |",
        "|---|:-:|",
        "| `x \\| y` | <i>z</i> |",
    ])
    out = build.render_markdown(md, "puzzles")
    tree = Tree(out)
    assert "<script" not in out and "<b>" not in out and "<i>" not in out and "<code>&lt;code&gt;</code>" in out
    assert tree.links == [("https://example.org/a?b=1&c=2", "web"), ("README.md", "up"), ("puzzles/x.txt", "item")]
    assert [t for t, _ in tree.tags] == ["h3", "p", "a", "a", "code", "ul", "li", "a", "li",
                                         "table", "thead", "tr", "th", "th", "tbody", "tr", "td", "code", "td"]
    assert "Text with <b>tags</b>, bad, data, root," in "".join(tree.text)     # refused links: their text
    assert "<li>two\ncontinued</li>" in out and "<code>x | y</code>" in out
