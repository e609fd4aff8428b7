// Choosing the interpreter.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { fresh } = require("./stubs.cjs");

test("order: setting alone; else the Python extension, then PATH", () => {
  const { load } = fresh();
  const { candidates } = load("common/python");
  assert.deepEqual(candidates(["/my/python"], ["/ext/python"], "linux"), [{ command: ["/my/python"], source: "setting" }]);
  assert.deepEqual(candidates([], ["/ext/python"], "linux"), [
    { command: ["/ext/python"], source: "python-extension" },
    { command: ["python3"], source: "path" },
    { command: ["python"], source: "path" },
  ]);
  assert.deepEqual(
    candidates([], undefined, "win32").map((c) => c.command),
    [["py", "-3"], ["python"]],
  );
});

const probed = (version, executable = "/usr/bin/python3", options = []) => version && { version, executable, options };

test("findInterpreter skips what does not run, is older than 3.11 or names no absolute executable", async () => {
  const { load } = fresh();
  const { findInterpreter, candidates } = load("common/python");
  const answers = { "/ext/python": probed([3, 10]), python3: undefined, python: probed([3, 12], "/opt/py312/bin/python3.12") };
  const log = [];
  const found = await findInterpreter(
    candidates([], ["/ext/python"], "linux"),
    async ([cmd]) => answers[cmd],
    (m) => log.push(m),
  );
  // The name found on PATH is not what runs the server: the absolute path it reported is.
  assert.deepEqual(found, { command: ["python"], source: "path", version: [3, 12], launch: ["/opt/py312/bin/python3.12"] });
  assert.equal(log.length, 2);
  assert.match(log[0], /3\.10 is older than 3\.11/);
  assert.match(log[1], /did not run/);
  assert.equal(
    await findInterpreter(
      candidates(["old"], undefined),
      async () => probed([3, 9]),
      () => {},
    ),
    undefined,
  );
  const relative = [];
  assert.equal(
    await findInterpreter(
      candidates(["py"], undefined),
      async () => probed([3, 12], "python.exe"),
      (m) => relative.push(m),
    ),
    undefined,
  );
  assert.match(relative[0], /did not name its executable/);
});

test("the launch keeps the options the interpreter itself got, not a launcher's", async () => {
  const { load } = fresh();
  const { findInterpreter, candidates, parseProbe } = load("common/python");
  // `py -3` on Windows: the launcher takes -3, Python itself gets none.
  const win = parseProbe("3.12\r\nC:\\Python312\\python.exe\r\nC:\\Python312\\python.exe\0-c\0import sys\r\n");
  assert.deepEqual(win, { version: [3, 12], executable: "C:\\Python312\\python.exe", options: [] });
  const found = await findInterpreter(
    candidates([], undefined, "win32"),
    async () => win,
    () => {},
    () => true,
  );
  assert.deepEqual(found.launch, ["C:\\Python312\\python.exe"]);
  // A configured `python3 -X utf8`: the option stays.
  const linux = parseProbe("3.13\n/usr/bin/python3.13\npython3\0-X\0utf8\0-c\0import sys\n");
  assert.deepEqual(linux.options, ["-X", "utf8"]);
  // Python before 3.10 has no sys.orig_argv: no options, and still a version to report.
  assert.deepEqual(parseProbe("2.7\n/usr/bin/python2\n\n"), { version: [2, 7], executable: "/usr/bin/python2", options: [] });
  assert.equal(parseProbe("garbage"), undefined);
});

test("isSupported", () => {
  const { load } = fresh();
  const { isSupported } = load("common/python");
  assert.equal(isSupported([3, 11]), true);
  assert.equal(isSupported([3, 10]), false);
  assert.equal(isSupported([4, 0]), true);
  assert.equal(isSupported([2, 7]), false);
});

test("probeVersion reports the absolute executable, and runs outside the workspace", async () => {
  const { load } = fresh();
  const { probeVersion } = load("common/python");
  const fs = require("node:fs");
  const os = require("node:os");
  const path = require("node:path");
  // A workspace with a python3 of its own and a sys.py beside it: neither may run.
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), "skill-ls-repo-"));
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), "skill-ls-ext-"));
  try {
    fs.writeFileSync(path.join(repo, "python3"), "#!/bin/sh\necho 9.9; echo /repo/python3\n", { mode: 0o755 });
    const probed = await probeVersion(["python3"], outside);
    assert.ok(probed && probed.version[0] === 3, `python3 reported ${JSON.stringify(probed)}`);
    assert.ok(path.isAbsolute(probed.executable), probed.executable);
    assert.ok(!probed.executable.startsWith(repo));
    assert.deepEqual(probed.options, []);
    // It runs in the folder it is given: a relative interpreter is looked for there.
    assert.equal(await probeVersion(["./python3"], outside), undefined);
    assert.deepEqual((await probeVersion(["./python3"], repo))?.executable, "/repo/python3");
    assert.equal(await probeVersion(["/nonexistent/python"], outside), undefined);
  } finally {
    fs.rmSync(repo, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  }
});

test("the Python extension is optional", async () => {
  const { world, load } = fresh();
  const { pythonExtensionInterpreter } = load("common/python");
  assert.equal(await pythonExtensionInterpreter(), undefined);
  world.extensions["ms-python.python"] = {
    isActive: true,
    exports: {
      environments: {
        getActiveEnvironmentPath: () => ({ path: "/venv" }),
        resolveEnvironment: async () => ({ executable: { uri: { fsPath: "/venv/bin/python" } } }),
      },
    },
  };
  assert.deepEqual(await pythonExtensionInterpreter(), ["/venv/bin/python"]);
  world.extensions["ms-python.python"] = {
    isActive: false,
    activate: async () => {
      throw new Error("broken");
    },
  };
  assert.equal(await pythonExtensionInterpreter(), undefined);
});
