/**
 * The Ollama in force: the address from settings (else OLLAMA_HOST, else the default), with one
 * client per address so what it learned about models (capabilities) is kept while the address
 * stays the same. Extra headers (for an Ollama behind an authenticating proxy) live in the vault.
 */
import type { z } from 'zod';
import type { ollamaStatusSchema } from '../../../preload/schemas/chat';
import type { Settings } from '../../../preload/contract';
import type { SecretVault } from '../secrets/secretVault';
import { withCloudConsent } from './cloudConsent';
import { createOllamaService, resolveOllamaHost, type ModelProvider } from './ollamaService';

/** Where the headers for a proxied Ollama live: they usually carry credentials. */
const HEADERS_KEY = 'ollama:headers';

export interface OllamaAccess {
  provider(): ModelProvider;
  /** The names of the extra headers sent to Ollama (their values stay in the vault). */
  headerNames(): string[];
  /** Replaces the extra headers; a header given without a value keeps its stored one. */
  setHeaders(headers: { name: string; value?: string }[]): string[];
  /** Whether Ollama answers, and its version, in words for the status line. */
  status(): Promise<z.output<typeof ollamaStatusSchema>>;
}

export function createOllamaAccess(
  settings: () => Settings,
  environment: NodeJS.ProcessEnv,
  vault: SecretVault,
): OllamaAccess {
  let current: { provider: ModelProvider; headers: string } | undefined;
  const storedHeaders = (): Record<string, string> => {
    try {
      return JSON.parse(vault.get(HEADERS_KEY) ?? '{}') as Record<string, string>;
    } catch {
      return {};
    }
  };
  const provider = () => {
    const host = resolveOllamaHost(settings().ollama.host, environment);
    const headers = vault.get(HEADERS_KEY) ?? '{}';
    if (current?.provider.host !== host || current.headers !== headers) {
      const service = createOllamaService({ host, headers: storedHeaders() });
      current = {
        provider: withCloudConsent(service, () => settings().ollama.cloudModelsAllowed),
        headers,
      };
    }
    return current.provider;
  };
  return {
    provider,
    headerNames: () => Object.keys(storedHeaders()),
    setHeaders(headers) {
      const stored = storedHeaders();
      const next = Object.fromEntries(
        headers.map((header) => [header.name, header.value ?? stored[header.name] ?? '']),
      );
      vault.set(HEADERS_KEY, JSON.stringify(next));
      return Object.keys(next);
    },
    async status() {
      let ollama: ModelProvider;
      try {
        ollama = provider();
      } catch (error) {
        // An address that is not a URL at all, typed into Settings.
        const host = settings().ollama.host;
        return {
          ok: false,
          host,
          message: `“${host}” is not an address Hearth can use: ${(error as Error).message}`,
        };
      }
      try {
        return { ok: true, host: ollama.host, version: await ollama.version() };
      } catch (error) {
        return { ok: false, host: ollama.host, message: (error as Error).message };
      }
    },
  };
}
