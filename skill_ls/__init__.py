"""skill-ls: a language server and checker for Agent Skills SKILL.md files."""

__version__ = "0.1.0"
