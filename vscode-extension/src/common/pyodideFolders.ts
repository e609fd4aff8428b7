/** Pyodide's own folders, which no copy or mount of the user's folders may cover: its standard
 * library (/lib), devices (/dev) and processes (/proc), and nothing inside them. Shared by the
 * Node host (wasm/paths.ts) and the Web Worker (web/uris.ts). */
export const PYODIDE_TREES: readonly string[] = ["/lib", "/dev", "/proc"];

/** Whether a path is one of Pyodide's own folders or lies inside one. */
export function inPyodideTree(path: string): boolean {
  return PYODIDE_TREES.some((tree) => path === tree || path.startsWith(`${tree}/`));
}
