// Where the WebAssembly server sees the machine's folders.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { fresh } = require("./stubs.cjs");

test("a folder is seen at the path the server computes from its file: URI", () => {
  const { mountPoint, folderOfUri } = fresh().load("wasm/paths");
  assert.equal(mountPoint("/home/me/proj/", "linux"), "/home/me/proj/");
  assert.equal(mountPoint("/Users/me/proj", "darwin"), "/Users/me/proj");
  assert.equal(mountPoint("C:\\Users\\me\\proj", "win32"), "/c:/Users/me/proj");
  assert.equal(folderOfUri("file:///home/me/my%20proj", "linux"), "/home/me/my proj");
  assert.equal(folderOfUri("file:///c%3A/Users/me", "win32"), "C:\\Users\\me");
  assert.equal(folderOfUri("vscode-vfs://github/x/y", "linux"), undefined);
  assert.equal(folderOfUri("not a uri", "linux"), undefined);
});

test("folders inside a mounted one, and Pyodide's own folders, are not mounted", () => {
  const { newMounts } = fresh().load("wasm/paths");
  const points = (mounted, folders) => newMounts(mounted, folders, "linux").map((m) => m.point);
  const home = [{ host: "/home/me", point: "/home/me" }];
  assert.deepEqual(points(home, ["/home/me/proj", "/work/a", "/work/a/b", "/home/meant"]), ["/work/a", "/home/meant"]);
  assert.deepEqual(points([], ["/", "/tmp", "/home", "/lib/x", "/dev", "/proc/1"]), []);
  // A workspace inside /tmp or /home is mounted (Pyodide's folders stay around it).
  assert.deepEqual(points([], ["/tmp/pytest-1/ws", "/home/pyodide-user"]), ["/tmp/pytest-1/ws", "/home/pyodide-user"]);
});
