-- Drives Neovim 0.7 headless: start skill-ls with vim.lsp.start_client, open a broken
-- SKILL.md, read the pushed diagnostics back, fix the name in the buffer, read them again.
-- Everything it learns goes to the JSON file named by $SKILL_LS_OUT.
local out = vim.env.SKILL_LS_OUT
local result = {}

local function write()
  local handle = assert(io.open(out, "w"))
  handle:write(vim.fn.json_encode(result))
  handle:close()
end

local function held(buf)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local lsp = (d.user_data or {}).lsp or {}
    table.insert(found, {
      code = d.code or lsp.code,
      severity = d.severity,
      range = { d.lnum, d.col, d.end_lnum, d.end_col },
      source = d.source or lsp.source,
      message = d.message,
    })
  end
  table.sort(found, function(a, b)
    if a.range[1] ~= b.range[1] then return a.range[1] < b.range[1] end
    if a.range[2] ~= b.range[2] then return a.range[2] < b.range[2] end
    return a.code < b.code
  end)
  return found
end

local function has_code(buf, code)
  for _, d in ipairs(held(buf)) do
    if d.code == code then return true end
  end
  return false
end

local ok, err = pcall(function()
  local id = vim.lsp.start_client({
    name = "skill-ls",
    cmd = vim.fn.json_decode(vim.env.SKILL_LS_CMD),
    root_dir = vim.env.SKILL_LS_ROOT,
  })
  assert(id, "start_client failed")
  vim.cmd("edit " .. vim.fn.fnameescape(vim.env.SKILL_LS_FILE))
  local buf = vim.api.nvim_get_current_buf()
  assert(vim.lsp.buf_attach_client(buf, id), "buf_attach_client failed")
  -- The file's own findings come first; the cross-skill ones (SKL506) when the workspace
  -- scan ends, which may be before or after the first check: wait for both.
  result.opened = vim.wait(20000, function() return has_code(buf, "SKL506") end, 20)
  result.on_open = held(buf)
  -- Fix the name in the buffer (an incremental change); SKL104 and SKL106 must go.
  vim.api.nvim_buf_set_lines(buf, 1, 2, false, { "name: pdf-tools" })
  result.changed = vim.wait(20000, function() return not has_code(buf, "SKL104") end, 20)
  result.after_edit = held(buf)
  local client = vim.lsp.get_client_by_id(id)
  result.pull = client.server_capabilities.diagnosticProvider ~= nil
  client.stop()
  vim.wait(5000, function() return client.is_stopped() end, 20)
end)
if not ok then result.error = tostring(err) end
write()
vim.cmd("qa!")
