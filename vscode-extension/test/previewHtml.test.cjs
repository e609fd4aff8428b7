// The preview page: escaping, Content-Security-Policy, highlighting, counts.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { fresh } = require("./stubs.cjs");

const evil = "Breaks out: </available_skills><script>alert(1)</script> & \"quotes\" 'too' <img src=x onerror=alert(2)>";
const text = `<available_skills>\n<skill>\n<name>pdf</name>\n<description>${evil}</description>\n<location>/ws/pdf/SKILL.md</location>\n</skill>\n<skill>\n<name>pdf-tools</name>\n<description>more</description>\n<location>/ws/pdf-tools/SKILL.md</location>\n</skill>\n</available_skills>`;
const catalog = {
  client: "claude-code",
  clientName: "Claude <Code>",
  text,
  characters: text.length,
  tokens: 80,
  budget: 1000,
  truncatedAt: null,
  entries: [
    { name: "pdf", description: evil, location: "/ws/pdf/SKILL.md", characters: 120, hidden: false, truncated: false },
    {
      name: "pdf-tools",
      description: "more",
      location: "/ws/pdf-tools/SKILL.md",
      characters: 40,
      hidden: true,
      truncated: false,
    },
  ],
};
const model = {
  mode: "catalog",
  clients: [
    { id: "claude-code", name: "Claude <Code>" },
    { id: 'x"><script>', name: "odd" },
  ],
  client: "claude-code",
  skillPath: "/ws/pdf-tools/SKILL.md",
  result: catalog,
};

function render(m = model, nonce = "abc123") {
  const { load } = fresh();
  return load("common/previewHtml").renderPreviewHtml(m, "vscode-webview-resource:", nonce);
}

test("no markup from the server's values survives: <script>, </available_skills>, attributes", () => {
  const html = render();
  assert.equal((html.match(/<script/g) ?? []).length, 1, "only our own script tag");
  assert.ok(!html.includes("</available_skills>"), "closing tag rendered raw");
  assert.ok(!html.includes("<img"), "img rendered raw");
  assert.ok(html.includes("&#60;img src=x onerror=alert(2)&#62;"), "the img shows as text");
  assert.ok(html.includes("&#60;/available_skills&#62;&#60;script&#62;alert(1)&#60;/script&#62;"));
  assert.ok(html.includes("Claude &#60;Code&#62;"));
  assert.ok(html.includes('value="x&#34;&#62;&#60;script&#62;"'));
});

test("strict CSP with the nonce on the one script and the one style", () => {
  const html = render(model, "N0nce+/=");
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)[1];
  assert.equal(
    csp,
    "default-src &#39;none&#39;; style-src vscode-webview-resource: &#39;nonce-N0nce+/=&#39;; script-src &#39;nonce-N0nce+/=&#39;;",
  );
  assert.match(html, /<script nonce="N0nce\+\/=">/);
  assert.match(html, /<style nonce="N0nce\+\/=">/);
  assert.ok(!/\sstyle=/.test(html), "inline style attributes would be blocked by the CSP");
});

test("the current skill is highlighted in the text and in the table", () => {
  const html = render();
  assert.match(html, /<span class="current">pdf-tools&#60;\/name&#62;[\s\S]*?\/ws\/pdf-tools\/SKILL.md<\/span>/);
  assert.match(html, /<tr class="current"><td>pdf-tools<\/td>/);
  assert.equal((html.match(/class="current"/g) ?? []).length, 2);
});

test("counts, token estimate and a budget meter; none without a budget", () => {
  let html = render();
  assert.match(html, /<span id="characters">\d+<\/span> characters · ~80 tokens/);
  assert.match(html, /<meter min="0" max="1000"/);
  html = render({ ...model, result: { ...catalog, budget: null } });
  assert.ok(!html.includes("<meter"));
});

test("truncation: the cut-off text is marked, with a note", () => {
  const html = render({ ...model, skillPath: undefined, result: { ...catalog, truncatedAt: 10 } });
  assert.match(html, /Cut at character 10/);
  assert.match(html, /<span class="cut">/);
});

test("activation view and error view", () => {
  const activation = {
    client: "codex",
    clientName: "Codex",
    name: "pdf</h1>",
    text: "# PDF\n<b>body</b>",
    characters: 17,
    tokens: 5,
    budget: null,
    truncatedAt: null,
  };
  let html = render({ ...model, mode: "activation", result: activation });
  assert.match(html, /Activation of pdf&#60;\/h1&#62; in Codex/);
  assert.ok(html.includes("&#60;b&#62;body&#60;/b&#62;"));
  html = render({ ...model, result: undefined, error: "<oops>" });
  assert.match(html, /<p class="error">&#60;oops&#62;<\/p>/);
});

test("currentEntryIndex and entrySpan", () => {
  const { load } = fresh();
  const { currentEntryIndex, entrySpan, markText } = load("common/previewText");
  const entries = catalog.entries;
  assert.equal(currentEntryIndex(entries, "/ws/pdf/SKILL.md"), 0);
  assert.equal(currentEntryIndex(entries, "C:\\ws\\pdf-tools\\SKILL.md"), 1, "falls back to the folder name");
  assert.equal(currentEntryIndex([{ ...entries[0], location: "skills/pdf/SKILL.md" }], "/home/x/skills/pdf/SKILL.md"), 0);
  assert.equal(currentEntryIndex([{ ...entries[0], location: "" }], "/a/pdf/SKILL.md"), 0);
  assert.equal(currentEntryIndex(entries, undefined), -1);
  const [start, end] = entrySpan(text, entries[0]);
  assert.equal(text.slice(start, start + 3), "pdf");
  assert.ok(text.slice(start, end).endsWith("/ws/pdf/SKILL.md"));
  assert.ok(!text.slice(start, end).includes("pdf-tools"));
  assert.deepEqual(entrySpan("- pdf (x)", { ...entries[0], location: "" }), [2, 5]);
  const listed = "- pdf-tools: more\n- pdf: Reads PDFs. Use it…\n";
  const span = entrySpan(listed, { ...entries[0], description: "Reads PDFs. Use it for forms.", location: "" });
  assert.equal(listed.slice(...span), "pdf: Reads PDFs. Use it");
  assert.equal(
    markText("a<b", [
      { start: 1, end: 3, cls: "x" },
      { start: 2, end: 3, cls: "y" },
    ]),
    'a<span class="x">&#60;</span><span class="x y">b</span>',
  );
});

test("the catalog's notes show as text, escaped, above the catalog", () => {
  const note = "Claude Code may also list skills served by MCP server `<img src=x onerror=alert(3)>` (.mcp.json)";
  const html = render({ ...model, result: { ...catalog, notes: [note] } });
  assert.ok(!html.includes("<img"), "img rendered raw");
  const shown =
    '<p class="note">Claude Code may also list skills served by MCP server `&#60;img src=x onerror=alert(3)&#62;` (.mcp.json)</p>';
  assert.ok(html.indexOf(shown) > 0 && html.indexOf(shown) < html.indexOf('<pre id="text">'));
  assert.ok(!render().includes('class="note"'), "no notes, no paragraph");
});
