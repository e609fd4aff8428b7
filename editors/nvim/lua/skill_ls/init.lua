-- skill-ls for Neovim: starts `skill-ls serve` for SKILL.md files, passes the `skillLs`
-- settings, keeps the code lens (which agents load the skill) fresh and opens the server's
-- catalog and activation previews in a scratch split.
--
--   require("skill_ls").setup({ settings = { targetClients = { "claude-code", "codex" } } })
--
-- 0.11 and later register through vim.lsp.config / vim.lsp.enable; older versions (from
-- 0.7) start one client per workspace from an autocommand.
local compat = require("skill_ls.compat")
local preview = require("skill_ls.preview")
local root = require("skill_ls.root")

local M = {}

M.name = "skill_ls"
-- The server's lens command (VS Code's name); here it opens the activation preview.
M.lens_command = "skillLs.showActivationPreview"
M.index_changed = "skill-ls/indexChanged"

local defaults = {
  cmd = { "skill-ls", "serve" },
  -- The `skillLs` section: keys of skill_ls/data/settings.schema.json.
  settings = {},
  root_markers = { ".git", ".skill-ls.toml", "pyproject.toml" },
  code_lens = true,
  -- Extra fields for the client configuration (on_attach, capabilities, ...), merged in.
  lsp = {},
}

local options = vim.deepcopy(defaults)

local function refresh_attached(client_id)
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.lsp.buf_is_attached(bufnr, client_id) then
      compat.refresh_lenses(bufnr)
    end
  end
end

local function on_attach(client, bufnr)
  if options.code_lens then
    compat.refresh_lenses(bufnr)
    local group = vim.api.nvim_create_augroup("skill_ls_lens_" .. bufnr, { clear = true })
    vim.api.nvim_create_autocmd({ "BufEnter", "InsertLeave" }, {
      group = group,
      buffer = bufnr,
      callback = function()
        compat.refresh_lenses(bufnr)
      end,
    })
  end
  local user = options.lsp.on_attach
  if user then
    user(client, bufnr)
  end
end

-- The client configuration shared by both ways of starting the server.
local function client_config()
  local section = next(options.settings) and options.settings or vim.empty_dict()
  local capabilities = vim.tbl_deep_extend(
    "force",
    vim.lsp.protocol.make_client_capabilities(),
    options.lsp.capabilities or {},
    -- The server sends skill-ls/indexChanged only to clients that ask for it.
    { experimental = { skillLs = { indexChanged = true } } }
  )
  local handlers = vim.tbl_extend("force", options.lsp.handlers or {}, {
    -- The skills changed (a scan ended, a file was added): lenses may read differently.
    [M.index_changed] = function(_, _, ctx)
      if options.code_lens then
        refresh_attached(ctx.client_id)
      end
    end,
  })
  local commands = vim.tbl_extend("force", options.lsp.commands or {}, {
    [M.lens_command] = function(command)
      local arguments = command.arguments or {}
      preview.activation(M.name, nil, arguments[1])
    end,
  })
  return vim.tbl_extend("force", options.lsp, {
    name = M.name,
    cmd = options.cmd,
    -- Sent at initialize, and the answer to workspace/configuration (section `skillLs`).
    init_options = { skillLs = section },
    settings = { skillLs = section },
    capabilities = capabilities,
    handlers = handlers,
    commands = commands,
    on_attach = on_attach,
  })
end

local function setup_011()
  local config = client_config()
  config.filetypes = { "markdown" }
  config.root_dir = function(bufnr, on_dir)
    local path = vim.api.nvim_buf_get_name(bufnr)
    if root.is_skill(path) then
      on_dir(root.find(path, options.root_markers))
    end
  end
  vim.lsp.config(M.name, config)
  vim.lsp.enable(M.name)
end

-- Before 0.11: one client per workspace root, started from an autocommand. 0.8 to 0.10
-- have vim.lsp.start, which reuses a client with the same name and root; 0.7 keeps them.
local started = {}

local function attach(bufnr)
  local path = vim.api.nvim_buf_get_name(bufnr)
  if not root.is_skill(path) then
    return
  end
  local config = client_config()
  config.root_dir = root.find(path, options.root_markers)
  if vim.lsp.start then
    vim.lsp.start(config, { bufnr = bufnr })
    return
  end
  local id = started[config.root_dir]
  if id == nil or vim.lsp.get_client_by_id(id) == nil then
    id = vim.lsp.start_client(config)
    started[config.root_dir] = id
  end
  if id ~= nil then
    vim.lsp.buf_attach_client(bufnr, id)
  end
end

local function setup_before_011()
  local group = vim.api.nvim_create_augroup("skill_ls_start", { clear = true })
  vim.api.nvim_create_autocmd({ "BufReadPost", "BufNewFile" }, {
    group = group,
    pattern = "SKILL.md",
    callback = function(args)
      attach(args.buf)
    end,
  })
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) then
      attach(bufnr)
    end
  end
end

local function complete_agents(lead)
  return vim.tbl_filter(function(id)
    return id:sub(1, #lead) == lead
  end, preview.agents(M.name))
end

local function define_commands()
  vim.api.nvim_create_user_command("SkillLsCatalog", function(args)
    preview.catalog(M.name, args.fargs[1])
  end, {
    nargs = "?",
    complete = complete_agents,
    desc = "skill-ls: the catalog an agent shows the model for this workspace",
  })
  vim.api.nvim_create_user_command("SkillLsActivation", function(args)
    preview.activation(M.name, args.fargs[1])
  end, {
    nargs = "?",
    complete = complete_agents,
    desc = "skill-ls: what an agent loads when this skill is activated",
  })
end

function M.setup(opts)
  opts = opts or {}
  options = vim.tbl_deep_extend("force", vim.deepcopy(defaults), opts)
  -- Lists given are taken whole: a deep merge would mix them with the defaults by index.
  for _, key in ipairs({ "cmd", "root_markers", "settings" }) do
    if opts[key] ~= nil then
      options[key] = opts[key]
    end
  end
  define_commands()
  if compat.has_011 then
    setup_011()
  else
    setup_before_011()
  end
end

return M
