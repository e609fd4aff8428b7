/** The catalog text in the preview: which entry is the skill being edited, where its text is,
 * and the text escaped with marked spans. Pure functions. */
import type { CatalogEntry } from "./previewData";

export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function normalize(p: string): string {
  return p
    .replace(/\\/g, "/")
    .replace(/\/SKILL\.md$/i, "")
    .replace(/\/+$/, "");
}

/** Which catalog entry is the skill being edited: by location (file or folder), else folder name. */
export function currentEntryIndex(entries: CatalogEntry[], skillPath: string | undefined): number {
  if (!skillPath) return -1;
  const folder = normalize(skillPath);
  const byLocation = entries.findIndex((e) => {
    const location = normalize(e.location.replace(/^file:\/\//, ""));
    return location !== "" && (location === folder || folder.endsWith(`/${location}`));
  });
  if (byLocation >= 0) return byLocation;
  const folderName = folder.split("/").pop();
  return entries.findIndex((e) => e.name === folderName);
}

/** The span of `text` that shows an entry: from its name to the end of its location, or, in
 * formats without one, to the end of its description (as far as the text repeats it). */
export function entrySpan(text: string, entry: CatalogEntry): [number, number] | undefined {
  const bounded = (at: number) => !/[\w-]/.test(text[at - 1] ?? "") && !/[\w-]/.test(text[at + entry.name.length] ?? "");
  const locationAt = entry.location ? text.indexOf(entry.location) : -1;
  let nameAt = -1;
  for (let at = text.indexOf(entry.name); at >= 0 && entry.name; at = text.indexOf(entry.name, at + 1)) {
    if (locationAt >= 0 && at > locationAt) break;
    if (bounded(at)) nameAt = at;
    if (locationAt < 0 && nameAt >= 0) break;
  }
  if (nameAt < 0) return locationAt >= 0 ? [locationAt, locationAt + entry.location.length] : undefined;
  if (locationAt >= 0) return [nameAt, locationAt + entry.location.length];
  let end = nameAt + entry.name.length;
  const head = entry.description.slice(0, 12);
  const descriptionAt = head ? text.indexOf(head, end) : -1;
  if (descriptionAt >= 0 && descriptionAt - end < 100) {
    end = descriptionAt;
    for (let i = 0; i < entry.description.length && text[end] === entry.description[i]; i++) end++;
  }
  return [nameAt, end];
}

export interface Mark {
  start: number;
  end: number;
  cls: string;
}

/** Escaped text with <span class> around the marked ranges (ranges may overlap). */
export function markText(text: string, marks: Mark[]): string {
  const cuts = [...new Set([0, text.length, ...marks.flatMap((m) => [m.start, m.end])])]
    .filter((n) => n >= 0 && n <= text.length)
    .sort((a, b) => a - b);
  let html = "";
  for (let i = 0; i + 1 < cuts.length; i++) {
    const [from, to] = [cuts[i], cuts[i + 1]];
    const classes = marks.filter((m) => m.start <= from && to <= m.end).map((m) => m.cls);
    const piece = escapeHtml(text.slice(from, to));
    html += classes.length ? `<span class="${classes.join(" ")}">${piece}</span>` : piece;
  }
  return html;
}
