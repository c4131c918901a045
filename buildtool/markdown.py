"""puzzles/SOURCES.md drawn as HTML at build time, for sources.html (no Markdown library: the
build is standard library only)."""

from __future__ import annotations

import html
import posixpath
import re
import urllib.parse

# The puzzles' sources (puzzles/SOURCES.md, one trusted file) drawn once, here, as a small
# HTML fragment that sources.html shows: ATX headings (two levels down, under the page's h2),
# paragraphs, flat `-` lists, tables (header row, `|---|` row, body rows), code spans and links
# `[text](url)`. Every piece of text is escaped; a link is kept only when it is http(s) or
# relative (written relative to the site's root), any other is drawn as its text.
_INLINE = re.compile(r"`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)")
_HEADING = re.compile(r"(#{1,6})[ \t]+(.*?)[ \t#]*$")
_ITEM = re.compile(r"[-*+][ \t]+(\S.*)$")
_DELIMITER = re.compile(r"^\|?(?:[ \t]*:?-+:?[ \t]*\|)*[ \t]*:?-+:?[ \t]*\|?$")


def _href(url: str, folder: str) -> str | None:
    """`url` as the page links it: http(s) as written, a relative one from the site's root."""
    scheme = urllib.parse.urlsplit(url).scheme.lower()
    if scheme in ("http", "https"):
        return url
    if scheme or url.startswith(("/", "\\")):
        return None
    return posixpath.normpath(posixpath.join(folder, url)) + ("/" if url.endswith("/") else "")


def _inline(text: str, folder: str, links: bool = True) -> str:
    out, pos = [], 0
    for m in _INLINE.finditer(text):
        out.append(html.escape(text[pos:m.start()]))
        if m.group(1) is not None:
            out.append(f"<code>{html.escape(m.group(1))}</code>")
        else:
            inner = _inline(m.group(2), folder, links=False)
            href = _href(m.group(3), folder) if links else None
            out.append(f'<a href="{html.escape(href)}">{inner}</a>' if href else inner)
        pos = m.end()
    return "".join(out) + html.escape(text[pos:])


def _cells(row: str) -> list[str]:
    row = row.strip()
    row = row[1:] if row.startswith("|") else row
    row = row[:-1] if row.endswith("|") and not row.endswith("\\|") else row
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", row)]


def render_markdown(text: str, folder: str, heading_offset: int = 2) -> str:
    """The Markdown subset above as an HTML fragment, one block per line."""
    lines, out, i = text.splitlines(), [], 0

    def cell(tag: str, text: str) -> str:
        scope = ' scope="col"' if tag == "th" else ""
        return f"<{tag}{scope}>{_inline(text, folder)}</{tag}>"

    while i < len(lines):
        line = lines[i].strip()
        if not line:
            i += 1
        elif m := _HEADING.fullmatch(line):
            level = min(6, len(m.group(1)) + heading_offset)
            out.append(f"<h{level}>{_inline(m.group(2), folder)}</h{level}>")
            i += 1
        elif line.startswith("|") and i + 1 < len(lines) and _DELIMITER.match(lines[i + 1].strip()):
            head = "".join(cell("th", c) for c in _cells(line))
            i += 2
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                rows.append("<tr>" + "".join(cell("td", c) for c in _cells(lines[i])) + "</tr>")
                i += 1
            out.append(f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")
        elif _ITEM.match(line):
            items = []
            while i < len(lines) and lines[i].strip():
                if m := _ITEM.match(lines[i].strip()):
                    items.append(m.group(1))
                else:
                    items[-1] += "\n" + lines[i].strip()
                i += 1
            out.append("<ul>" + "".join(f"<li>{_inline(t, folder)}</li>" for t in items) + "</ul>")
        else:
            para = []
            while i < len(lines) and lines[i].strip() and not _HEADING.fullmatch(lines[i].strip()) \
                    and not _ITEM.match(lines[i].strip()) and not lines[i].strip().startswith("|"):
                para.append(lines[i].strip())
                i += 1
            out.append(f"<p>{_inline(chr(10).join(para), folder)}</p>")
    return "\n".join(out) + "\n"
