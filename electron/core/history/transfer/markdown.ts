/**
 * A conversation as Markdown for people to read: the branch on screen, each message under who
 * wrote it, thinking, tool calls and their results folded in <details> so the talk reads first.
 * Versions off screen are in the JSON export, not here.
 */
import type { StoredMessage } from '../types';
import type { ExportHead } from './exportReader';

export function markdownHead(head: ExportHead, shown: number): string {
  const facts = [
    head.options.model ? `Model: ${head.options.model}` : undefined,
    `Started ${head.createdAt}`,
    `${shown} ${shown === 1 ? 'message' : 'messages'}`,
  ].filter(Boolean);
  return `# ${oneLine(head.title) || 'Untitled conversation'}\n\n_${facts.join(' · ')}_\n\n`;
}

export function markdownMessage(message: StoredMessage): string {
  switch (message.role) {
    case 'tool':
      return folded(`Result of ${message.toolName ?? 'a tool'}`, fenced(message.content, ''));
    case 'user':
      return `## You\n\n${message.content}\n\n${attachmentsLine(message)}`;
    case 'system':
      return `## System\n\n${message.content}\n\n`;
    case 'assistant':
      return assistant(message);
  }
}

function assistant(message: StoredMessage): string {
  const parts = [`## Assistant${message.model ? ` (${message.model})` : ''}\n\n`];
  if (message.thinking) parts.push(folded('Thinking', `${message.thinking}\n`));
  if (message.content) parts.push(`${message.content}\n\n`);
  for (const call of message.toolCalls ?? [])
    parts.push(
      folded(
        `Tool call: ${call.server} › ${call.tool}${call.outcome ? ` (${call.outcome})` : ''}`,
        fenced(JSON.stringify(call.arguments, null, 2), 'json'),
      ),
    );
  return parts.join('');
}

function attachmentsLine(message: StoredMessage): string {
  const names = (message.attachments ?? []).map((attachment) => attachment.name || 'a file');
  return names.length > 0 ? `_Attached: ${names.join(', ')}_\n\n` : '';
}

function folded(summary: string, body: string): string {
  return `<details>\n<summary>${escapeHtml(summary)}</summary>\n\n${body}\n</details>\n\n`;
}

/** A fence longer than any run of backticks in the text, so the text cannot close it. */
function fenced(text: string, language: string): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (run) => run[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text}\n${fence}\n`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
