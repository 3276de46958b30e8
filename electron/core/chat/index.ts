/**
 * The chat room's one front door: everything outside `electron/core/chat/` imports it through
 * this file (eslint.config.js enforces it). Inside, files are grouped by job:
 * - `service/`: chat for the rest of Hearth (turns, history, models, command rules);
 * - `turn/`: one turn, from the user's message to the model's last reply;
 * - `toolCall/`: one tool call from its name to its result, and results that come late;
 * - `offer/`: which tools the model is offered, `search_tools`, and the ranking (`ranking/`);
 * - `context/`: what the model is sent, sized to its context window.
 */
export { createChatService, type ChatService, type SharedCallContext } from './service/chatService';
export { createCommandRuleService, type CommandRuleService } from './service/commandRuleService';
export { saveLateTaskResult } from './toolCall/lateTaskResults';
export { runToolCall } from './toolCall/toolCallRunner';
