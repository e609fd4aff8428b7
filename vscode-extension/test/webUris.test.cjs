// VS Code for the Web: the workspace's URIs turned into the server's file: ones and back, and
// what the Web Worker's copy of the workspace holds.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { fresh } = require("./stubs.cjs");

const REMOTE = "vscode-remote://127.0.0.1:8080/tmp/e2e/ws";

test("a folder is seen at its URI's path, as a file: URI", () => {
  const { folderMap } = fresh().load("web/uris");
  assert.deepEqual(folderMap(`${REMOTE}/`), { client: REMOTE, server: "file:///tmp/e2e/ws", path: "/tmp/e2e/ws" });
  assert.deepEqual(folderMap("vscode-vfs://github/owner/my%20repo"), {
    client: "vscode-vfs://github/owner/my%20repo",
    server: "file:///owner/my%20repo",
    path: "/owner/my repo",
  });
  // The runtime's own folders are never covered by a copy; nor is a URI with no path.
  assert.equal(folderMap("vscode-vfs://x/lib/python"), undefined);
  assert.equal(folderMap("vscode-vfs://x/dev"), undefined);
  assert.equal(folderMap("untitled:Untitled-1"), undefined);
});

test("every URI of a folder in a message is translated, both ways, and nothing else", () => {
  const { folderMap, toServer, toClient } = fresh().load("web/uris");
  const folders = [folderMap(REMOTE), folderMap(`${REMOTE}/nested`)];
  const fromClient = {
    method: "textDocument/didOpen",
    params: { textDocument: { uri: `${REMOTE}/.claude/skills/a/SKILL.md`, text: `see ${REMOTE}2/x and ${REMOTE}` } },
  };
  assert.deepEqual(toServer(fromClient, folders), {
    method: "textDocument/didOpen",
    params: {
      textDocument: { uri: "file:///tmp/e2e/ws/.claude/skills/a/SKILL.md", text: `see ${REMOTE}2/x and file:///tmp/e2e/ws` },
    },
  });
  // Links inside Markdown (a hover), arrays, numbers and nulls; a sibling folder's URI stays.
  const fromServer = {
    id: 3,
    result: {
      contents: "[runbook](file:///tmp/e2e/ws/nested/r.md) and [other](file:///tmp/e2e/ws2/r.md)",
      items: [{ uri: "file:///tmp/e2e/ws/a#L1", line: 0, data: null }],
    },
  };
  assert.deepEqual(toClient(fromServer, folders), {
    id: 3,
    result: {
      contents: `[runbook](${REMOTE}/nested/r.md) and [other](file:///tmp/e2e/ws2/r.md)`,
      items: [{ uri: `${REMOTE}/a#L1`, line: 0, data: null }],
    },
  });
});

test("the copy holds the contents of what the server reads, and empty files for the rest", () => {
  const { wantsContent, parentOf } = fresh().load("web/mirrorPolicy");
  const skills = new Set(["/ws/.claude/skills/deploy"]);
  // In a skill's folder, at any depth: its references, scripts and assets.
  assert.equal(wantsContent("/ws/.claude/skills/deploy/scripts/run.sh", skills), true);
  assert.equal(wantsContent("/ws/.claude/skills/deploy/assets/logo.png", skills), true);
  // Anywhere: instructions, manifests, configuration, ignore files.
  for (const path of [
    "/ws/AGENTS.md",
    "/ws/.claude-plugin/plugin.json",
    "/ws/.skill-ls.toml",
    "/ws/a/.gitignore",
    "/ws/x.yaml",
  ]) {
    assert.equal(wantsContent(path, skills), true, path);
  }
  // Elsewhere a file is there, without its bytes.
  assert.equal(wantsContent("/ws/src/main.rs", skills), false);
  assert.equal(wantsContent("/ws/.claude/skills/other.png", skills), false);
  assert.equal(parentOf("/ws/a.md"), "/ws");
  assert.equal(parentOf("/a.md"), "/");
});
