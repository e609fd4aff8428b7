-- The few calls whose spelling differs between Neovim 0.7 and 0.11 (method calls on a
-- client, the client list, code lens refresh), so the rest of the plugin has one version.
local M = {}

M.has_011 = vim.fn.has("nvim-0.11") == 1
local has_010 = vim.fn.has("nvim-0.10") == 1
M.uv = vim.uv or vim.loop

-- Clients of `bufnr` (or of every buffer when nil) named `name`.
function M.clients(name, bufnr)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ name = name, bufnr = bufnr })
  end
  local found = {}
  local all = bufnr and vim.lsp.buf_get_clients(bufnr) or vim.lsp.get_active_clients()
  for _, client in pairs(all) do
    if client.name == name then
      table.insert(found, client)
    end
  end
  return found
end

function M.request(client, method, params, handler, bufnr)
  if M.has_011 then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

function M.request_sync(client, method, params, timeout_ms, bufnr)
  if M.has_011 then
    return client:request_sync(method, params, timeout_ms, bufnr)
  end
  return client.request_sync(method, params, timeout_ms, bufnr)
end

-- Asks for the lenses of `bufnr` again. Before 0.10 refresh() takes no buffer and asks for
-- the current one: another buffer is refreshed when it is entered (BufEnter).
function M.refresh_lenses(bufnr)
  if has_010 then
    vim.lsp.codelens.refresh({ bufnr = bufnr })
  elseif bufnr == vim.api.nvim_get_current_buf() then
    vim.lsp.codelens.refresh()
  end
end

return M
