/**
 * The Ollama in force: the address from settings (else OLLAMA_HOST, else the default), with one
 * client per address so what it learned about models (capabilities) is kept while the address
 * stays the same.
 */
import type { z } from 'zod';
import type { ollamaStatusSchema } from '../../../preload/schemas/chat';
import type { Settings } from '../../../preload/contract';
import { createOllamaService, resolveOllamaHost, type ModelProvider } from './ollamaService';

export interface OllamaAccess {
  provider(): ModelProvider;
  /** Whether Ollama answers, and its version, in words for the status line. */
  status(): Promise<z.output<typeof ollamaStatusSchema>>;
}

export function createOllamaAccess(
  settings: () => Settings,
  environment: NodeJS.ProcessEnv,
): OllamaAccess {
  let current: ModelProvider | undefined;
  const provider = () => {
    const host = resolveOllamaHost(settings().ollama.host, environment);
    if (current?.host !== host) current = createOllamaService({ host });
    return current;
  };
  return {
    provider,
    async status() {
      const ollama = provider();
      try {
        return { ok: true, host: ollama.host, version: await ollama.version() };
      } catch (error) {
        return { ok: false, host: ollama.host, message: (error as Error).message };
      }
    },
  };
}
