// Bundles the extension with esbuild.
//   node esbuild.mjs               dist/extension.js with a source map
//   node esbuild.mjs --production  minified, no source map (what the .vsix carries)
//                                  dist/extension.js and dist/wasmHost.js for VS Code on a machine,
//                                  dist/web/ for VS Code for the Web
//   node esbuild.mjs --test        each module on its own into out/test/, for the unit tests
//                                  (`vscode` and `vscode-languageclient/node` stay external so
//                                  the tests can stub them)
import { readdirSync, rmSync } from "node:fs";
import * as esbuild from "esbuild";

const production = process.argv.includes("--production");

if (process.argv.includes("--test")) {
  rmSync("out/test", { recursive: true, force: true });
  const sources = [
    "src/extension.ts",
    ...readdirSync("src/common").map((f) => `src/common/${f}`),
    ...readdirSync("src/wasm").map((f) => `src/wasm/${f}`),
    ...readdirSync("src/web").map((f) => `src/web/${f}`),
  ];
  await esbuild.build({
    entryPoints: sources,
    outdir: "out/test",
    outbase: "src",
    format: "cjs",
    platform: "node",
    target: "node20",
    logLevel: "warning",
  });
} else {
  rmSync("dist", { recursive: true, force: true });
  // The extension, and the process that runs the server under the bundled WebAssembly Python.
  await esbuild.build({
    entryPoints: { extension: "src/extension.ts", wasmHost: "src/wasm/host.ts" },
    bundle: true,
    outdir: "dist",
    external: ["vscode"],
    format: "cjs",
    platform: "node",
    target: "node20",
    minify: production,
    sourcemap: !production,
    logLevel: "warning",
  });
  // VS Code for the Web: the extension in the browser's extension host, and the Web Worker that
  // runs the server under the bundled WebAssembly Python.
  const web = {
    bundle: true,
    platform: "browser",
    target: "es2022",
    minify: production,
    sourcemap: !production,
    logLevel: "warning",
  };
  await esbuild.build({
    ...web,
    entryPoints: { extension: "src/web/extension.ts" },
    outdir: "dist/web",
    external: ["vscode"],
    format: "cjs",
  });
  await esbuild.build({ ...web, entryPoints: { serverWorker: "src/web/serverWorker.ts" }, outdir: "dist/web", format: "iife" });
}
