-- Which files skill-ls is started for, and the workspace each one belongs to.
local uv = require("skill_ls.compat").uv

local M = {}

function M.is_skill(path)
  return path ~= nil and vim.fn.fnamemodify(path, ":t") == "SKILL.md"
end

-- The nearest folder above `path` holding one of `markers`, else the file's own folder:
-- the same answer as `vim.fs.root`, written out so that 0.7 (no `vim.fs`) gets it too.
function M.find(path, markers)
  local start = vim.fn.fnamemodify(path, ":p:h")
  local dir = start
  while true do
    for _, marker in ipairs(markers) do
      if uv.fs_stat(dir .. "/" .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ":h")
    if parent == dir then
      return start
    end
    dir = parent
  end
end

return M
