/**
 * The preview's HTML, as a pure function of what the server returned. Every value is escaped: a
 * description holding `<script>` or `</available_skills>` must show as text. The page's only
 * script carries the nonce that the Content-Security-Policy allows; it has no values in it.
 */

import type { CatalogEntry, PreviewMode, PreviewModel, Rendered } from "./previewData";
import { currentEntryIndex, entrySpan, escapeHtml, type Mark, markText } from "./previewText";

export { escapeHtml } from "./previewText";

function counts(r: Rendered): string {
  const parts = [`<span id="characters">${escapeHtml(r.characters)}</span> characters`, `~${escapeHtml(r.tokens)} tokens`];
  let html = `<p class="counts">${parts.join(" · ")}</p>`;
  if (r.budget !== null && r.budget > 0) {
    const share = Math.round((r.characters / r.budget) * 100);
    html += `<p class="budget"><meter min="0" max="${escapeHtml(r.budget)}" low="${escapeHtml(r.budget * 0.8)}" high="${escapeHtml(r.budget)}" optimum="0" value="${escapeHtml(r.characters)}"></meter> ${escapeHtml(share)}% of the ${escapeHtml(r.budget)}-character budget</p>`;
  }
  if (r.truncatedAt !== null) {
    html += `<p class="warning">Cut at character ${escapeHtml(r.truncatedAt)}: the client drops what follows (shown dimmed).</p>`;
  }
  return html;
}

function entriesTable(entries: CatalogEntry[], current: number): string {
  const rows = entries.map((e, i) => {
    const flags = [e.hidden ? "hidden" : "", e.truncated ? "truncated" : ""].filter(Boolean).join(", ");
    return `<tr${i === current ? ' class="current"' : ""}><td>${escapeHtml(e.name)}</td><td>${escapeHtml(e.description)}</td><td class="num">${escapeHtml(e.characters)}</td><td>${escapeHtml(flags)}</td></tr>`;
  });
  return `<table><thead><tr><th>Skill</th><th>Description</th><th>Characters</th><th></th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function body(model: PreviewModel): string {
  if (model.error) return `<p class="error">${escapeHtml(model.error)}</p>`;
  const r = model.result;
  if (!r) return `<p>Loading…</p>`;
  const marks: Mark[] = r.truncatedAt !== null ? [{ start: r.truncatedAt, end: r.text.length, cls: "cut" }] : [];
  if ("entries" in r) {
    const current = currentEntryIndex(r.entries, model.skillPath);
    const span = current >= 0 ? entrySpan(r.text, r.entries[current]) : undefined;
    if (span) marks.push({ start: span[0], end: span[1], cls: "current" });
    const title = `Catalog for ${escapeHtml(r.clientName)}: ${escapeHtml(r.entries.length)} skill${r.entries.length === 1 ? "" : "s"}`;
    const notes = (r.notes ?? []).map((note) => `<p class="note">${escapeHtml(note)}</p>`).join("");
    return `<h1>${title}</h1>${counts(r)}${notes}<pre id="text">${markText(r.text, marks)}</pre>${entriesTable(r.entries, current)}`;
  }
  const title = `Activation of ${escapeHtml(r.name)} in ${escapeHtml(r.clientName)}`;
  return `<h1>${title}</h1>${counts(r)}<pre id="text">${markText(r.text, marks)}</pre>`;
}

const STYLE = `body{font-family:var(--vscode-font-family);color:var(--vscode-foreground);padding:0 12px}
h1{font-size:1.3em;font-weight:600}
pre{white-space:pre-wrap;word-break:break-word;font-family:var(--vscode-editor-font-family);font-size:var(--vscode-editor-font-size);background:var(--vscode-textCodeBlock-background);padding:8px}
.current{background:var(--vscode-editor-findMatchHighlightBackground);outline:1px solid var(--vscode-editor-findMatchHighlightBorder,transparent)}
.cut{opacity:.45}.note{font-style:italic}.warning{color:var(--vscode-editorWarning-foreground)}.error{color:var(--vscode-errorForeground)}
nav{display:flex;gap:8px;align-items:center;margin:8px 0}meter{width:240px}
table{border-collapse:collapse}td,th{text-align:left;padding:2px 8px;vertical-align:top}.num{text-align:right}
select{color:var(--vscode-dropdown-foreground);background:var(--vscode-dropdown-background);border:1px solid var(--vscode-dropdown-border,transparent);padding:2px 4px}
button{color:var(--vscode-button-secondaryForeground);background:var(--vscode-button-secondaryBackground);border:none;padding:3px 10px;cursor:pointer}
button[aria-pressed=true]{color:var(--vscode-button-foreground);background:var(--vscode-button-background)}`;

const SCRIPT = `const vscode = acquireVsCodeApi();
document.getElementById("client").addEventListener("change", (e) => vscode.postMessage({ type: "client", client: e.target.value }));
for (const b of document.querySelectorAll("button[data-mode]")) b.addEventListener("click", () => vscode.postMessage({ type: "mode", mode: b.dataset.mode }));
const state = vscode.getState();
if (state && state.scrollY) window.scrollTo(0, state.scrollY);
else { const c = document.querySelector("pre .current"); if (c) c.scrollIntoView({ block: "center" }); }
window.addEventListener("scroll", () => vscode.setState({ scrollY: window.scrollY }));`;

export function renderPreviewHtml(model: PreviewModel, cspSource: string, nonce: string): string {
  const csp = `default-src 'none'; style-src ${cspSource} 'nonce-${nonce}'; script-src 'nonce-${nonce}';`;
  const options = model.clients
    .map((c) => `<option value="${escapeHtml(c.id)}"${c.id === model.client ? " selected" : ""}>${escapeHtml(c.name)}</option>`)
    .join("");
  const modeButton = (mode: PreviewMode, label: string) =>
    `<button data-mode="${mode}" aria-pressed="${model.mode === mode}">${label}</button>`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<style nonce="${escapeHtml(nonce)}">${STYLE}</style><title>Skill preview</title></head>
<body data-mode="${escapeHtml(model.mode)}">
<nav><label for="client">Client</label> <select id="client">${options}</select>
${modeButton("catalog", "Catalog")} ${modeButton("activation", "Activation")}</nav>
${body(model)}
<script nonce="${escapeHtml(nonce)}">${SCRIPT}</script>
</body></html>`;
}
