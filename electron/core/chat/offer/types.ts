/**
 * What a turn offers the model, as the chooser (toolOffer.ts), search_tools (searchTools.ts) and
 * the turn's record all read it.
 */
import type { ModelTool } from '../../mcp';
import type { OfferReason } from './ranking/selectTools';

/** A tool as the turn's record lists it. */
export interface OfferedTool {
  server: string;
  tool: string;
  modelName: string;
  reason: OfferReason;
}

export function offeredTool(tool: ModelTool, reason: OfferReason): OfferedTool {
  return { server: tool.server, tool: tool.tool.name, modelName: tool.modelName, reason };
}

export interface ToolOffer {
  tools: ModelTool[];
  offered: OfferedTool[];
  /** Enabled tools there were to choose from. */
  available: number;
  budget: number;
  /** No tool matched the message: only pinned and used tools were offered (or none). */
  unmatched?: boolean;
}
