// --scenario web of scripts/e2e.mjs: the extension as VS Code for the Web runs it. code-server's
// workbench is told to run it in the browser's Web Worker extension host (remote.extensionKind:
// web), so its browser entry serves: the server in a Web Worker under the bundled WebAssembly
// Python, the workspace read through vscode.workspace.fs (here the `vscode-remote:` file system
// of code-server, as `vscode-vfs:` on github.dev). No server process may run on the machine.
// It opens the SKILL.md and waits for our diagnostics in the Problems panel (without those that
// repeat VS Code's own, --expect-absent) and the code lens,
// reads the status item's hover, completes in the frontmatter, opens the catalog preview,
// then creates a skill on disk and waits for the server to count it; then the worker says its
// server failed, and the extension must start a new one whose findings show.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { catalogPreview, completeInFrontmatter, showsCode, statusHover, webviewBody } from "./e2e-steps.mjs";

export async function runWebScenario({
  args,
  page,
  palette,
  summary,
  shot,
  picture,
  mark,
  waitFor,
  serverPids,
  root,
  workspace,
}) {
  const quickOpen = page.locator(".quick-input-widget input");
  await page.keyboard.press("Control+P");
  await quickOpen.fill(args.file);
  await page.locator(".quick-input-widget .monaco-list-row").first().waitFor({ timeout: 15000 });
  await page.keyboard.press("Enter");
  await page.locator(".tab.active", { hasText: "SKILL.md" }).waitFor({ timeout: 15000 });
  mark("opened");

  await page.keyboard.press("Control+Shift+M");
  const filter = page.locator(".viewpane-filter .monaco-inputbox .input:visible").first();
  await filter.waitFor({ timeout: 15000 });
  await filter.fill(args.file.replace(/^\.[^/]*\//, ""));
  await page.keyboard.press("Enter");
  const markers = page.locator(".markers-panel");
  const absent = args.expectAbsent ? args.expectAbsent.split("|") : [];
  summary.problemsText = await waitFor(
    "our diagnostics in the Problems panel",
    async () => {
      const text = await markers.innerText();
      // --expect-absent: ours that repeat VS Code's own findings go once VS Code's markers show.
      const ready = showsCode(text, args.expectCode) && absent.every((code) => !showsCode(text, code));
      return ready ? text : undefined;
    },
    180000,
    1000,
  );
  mark("diagnostics");
  await picture("web-1-diagnostics", "web-diagnostics");

  summary.codeLens = await waitFor(
    "the code lens",
    async () => {
      const texts = await page.locator(".monaco-editor .codelens-decoration").allInnerTexts();
      summary.codeLensSeen = texts;
      return texts.find((t) => /^Loaded by |skipped by|shadowed in/.test(t));
    },
    60000,
    500,
  );
  mark("codeLens");

  // The status item's hover says which runtime serves and what VS Code for the Web cannot read.
  summary.runtimeHover = await statusHover(page, waitFor, "VS Code for the Web");
  await picture("web-2-runtime", "web-runtime");
  await page.keyboard.press("Escape");

  // Completion on a new line in the frontmatter.
  summary.completionLabels = await completeInFrontmatter(page, args.expectCompletion, () => shot("web-3-completion"), 30000);
  mark("completion");

  summary.catalogText = await catalogPreview(page, palette, waitFor, summary.expected.name, 60000);
  await picture("web-4-catalog", "web-catalog");
  mark("catalog");

  // A skill created on disk reaches the copy, then the server: the catalog lists it.
  const created = join(workspace, ".claude", "skills", "web-made", "SKILL.md");
  mkdirSync(dirname(created), { recursive: true });
  writeFileSync(created, "---\nname: web-made\ndescription: Made on disk while the web extension watched.\n---\nBody.\n");
  summary.catalogAfterCreate = await waitFor(
    "the new skill in the catalog preview",
    async () => {
      await palette("Skill: Preview Catalog");
      const text = await webviewBody(page).innerText({ timeout: 2000 });
      return text.includes("web-made") ? text : undefined;
    },
    60000,
    2000,
  );
  mark("created");

  // The worker says its server failed (as it does when Python cannot go on) and ends: the
  // extension restarts it, as it restarts a server process that died, and our findings return.
  const serverWorker = async () => {
    for (const worker of page.workers()) {
      const name = await worker.evaluate(() => self.name).catch(() => "");
      if (name.includes("Skill LS server")) return worker;
    }
    return undefined;
  };
  const first = await waitFor("the server's worker", serverWorker, 10000, 500);
  await first.evaluate(() => {
    self.postMessage({ kind: "ended", code: 1, error: "ended by the end-to-end test" });
    self.close();
  });
  summary.workerRestarted = await waitFor(
    "a new server worker",
    async () => {
      const next = await serverWorker();
      return next && next !== first ? true : undefined;
    },
    60000,
    1000,
  );
  summary.problemsAfterRestart = await waitFor(
    "our diagnostics after the restart",
    async () => {
      const text = await markers.innerText();
      return showsCode(text, args.expectCode) ? text : undefined;
    },
    120000,
    1000,
  );
  // The panel asks the new server (the old one is gone): it answers with the whole workspace.
  summary.catalogAfterRestart = await catalogPreview(page, palette, waitFor, "web-made", 60000);
  mark("restarted");

  // Nothing ran on the machine: no server process under code-server.
  summary.serverProcesses = serverPids(root).length;
}
