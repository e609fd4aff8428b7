-- Drives a headless Neovim (0.7 or 0.11) that has loaded a configuration snippet from
-- docs/editors.md, or the plugin in editors/nvim: opens a SKILL.md, waits for the language server's diagnostics, runs the
-- steps the test asks for and writes what the editor holds as JSON.
--
-- Input: $SKILL_LS_DRIVER, a JSON object
--   { file, out, client_name, steps = [...], complete_at = [line, col],
--     command = { command, arguments }, fix = { title, line, col },
--     code_lens = { edit = [start, end, lines], event = "InsertLeave", titles = [before, after] },
--     previews = [{ run = "SkillLsCatalog" } or { lens = true } or { run, refused = true }],
--     cmdline = ["SkillLsCatalog co"],
--     index_changed = { file, text, title } }
-- Every step's result lands under its name in the output; a failure under "error".

local TIMEOUT_MS = 10000
local is_011 = vim.fn.has("nvim-0.11") == 1
local json_encode = (vim.json and vim.json.encode) or vim.fn.json_encode
local json_decode = (vim.json and vim.json.decode) or vim.fn.json_decode

local config = json_decode(os.getenv("SKILL_LS_DRIVER"))
local out = { version = tostring(vim.version().major .. "." .. vim.version().minor .. "." .. vim.version().patch) }

local function write_out()
  local handle = assert(io.open(config.out, "w"))
  handle:write(json_encode(out))
  handle:close()
end

local function clients_of(bufnr)
  local found = {}
  if vim.lsp.get_clients then
    found = vim.lsp.get_clients({ bufnr = bufnr, name = config.client_name })
  else
    for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
      if client.name == config.client_name then
        table.insert(found, client)
      end
    end
  end
  return found
end

local function request_sync(client, method, params, bufnr)
  local response, err
  if is_011 then
    response, err = client:request_sync(method, params, TIMEOUT_MS, bufnr)
  else
    response, err = client.request_sync(method, params, TIMEOUT_MS, bufnr)
  end
  assert(response, method .. ": no response (" .. tostring(err) .. ")")
  assert(response.err == nil, method .. ": " .. vim.inspect(response.err))
  return response.result
end

local function wait_for(what, condition)
  assert(vim.wait(TIMEOUT_MS, condition, 20), "timed out waiting for " .. what)
end

local function diagnostics(bufnr)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local lsp = (d.user_data or {}).lsp or {}
    table.insert(found, {
      code = d.code or lsp.code,
      source = d.source or lsp.source,
      severity = d.severity,
      message = d.message,
      range = { d.lnum, d.col, d.end_lnum, d.end_col },
    })
  end
  table.sort(found, function(a, b)
    if a.range[1] ~= b.range[1] then
      return a.range[1] < b.range[1]
    end
    if a.range[2] ~= b.range[2] then
      return a.range[2] < b.range[2]
    end
    return a.code < b.code
  end)
  return found
end

local function has_code(bufnr, code)
  for _, d in ipairs(diagnostics(bufnr)) do
    if d.code == code then
      return true
    end
  end
  return false
end

-- The server reports its workspace scan with window/workDoneProgress; the workspace views
-- (catalog, skills) are complete once it ends, as the editor's progress display shows.
local progress_titles = {}
local scans_ended = 0
local default_progress = vim.lsp.handlers["$/progress"]
vim.lsp.handlers["$/progress"] = function(err, result, ctx, handler_config)
  local value = result and result.value
  if type(value) == "table" and value.kind == "begin" then
    progress_titles[result.token] = value.title or ""
  elseif type(value) == "table" and value.kind == "end" then
    if (progress_titles[result.token] or ""):lower():find("scan", 1, true) then
      scans_ended = scans_ended + 1
    end
  end
  if default_progress then
    return default_progress(err, result, ctx, handler_config)
  end
end

local started = vim.loop.hrtime()
local function elapsed_ms()
  return math.floor((vim.loop.hrtime() - started) / 1e6)
end
out.timings_ms = {}

local steps = {}

function steps.completion(client, bufnr)
  local line, col = config.complete_at[1], config.complete_at[2]
  local result = request_sync(client, "textDocument/completion", {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    position = { line = line, character = col },
  }, bufnr)
  local items = result.items or result
  local labels = {}
  for _, item in ipairs(items) do
    table.insert(labels, item.label)
  end
  return { labels = labels, is_incomplete = result.isIncomplete or false }
end

function steps.command(client, bufnr)
  wait_for("the workspace scan to end", function()
    return scans_ended > 0
  end)
  out.timings_ms.scan_ended = elapsed_ms()
  local arguments = {}
  for _, argument in ipairs(config.command.arguments) do
    -- "$uri" stands for the buffer's URI as the editor spells it.
    table.insert(arguments, argument == "$uri" and vim.uri_from_bufnr(bufnr) or argument)
  end
  return request_sync(client, "workspace/executeCommand", {
    command = config.command.command,
    arguments = arguments,
  }, bufnr)
end

-- The quick fix goes through the editor's own code-action machinery (0.11): the cursor on
-- the diagnostic, `vim.lsp.buf.code_action` gathers its context, asks the server, and
-- applies the one action the filter keeps.
function steps.fix(_, bufnr)
  local before = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  vim.api.nvim_win_set_cursor(0, { config.fix.line + 1, config.fix.col })
  local offered = {}
  vim.lsp.buf.code_action({
    apply = true,
    filter = function(action)
      table.insert(offered, action.title)
      return action.title == config.fix.title
    end,
  })
  local changed = function()
    return not vim.deep_equal(before, vim.api.nvim_buf_get_lines(bufnr, 0, -1, false))
  end
  local ok = vim.wait(TIMEOUT_MS, changed, 20)
  local result = { offered = offered, applied = ok, lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false) }
  if ok and config.fix.gone then
    -- The edit reaches the server (didChange) and the diagnostics are asked for again.
    result.cleared = vim.wait(TIMEOUT_MS, function()
      return not has_code(bufnr, config.fix.gone)
    end, 20)
    result.diagnostics_after = diagnostics(bufnr)
  end
  return result
end

-- The code lenses as Neovim holds them (vim.lsp.codelens.get) and as it shows them (the
-- virtual text in the client's code lens namespace).
local function lenses_held(client, bufnr)
  local held = {}
  for _, lens in ipairs(vim.lsp.codelens.get(bufnr)) do
    local command = lens.command or {}
    table.insert(held, {
      range = { lens.range.start.line, lens.range.start.character, lens.range["end"].line, lens.range["end"].character },
      title = command.title,
      command = command.command,
      arguments = command.arguments,
    })
  end
  local shown = {}
  local ns = vim.lsp.codelens.__namespaces[client.id]
  for _, mark in ipairs(vim.api.nvim_buf_get_extmarks(bufnr, ns, 0, -1, { details = true })) do
    local chunks = {}
    for _, chunk in ipairs(mark[4].virt_text or {}) do
      table.insert(chunks, chunk[1])
    end
    table.insert(shown, { line = mark[2], text = table.concat(chunks) })
  end
  return { lenses = held, shown = shown }
end

-- Counts the code lens answers Neovim has handled (saved and displayed).
local lens_answers = 0
local on_codelens = vim.lsp.codelens.on_codelens
vim.lsp.codelens.on_codelens = function(...)
  local result = on_codelens(...)
  lens_answers = lens_answers + 1
  return result
end

-- What the autocommand `:help vim.lsp.codelens.refresh()` suggests runs (BufEnter,
-- CursorHold, InsertLeave): Neovim asks for the lenses itself. Neither 0.7 nor 0.11 takes
-- the server's workspace/codeLens/refresh.
local function refresh_lenses(bufnr)
  local before = lens_answers
  if is_011 then
    vim.lsp.codelens.refresh({ bufnr = bufnr })
  else
    vim.lsp.codelens.refresh() -- 0.7: the current buffer
  end
  wait_for("the code lenses", function()
    return lens_answers > before
  end)
end

-- With the plugin (editors/nvim) Neovim asks for lenses on its own: on attach, when the
-- server says its index changed, on InsertLeave. The driver only waits for the title the
-- test expects (answers to earlier requests may still come in), or fires the event first.
local QUIET_MS = 1000
local function lenses_settled()
  local seen = -1
  while seen ~= lens_answers do
    seen = lens_answers
    vim.wait(QUIET_MS)
  end
end

local function lens_title(bufnr)
  local lens = vim.lsp.codelens.get(bufnr)[1]
  return lens and lens.command and lens.command.title
end

local function lens_titled(bufnr, title, after)
  return vim.wait(TIMEOUT_MS, function()
    return lens_answers > after and lens_title(bufnr) == title
  end, 20)
end

-- The lenses once the workspace is scanned, then after an edit of the buffer (sent to the
-- server as didChange before the next request). `code_lens.event`: the plugin refreshes,
-- the driver only fires that event after the edit and waits for `code_lens.titles`.
function steps.code_lens(client, bufnr)
  wait_for("the workspace scan to end", function()
    return scans_ended > 0
  end)
  local event = config.code_lens.event
  local titles = config.code_lens.titles or {}
  if event then
    lens_titled(bufnr, titles[1], 0)
  else
    refresh_lenses(bufnr)
  end
  local result = { before = lenses_held(client, bufnr) }
  local edit = config.code_lens.edit
  vim.api.nvim_buf_set_lines(bufnr, edit[1], edit[2], false, edit[3])
  if event then
    local before = lens_answers
    vim.api.nvim_exec_autocmds(event, { buffer = bufnr })
    lens_titled(bufnr, titles[2], before)
  else
    refresh_lenses(bufnr)
  end
  result.after = lenses_held(client, bufnr)
  result.lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  return result
end

-- The plugin's preview windows: each entry of `previews` runs an Ex command (a user command
-- such as `SkillLsCatalog codex`) or, with `lens = true`, the code lens's action on the
-- lens's line; the scratch split it opens is read back and closed.
local function preview_window()
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    local buf = vim.api.nvim_win_get_buf(win)
    if vim.b[buf].skill_ls_preview ~= nil then
      return win, buf
    end
  end
end

-- What the plugin tells the user (vim.notify): a refused preview is a message, no split.
out.notified = {}
local default_notify = vim.notify
vim.notify = function(message, level, opts)
  table.insert(out.notified, { message = message, level = level })
  return default_notify(message, level, opts)
end

-- A refused preview: the message the plugin shows, and the windows (no split opened).
local function refused(preview)
  local before = #out.notified
  vim.cmd(preview.run)
  wait_for("the message for " .. preview.run, function()
    return #out.notified > before
  end)
  return { notified = out.notified[#out.notified], windows = #vim.api.nvim_tabpage_list_wins(0) }
end

local function opened(preview, bufnr)
  if preview.lens then
    wait_for("a code lens", function()
      return #vim.lsp.codelens.get(bufnr) > 0
    end)
    local lens = vim.lsp.codelens.get(bufnr)[1]
    vim.api.nvim_win_set_cursor(0, { lens.range.start.line + 1, 0 })
    vim.lsp.codelens.run()
  else
    vim.cmd(preview.run)
  end
  wait_for("the preview split of " .. (preview.run or "the code lens"), function()
    return preview_window() ~= nil
  end)
  local win, buf = preview_window()
  local held = {
    kind = vim.b[buf].skill_ls_preview,
    lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false),
    filetype = vim.bo[buf].filetype,
    buftype = vim.bo[buf].buftype,
    modifiable = vim.bo[buf].modifiable,
    readonly = vim.bo[buf].readonly,
    windows = #vim.api.nvim_tabpage_list_wins(0),
    attached = vim.tbl_count(vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = buf }) or vim.lsp.buf_get_clients(buf)),
  }
  vim.api.nvim_win_close(win, true)
  return held
end

function steps.previews(_, bufnr)
  local results = {}
  for _, preview in ipairs(config.previews) do
    vim.api.nvim_set_current_win(vim.fn.bufwinid(bufnr))
    table.insert(results, preview.refused and refused(preview) or opened(preview, bufnr))
  end
  return results
end

-- The command line's completion (as <Tab> offers it) of each of `cmdline`.
function steps.cmdline(_, _)
  local results = {}
  for _, line in ipairs(config.cmdline) do
    table.insert(results, vim.fn.getcompletion(line, "cmdline"))
  end
  return results
end

-- A skill added on disk and a rescan (skill-ls.reloadWorkspace): the server's
-- skill-ls/indexChanged must make the plugin ask for the lenses again, unasked by the driver.
function steps.index_changed(client, bufnr)
  wait_for("the workspace scan to end", function()
    return scans_ended > 0
  end)
  lenses_settled()
  local before = lens_answers
  local change = config.index_changed
  vim.fn.mkdir(vim.fn.fnamemodify(change.file, ":h"), "p")
  local handle = assert(io.open(change.file, "w"))
  handle:write(change.text)
  handle:close()
  request_sync(client, "workspace/executeCommand", { command = "skill-ls.reloadWorkspace", arguments = {} }, bufnr)
  local refreshed = lens_titled(bufnr, change.title, before)
  return { refreshed = refreshed, held = lenses_held(client, bufnr) }
end

-- What Neovim answers the server's workspace/configuration (the plugin's settings).
out.configuration = {}
local default_configuration = vim.lsp.handlers["workspace/configuration"]
vim.lsp.handlers["workspace/configuration"] = function(err, result, ctx, handler_config)
  local answer = default_configuration(err, result, ctx, handler_config)
  table.insert(out.configuration, { items = result.items, answer = answer })
  return answer
end

local function main()
  vim.cmd("edit " .. vim.fn.fnameescape(config.file))
  local bufnr = vim.api.nvim_get_current_buf()
  out.filetype = vim.bo[bufnr].filetype
  wait_for("the client to attach", function()
    return #clients_of(bufnr) > 0
  end)
  local client = clients_of(bufnr)[1]
  wait_for("diagnostics", function()
    return #vim.diagnostic.get(bufnr) > 0
  end)
  out.timings_ms.diagnostics = elapsed_ms()
  out.pull = client.server_capabilities.diagnosticProvider ~= nil
  out.root_dir = client.config.root_dir
  out.diagnostics = diagnostics(bufnr)
  for _, name in ipairs(config.steps) do
    out[name] = steps[name](client, bufnr)
  end
end

local ok, err = xpcall(main, debug.traceback)
if not ok then
  out.error = err
end
write_out()
for _, client in ipairs(vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()) do
  if is_011 then
    client:stop(true)
  else
    client.stop(true)
  end
end
vim.cmd("qall!")
