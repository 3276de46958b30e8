/**
 * A server's prompts as Hearth uses them: `prompts/get` with the user's arguments, its messages
 * turned into text and attachments (embedded resources, images), and argument completion through
 * `completion/complete` where the server declared the capability.
 */
import type { PromptMessage as SdkPromptMessage } from '@modelcontextprotocol/client';
import type {
  Attachment,
  CompletionRequest,
  CompletionResult,
  PromptMessage,
  PromptResult,
} from '../../../../preload/schemas/content';
import { clip } from './collectOfferings';
import { base64Bytes } from './modelTools/modelImages';
import { boundedContent, readResource, type ResourceHost } from './resources';

/** Runs a prompt on its server and returns its messages in Hearth's shape. */
export async function getPrompt(
  host: ResourceHost,
  server: string,
  name: string,
  args: Record<string, string> = {},
): Promise<PromptResult> {
  const result = await host.withClient(server, (client) =>
    client.getPrompt({ name, arguments: args }),
  );
  const messages: PromptMessage[] = [];
  for (const message of result.messages.slice(0, 200))
    messages.push(await promptMessage(host, server, message));
  return {
    ...(result.description ? { description: clip(result.description, 32_768) } : {}),
    messages,
  };
}

async function promptMessage(
  host: ResourceHost,
  server: string,
  message: SdkPromptMessage,
): Promise<PromptMessage> {
  const { content } = message;
  const attachments: Attachment[] = [];
  let text = '';
  switch (content.type) {
    case 'text':
      text = content.text;
      break;
    case 'image':
      attachments.push({
        server,
        uri: '',
        name: 'Image from the prompt',
        contents: [
          {
            uri: '',
            mimeType: content.mimeType,
            blob: content.data,
            size: base64Bytes(content.data),
          },
        ],
      });
      break;
    case 'resource':
      attachments.push({
        server,
        uri: content.resource.uri,
        name: lastSegment(content.resource.uri),
        contents: [boundedContent(content.resource)],
      });
      break;
    case 'resource_link':
      try {
        const read = await readResource(host, server, content.uri);
        attachments.push({ server, uri: content.uri, name: content.name, ...read });
      } catch (error) {
        text = `[The resource ${content.uri} could not be read: ${(error as Error).message}]`;
      }
      break;
    default:
      text = `[${content.type} content from the prompt is not included]`;
  }
  return { role: message.role, text, attachments };
}

/** Suggestions for one argument of a prompt or resource template; none when not offered. */
export async function completeArgument(
  host: ResourceHost,
  request: CompletionRequest,
): Promise<CompletionResult> {
  return host.withClient(request.server, async (client) => {
    if (!client.getServerCapabilities()?.completions) return { values: [] };
    const result = await client.complete({
      ref: request.ref,
      argument: request.argument,
      ...(request.context ? { context: { arguments: request.context } } : {}),
    });
    const { values, total, hasMore } = result.completion;
    return {
      values: values.slice(0, 100).map((value) => clip(value, 10_000)),
      ...(total === undefined ? {} : { total }),
      ...(hasMore === undefined ? {} : { hasMore }),
    };
  });
}

/** The readable end of a URI, for naming an embedded resource. */
export function lastSegment(uri: string): string {
  const trimmed = uri.replace(/\/+$/, '');
  const segment = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  return segment ? decodeSafely(segment) : uri || 'Resource';
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
