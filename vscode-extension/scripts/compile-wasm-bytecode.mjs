#!/usr/bin/env node
// Compiles bundled/libs ahead for the bundled WebAssembly Python, so that its server imports
// bytecode instead of compiling some 300 modules at every start:
//
//   node scripts/compile-wasm-bytecode.mjs
//
// Pyodide's own Python writes `__pycache__/*.cpython-314.pyc` beside each source, as
// unchecked-hash files: valid whatever the files' times become in the .vsix and after
// installing it (bundle-python.sh copies the sources afresh and runs this each time, so they
// never go stale). A CPython 3.11–3.13 running the same folder ignores them (another tag).
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ext = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const libs = join(ext, "bundled", "libs");
const pyodideDir = join(ext, "node_modules", "pyodide");
const { loadPyodide } = createRequire(import.meta.url)(join(pyodideDir, "pyodide.js"));

const py = await loadPyodide({ indexURL: `${pyodideDir}/`, stdout: console.error, stderr: console.error });
py.FS.mkdirTree(libs);
py.FS.mount(py.FS.filesystems.NODEFS, { root: libs }, libs);
const failed = py.runPython(`
import compileall, py_compile, sys
ok = compileall.compile_dir(
    ${JSON.stringify(libs)}, quiet=1, workers=1,
    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
)
not ok
`);
if (failed) {
  console.error("compile-wasm-bytecode: some modules did not compile (above)");
  process.exit(1);
}
console.error(`compile-wasm-bytecode: bundled/libs compiled for ${py.runPython("sys.implementation.cache_tag")}`);
