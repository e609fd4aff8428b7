-- The server's preview commands (workspace/executeCommand), their text shown in a scratch
-- split. The server's text only ever becomes buffer lines: nothing of it reaches a command.
local compat = require("skill_ls.compat")

local M = {}

local CATALOG = "skill-ls.previewCatalog"
local ACTIVATION = "skill-ls.previewActivation"

-- A read-only Markdown buffer holding `text`, in a new split below the current window.
function M.show(text, kind)
  local buf = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, vim.split(text, "\n", { plain = true }))
  vim.bo[buf].bufhidden = "wipe"
  vim.bo[buf].swapfile = false
  vim.bo[buf].modifiable = false
  vim.bo[buf].readonly = true
  vim.b[buf].skill_ls_preview = kind
  vim.api.nvim_buf_set_keymap(buf, "n", "q", "<Cmd>close<CR>", { nowait = true, silent = true })
  vim.cmd("belowright split")
  vim.api.nvim_win_set_buf(0, buf)
  -- Set last: FileType autocommands (a Markdown plugin) see the finished buffer.
  vim.bo[buf].filetype = "markdown"
  return buf
end

local function run(client, command, arguments, kind)
  local bufnr = vim.api.nvim_get_current_buf()
  compat.request(client, "workspace/executeCommand", {
    command = command,
    arguments = arguments,
  }, function(err, result)
    if err then
      vim.notify("skill-ls: " .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
      return
    end
    M.show(result.text or "", kind)
  end, bufnr)
end

-- The skill-ls client for the current buffer, else (catalog only) the first one running.
local function client_for(name, any)
  local bufnr = vim.api.nvim_get_current_buf()
  local client = compat.clients(name, bufnr)[1]
  if client ~= nil then
    return client, vim.uri_from_bufnr(bufnr)
  end
  client = any and compat.clients(name)[1] or nil
  if client ~= nil and client.config.root_dir then
    return client, vim.uri_from_fname(client.config.root_dir)
  end
  return nil, nil
end

-- The catalog `agent` (a client id; nil: the first target client) would show the model
-- for this file's workspace.
function M.catalog(name, agent)
  local client, target = client_for(name, true)
  if client == nil then
    vim.notify("skill-ls is not running: open a SKILL.md first", vim.log.levels.WARN)
    return
  end
  run(client, CATALOG, { target, agent }, "catalog")
end

-- What `agent` puts in the context when the skill at `target` (a URI; nil: this buffer)
-- is activated.
function M.activation(name, agent, target)
  local client, here = client_for(name, false)
  if client == nil then
    vim.notify("skill-ls: this buffer is not a SKILL.md the server knows", vim.log.levels.WARN)
    return
  end
  run(client, ACTIVATION, { target or here, agent }, "activation")
end

-- Agent ids for the commands' completion, from the server's own list.
function M.agents(name)
  local client = compat.clients(name)[1]
  if client == nil then
    return {}
  end
  local response = compat.request_sync(client, "workspace/executeCommand", {
    command = "skill-ls.listClients",
    arguments = {},
  }, 2000)
  local ids = {}
  for _, agent in ipairs(response and response.result and response.result.clients or {}) do
    table.insert(ids, agent.id)
  end
  return ids
end

return M
