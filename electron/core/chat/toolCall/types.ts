/**
 * The shapes a tool call works with: what the turn hands it (the tools, the questions, the sudo
 * tickets), the request and its result, and the events the page sees. The runner and its gates
 * all read them here, so none of the gates imports the runner that imports it.
 */
import type { Tool } from '@modelcontextprotocol/client';
import type { z } from 'zod';
import type { approvalRequestSchema, toolCallEventSchema } from '../../../../preload/schemas/chat';
import type { ServerState, ToolApproval } from '../../../../preload/schemas/servers';
import type { ServerCallOutcome, ToolImage } from '../../mcp';
import type { UserQuestions } from '../../questions/userQuestions';
import type { AuditTrail } from './auditTrail';
import type { CommandRule } from './commandRuleMatch';

export type ToolCallEvent = z.output<typeof toolCallEventSchema>;
export type CallState = ToolCallEvent['state'];
type ApprovalRequest = z.output<typeof approvalRequestSchema>;

/** What the turn needs from the tool side of Hearth. */
export interface ToolAccess {
  resolve(modelName: string): { server: string; tool: string } | undefined;
  modelNames(): string[];
  definition(server: string, tool: string): Tool | undefined;
  /** Waits (bounded) while a server restarts; the state it is in then. */
  settled(server: string, signal: AbortSignal): Promise<ServerState>;
  policy(server: string, tool: string): ToolApproval;
  isAlwaysAllowed(server: string, tool: string): boolean;
  reviewChange(server: string, tool: string): string[];
  alwaysAllow(server: string, tool: string): void;
  /** The shell commands the user allows this tool to run without asking. */
  commandRules(server: string, tool: string): CommandRule[];
  addCommandRule(server: string, tool: string, rule: CommandRule): void;
  /** True for tools whose `command` argument is a shell command: the built-in shell tool, and any tool the user marked as one. */
  isShellTool(server: string, tool: string): boolean;
  /**
   * The tool that runs escalating commands: Hearth's own shell tool, the only one the password
   * is ever handed to. A marked tool of another server never receives it.
   */
  sudoRunner(): { server: string; tool: string } | undefined;
  /**
   * The server's "Don't ask for calls this sandbox makes harmless": `on` when the user turned it
   * on and its sandbox bounds its calls now; else whether it could be (why not, in words).
   */
  harmlessCalls?(server: string): { on: boolean; allowed: boolean; reason?: string } | undefined;
  /** The OS sandbox a tool's calls run in, for the approval to say (absent: none). */
  sandbox?(
    server: string,
    tool: string,
    args: Record<string, unknown>,
  ): ApprovalRequest['sandbox'] | Promise<ApprovalRequest['sandbox']>;
  call(
    server: string,
    tool: string,
    args: Record<string, unknown>,
    options: {
      signal: AbortSignal;
      callId: string;
      conversationId?: string;
      meta?: Record<string, unknown>;
    },
  ): Promise<ServerCallOutcome>;
}

export interface SudoTicketIssuer {
  issue(command: string, password: string): string;
  revoke(ticket: string): void;
}

export interface CallContext {
  conversationId: string;
  turnId: string;
  signal: AbortSignal;
  tools: ToolAccess;
  questions: UserQuestions;
  sudo: SudoTicketIssuer;
  askForEveryTool: boolean;
  maxResultChars: number;
  /** The model can see: a result's images are sent with its tool message (modelImages.ts). */
  vision?: boolean;
  /** Tools the user allowed for this conversation, as `server\0tool`. */
  allowedHere: Set<string>;
  /** Calls already made this turn (same tool, same arguments). */
  seen: Set<string>;
  /**
   * Tools whose results the model read this turn before asking for this call: a result is
   * content from outside, and the approval says the call may have been steered by it.
   */
  readBefore?: { server: string; tool: string }[];
  emit(event: ToolCallEvent): void;
  /** Where approvals and executions are recorded. */
  audit?: AuditTrail;
  /**
   * The conversation's model runs on this computer (Ollama here, not a cloud model), so what a
   * call reads goes nowhere else. Absent (an app's calls): taken as no.
   */
  modelRunsHere?(): Promise<boolean>;
  /** The conversation's title now, so a question shown over another conversation names it. */
  conversationTitle?(): string | undefined;
}

export interface CallRequest {
  callId: string;
  modelName: string;
  rawArguments: unknown;
}

export interface CallResult {
  /** What the model reads as the tool message. */
  content: string;
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
  state: CallState;
  /** Images sent to a model that can see, with the tool message. */
  images?: ToolImage[];
}
