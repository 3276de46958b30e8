/**
 * MCP Apps: who may see a tool. A tool's `_meta.ui.visibility` lists "model" and/or "app"; without
 * it a tool is visible to both. An app-only tool is never offered to the model, and a model-only
 * tool is never callable from an app.
 */
import type { Tool } from '@modelcontextprotocol/client';

export type ToolAudience = 'model' | 'app';

function declaredVisibility(tool: Pick<Tool, '_meta'>): unknown[] | undefined {
  const ui = tool._meta?.ui;
  if (!ui || typeof ui !== 'object') return undefined;
  const visibility = (ui as { visibility?: unknown }).visibility;
  return Array.isArray(visibility) ? visibility : undefined;
}

export function toolVisibleTo(tool: Pick<Tool, '_meta'>, audience: ToolAudience): boolean {
  const visibility = declaredVisibility(tool);
  return visibility === undefined || visibility.includes(audience);
}
