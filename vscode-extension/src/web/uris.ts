/**
 * VS Code for the Web names workspace files by URIs of its own schemes (`vscode-vfs://github/o/r`
 * on github.dev, `vscode-remote://…` in a web workbench with a server); the server in its Web
 * Worker reads a copy of those folders at the same paths and speaks `file:` URIs. These pure
 * functions turn one into the other in every message, both ways (unit-tested).
 */
import { inPyodideTree } from "../common/pyodideFolders";

/** A workspace folder as the client names it and where the server sees its copy. */
export interface FolderMap {
  /** The folder's URI as the language client writes it (`uri.toString()`), no trailing slash. */
  client: string;
  /** The same folder as the server writes it: `file://` and the client URI's path part. */
  server: string;
  /** The folder's path in the worker's file system (the client URI's path, decoded). */
  path: string;
}

/** How a folder of the client is seen by the server; undefined for one that cannot be copied. */
export function folderMap(clientUri: string): FolderMap | undefined {
  const client = clientUri.replace(/\/+$/, "");
  const match = /^([a-zA-Z][\w+.-]*):\/\/[^/]*(\/.*)$/.exec(client);
  if (!match) return undefined;
  const encodedPath = match[2];
  let path: string;
  try {
    path = decodeURIComponent(encodedPath);
  } catch {
    return undefined;
  }
  // A folder at or inside Pyodide's own is not copied (it would hide them).
  if (inPyodideTree(path)) return undefined;
  return { client, server: `file://${encodedPath}`, path };
}

/** The characters that may follow a folder's URI inside a longer text (a path, a link). */
const BOUNDARY = /^($|[/?#"')\]>\s])/;

function replacePrefixes(text: string, pairs: readonly (readonly [string, string])[]): string {
  if (!pairs.some(([from]) => text.includes(from))) return text;
  let out = "";
  let i = 0;
  outer: while (i < text.length) {
    for (const [from, to] of pairs) {
      if (text.startsWith(from, i) && BOUNDARY.test(text.slice(i + from.length, i + from.length + 1))) {
        out += to;
        i += from.length;
        continue outer;
      }
    }
    out += text[i];
    i++;
  }
  return out;
}

/** Every string in `value` (a JSON message), with the `from` folder URIs replaced by `to`. */
function translate(value: unknown, pairs: readonly (readonly [string, string])[]): unknown {
  if (typeof value === "string") return replacePrefixes(value, pairs);
  if (Array.isArray(value)) return value.map((v) => translate(v, pairs));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = translate(v, pairs);
    return out;
  }
  return value;
}

/** Longest first: a folder inside another is matched before it. */
const ordered = (pairs: [string, string][]) => pairs.sort((a, b) => b[0].length - a[0].length);

/** A message from the client, in the server's `file:` URIs. */
export function toServer<T>(message: T, folders: readonly FolderMap[]): T {
  return translate(message, ordered(folders.map((f) => [f.client, f.server]))) as T;
}

/** A message from the server, in the client's URIs. */
export function toClient<T>(message: T, folders: readonly FolderMap[]): T {
  return translate(message, ordered(folders.map((f) => [f.server, f.client]))) as T;
}
