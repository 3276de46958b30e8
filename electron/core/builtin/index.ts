/**
 * Hearth's own MCP server behind one front door: everything outside `electron/core/builtin/`
 * imports it through this file (eslint.config.js holds it). Inside: the server (`server.ts`), its
 * tools by kind (`commands/`, `files/`, `system/`) and the sudo path (`sudo/`: finding an
 * escalating command, the tickets that carry the user's password to exactly that command).
 */
export { commandFolder, commandSettingsOf } from './commands/commandPlace';
export { SHELL_TOOL_NAME, SUDO_TICKET_META_KEY } from './commands/shellTool';
export { createBuiltinServer } from './server';
export { detectEscalation } from './sudo/detectEscalation';
export { ESCALATORS, SHELLS, WRAPPERS } from './sudo/programTables';
export { parseCommands } from './sudo/shellSyntax';
export { SudoTickets } from './sudo/sudoTickets';
