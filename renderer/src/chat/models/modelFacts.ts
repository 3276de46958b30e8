/**
 * What the model picker says about a model, in the units people compare models by: parameters
 * ("1B", not Ollama's "999.89M"), quantisation, size on disk and context length.
 */
import type { ModelCapabilities, ModelSummary } from '../chatTypes';

/** Parameters as a short count: 999.89M → "1B", 3.21B → "3.2B", 135M → "135M". */
export function formatParameters(count: number | undefined, reported: string): string {
  const value = count ?? parseReported(reported);
  if (value === undefined || value <= 0) return reported;
  if (value >= 0.95e9) return `${trim(value / 1e9)}B`;
  if (value >= 1e6) return `${Math.round(value / 1e6)}M`;
  return `${Math.round(value / 1e3)}K`;
}

/** Ollama's `parameter_size` ("999.89M", "8.0B", "70B") as a number. */
function parseReported(reported: string): number | undefined {
  const match = /^([\d.]+)\s*([KMBT])$/i.exec(reported.trim());
  if (!match?.[1] || !match[2]) return undefined;
  const scale = { K: 1e3, M: 1e6, B: 1e9, T: 1e12 }[match[2].toUpperCase() as 'K'];
  const value = Number(match[1]) * scale;
  return Number.isFinite(value) ? value : undefined;
}

/** One decimal below 10, none above; never "1.0". */
function trim(value: number): string {
  const rounded = value < 9.95 ? Math.round(value * 10) / 10 : Math.round(value);
  return String(rounded);
}

/** Bytes on disk: "2.0 GB", "815 MB". */
export function formatDiskSize(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  return `${Math.max(1, Math.round(bytes / 1e6))} MB`;
}

/** Context length in tokens: 131072 → "128K context". */
export function formatContext(tokens: number): string {
  return tokens >= 1024 ? `${Math.round(tokens / 1024)}K context` : `${tokens} context`;
}

/** The facts shown under a model's name, in order; those Ollama did not report are left out. */
export function modelFacts(model: ModelSummary, capabilities: ModelCapabilities | undefined) {
  return [
    model.parameterSize || capabilities?.parameterCount
      ? `${formatParameters(capabilities?.parameterCount, model.parameterSize)} parameters`
      : undefined,
    model.quantization || undefined,
    model.size > 0 ? formatDiskSize(model.size) : undefined,
    capabilities ? formatContext(capabilities.contextLength) : undefined,
  ].filter((fact): fact is string => fact !== undefined);
}

/**
 * A model only for embeddings (Ollama's /api/show lists "embedding" and nothing to chat with):
 * it cannot answer a chat, so the picker does not offer it.
 */
export function isEmbeddingOnly(capabilities: ModelCapabilities | undefined): boolean {
  return (
    capabilities?.embedding === true &&
    !capabilities.tools &&
    !capabilities.thinking &&
    !capabilities.vision
  );
}

export { isCloudModel, sameModel } from '../../../../preload/modelNames';
