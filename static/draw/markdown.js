// A small, safe Markdown subset drawn as DOM nodes: the sources page shows puzzles/SOURCES.md
// with it. Blocks: ATX headings (`#` … `######`), paragraphs, flat lists (`-`, `*`, `+`, `1.`;
// an item is one paragraph of text, continued by the lines that follow it), fenced code
// (``` or ~~~), tables (a header row, a `|---|` row, body rows) and rules (`---`). Inlines:
// code spans, links `[text](url)` and `<https://…>`, backslash escapes. Anything else is
// text, as written.
//
// Safe by construction: nodes are made with createElement / createTextNode, text is set as
// text and attributes with setAttribute — never innerHTML. A link is kept only if its URL,
// resolved against `base`, is http(s) (a relative URL resolves to the base's own scheme);
// any other link (javascript:, data:, …) is drawn as its text. Pure apart from the
// `document` it is given, so `node --test` runs it (tests/js/markdown.test.mjs).

const PUNCT = /[!-/:-@[-`{-~]/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*([^`]*)$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const ITEM = /^ {0,3}([-*+]|(\d{1,9})[.)])[ \t]+(\S.*)$/;
const DELIMITER_CELL = /^[ \t]*:?-+:?[ \t]*$/;

// ------------------------------------------------------------------ inlines

/** Where a run of exactly `n` backticks starts at or after `from`, or -1. */
function closingTicks(s, from, n) {
  for (let i = from; i < s.length;) {
    if (s[i] !== "`") { i++; continue; }
    let j = i;
    while (s[j] === "`") j++;
    if (j - i === n) return i;
    i = j;
  }
  return -1;
}

/** The index just past the `]` closing the `[` at `open`, skipping escapes and code spans; -1 if none. */
function closingBracket(s, open) {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    const c = s[i];
    if (c === "\\") i++;
    else if (c === "`") {
      let n = 1;
      while (s[i + n] === "`") n++;
      const end = closingTicks(s, i + n, n);
      if (end >= 0) i = end + n - 1;
      else i += n - 1;
    } else if (c === "[") depth++;
    else if (c === "]" && --depth === 0) return i + 1;
  }
  return -1;
}

/** `(url)` or `(url "title")` at `at`: [url, index past ")"], or null. */
function destination(s, at) {
  if (s[at] !== "(") return null;
  let i = at + 1;
  while (s[i] === " " || s[i] === "\t") i++;
  let url = "";
  if (s[i] === "<") {
    const end = s.indexOf(">", i);
    if (end < 0 || s.slice(i + 1, end).includes("\n")) return null;
    url = s.slice(i + 1, end);
    i = end + 1;
  } else {
    let depth = 0;
    for (; i < s.length && !/\s/.test(s[i]); i++) {
      if (s[i] === "\\" && PUNCT.test(s[i + 1] ?? "")) { url += s[++i]; continue; }
      if (s[i] === "(") depth++;
      if (s[i] === ")" && depth-- === 0) break;
      url += s[i];
    }
  }
  while (s[i] === " " || s[i] === "\t" || s[i] === "\n") i++;
  const quote = { '"': '"', "'": "'", "(": ")" }[s[i]];
  if (quote) {
    const end = s.indexOf(quote, i + 1);
    if (end < 0) return null;
    i = end + 1;
    while (s[i] === " " || s[i] === "\t") i++;
  }
  return s[i] === ")" ? [url, i + 1] : null;
}

/** One line (or paragraph) of Markdown as inline nodes: {type: text|code|link, …}. */
export function parseInline(s) {
  const out = [];
  let text = "";
  const flush = () => { if (text) out.push({ type: "text", text }); text = ""; };
  for (let i = 0; i < s.length;) {
    const c = s[i];
    if (c === "\\" && PUNCT.test(s[i + 1] ?? "")) { text += s[i + 1]; i += 2; continue; }
    if (c === "`") {
      let n = 1;
      while (s[i + n] === "`") n++;
      const end = closingTicks(s, i + n, n);
      if (end < 0) { text += "`".repeat(n); i += n; continue; }
      let code = s.slice(i + n, end).replace(/\n/g, " ");
      if (code.length > 2 && code.startsWith(" ") && code.endsWith(" ") && code.trim()) code = code.slice(1, -1);
      flush();
      out.push({ type: "code", text: code });
      i = end + n;
      continue;
    }
    if (c === "[") {
      const close = closingBracket(s, i);
      const dest = close > 0 ? destination(s, close) : null;
      if (dest) {
        flush();
        out.push({ type: "link", href: dest[0], children: parseInline(s.slice(i + 1, close - 1)) });
        i = dest[1];
        continue;
      }
    }
    if (c === "<") {
      const m = /^<(https?:\/\/[^\s<>]+)>/i.exec(s.slice(i));
      if (m) {
        flush();
        out.push({ type: "link", href: m[1], children: [{ type: "text", text: m[1] }] });
        i += m[0].length;
        continue;
      }
    }
    text += c;
    i++;
  }
  flush();
  return out;
}

// ------------------------------------------------------------------ blocks

/** A table row's cells: split on `|` outside code spans and escapes, outer pipes dropped. */
export function splitRow(line) {
  const cells = [];
  let cell = "";
  const s = line.trim();
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "\\" && i + 1 < s.length) { cell += c + s[++i]; continue; }
    if (c === "`") {
      let n = 1;
      while (s[i + n] === "`") n++;
      const end = closingTicks(s, i + n, n);
      const stop = end < 0 ? i + n : end + n;
      cell += s.slice(i, stop);
      i = stop - 1;
      continue;
    }
    if (c === "|") { cells.push(cell); cell = ""; continue; }
    cell += c;
  }
  cells.push(cell);
  if (s.startsWith("|")) cells.shift();
  if (s.endsWith("|") && !s.endsWith("\\|") && cells.length) cells.pop();
  return cells.map((x) => x.trim());
}

function tableAt(lines, i) {
  if (!lines[i].includes("|") || i + 1 >= lines.length) return null;
  const head = splitRow(lines[i]);
  const delims = splitRow(lines[i + 1]);
  if (!lines[i + 1].includes("-") || delims.length !== head.length || !delims.every((d) => DELIMITER_CELL.test(d))) {
    return null;
  }
  return head;
}

function startsBlock(lines, i, inParagraph) {
  const line = lines[i];
  if (HEADING.test(line) || FENCE.test(line) || RULE.test(line) || tableAt(lines, i)) return true;
  const m = ITEM.exec(line);
  // as in CommonMark, an ordered list interrupts a paragraph only when it starts at 1
  return !!m && (!inParagraph || m[2] === undefined || m[2] === "1");
}

/** Markdown text as blocks: {type: heading|paragraph|list|code|table|rule, …}. */
export function parseMarkdown(text) {
  const lines = String(text).replace(/\r\n?/g, "\n").split("\n");
  const blocks = [];
  for (let i = 0; i < lines.length;) {
    const line = lines[i];
    let m;
    if (!line.trim()) { i++; continue; }
    if ((m = FENCE.exec(line))) {
      const fence = m[1];
      const body = [];
      for (i++; i < lines.length; i++) {
        const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(lines[i]);
        if (close && close[1][0] === fence[0] && close[1].length >= fence.length) { i++; break; }
        body.push(lines[i]);
      }
      blocks.push({ type: "code", lang: m[2].trim(), text: body.join("\n") });
    } else if ((m = HEADING.exec(line))) {
      const content = (m[2] ?? "").replace(/(?:^|[ \t]+)#+[ \t]*$/, "");
      blocks.push({ type: "heading", level: m[1].length, children: parseInline(content) });
      i++;
    } else if (RULE.test(line)) {
      blocks.push({ type: "rule" });
      i++;
    } else if (tableAt(lines, i)) {
      const head = tableAt(lines, i);
      const rows = [];
      for (i += 2; i < lines.length && lines[i].trim() && !startsBlock(lines, i, true); i++) {
        const cells = splitRow(lines[i]);
        rows.push(head.map((_, k) => parseInline(cells[k] ?? "")));
      }
      blocks.push({ type: "table", head: head.map(parseInline), rows });
    } else if ((m = ITEM.exec(line))) {
      const ordered = m[2] !== undefined;
      const list = { type: "list", ordered, start: ordered ? Number(m[2]) : 1, items: [] };
      while (i < lines.length) {
        const item = ITEM.exec(lines[i]);
        if (!item || (item[2] !== undefined) !== ordered) break;
        const text = [item[3]];
        for (i++; i < lines.length && lines[i].trim() && !startsBlock(lines, i, false); i++) text.push(lines[i].trim());
        list.items.push(parseInline(text.join("\n")));
        // a blank line between items keeps the list; anything else after it ends it
        if (i + 1 < lines.length && !lines[i]?.trim() && ITEM.test(lines[i + 1])) i++;
      }
      blocks.push(list);
    } else {
      const text = [line.trim()];
      for (i++; i < lines.length && lines[i].trim() && !startsBlock(lines, i, true); i++) text.push(lines[i].trim());
      blocks.push({ type: "paragraph", children: parseInline(text.join("\n")) });
    }
  }
  return blocks;
}

// ------------------------------------------------------------------ drawing

/** `href` resolved against `base` if it is an http(s) URL, else null (the link is drawn as text). */
export function safeHref(href, base) {
  if (typeof href !== "string" || !href.trim() || /[\u0000-\u001f\u007f]/.test(href)) return null;
  let url;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return null;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
}

/**
 * Markdown text drawn as a list of DOM nodes (the blocks), for the caller to append.
 * `document`: the DOM's document; `base`: the URL relative links resolve against (the
 * Markdown file's own); `headingOffset`: added to every heading's level (at most h6).
 */
export function renderMarkdown(text, { document: doc, base, headingOffset = 0 }) {
  const el = (tag, children = []) => {
    const node = doc.createElement(tag);
    for (const child of children) node.appendChild(child);
    return node;
  };
  const inlines = (nodes, inLink = false) => nodes.flatMap((n) => {
    if (n.type === "text") return [doc.createTextNode(n.text)];
    if (n.type === "code") {
      const code = el("code");
      code.textContent = n.text;
      return [code];
    }
    const href = inLink ? null : safeHref(n.href, base);
    if (!href) return inlines(n.children, inLink);
    const a = el("a", inlines(n.children, true));
    a.setAttribute("href", href);
    return [a];
  });
  const block = (b) => {
    switch (b.type) {
      case "heading": return el(`h${Math.min(6, b.level + headingOffset)}`, inlines(b.children));
      case "paragraph": return el("p", inlines(b.children));
      case "rule": return el("hr");
      case "code": {
        const code = el("code");
        code.textContent = b.text;
        return el("pre", [code]);
      }
      case "list": {
        const list = el(b.ordered ? "ol" : "ul", b.items.map((item) => el("li", inlines(item))));
        if (b.ordered && b.start !== 1) list.setAttribute("start", String(b.start));
        return list;
      }
      case "table": {
        const head = el("tr", b.head.map((cell) => {
          const th = el("th", inlines(cell));
          th.setAttribute("scope", "col");
          return th;
        }));
        const rows = b.rows.map((row) => el("tr", row.map((cell) => el("td", inlines(cell)))));
        return el("table", [el("thead", [head]), el("tbody", rows)]);
      }
      default: throw new Error(`unknown block ${b.type}`);
    }
  };
  return parseMarkdown(text).map(block);
}
