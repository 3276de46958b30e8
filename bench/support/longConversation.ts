/**
 * The bench's long conversation: cycles of a question, a tool call and its result, as months of
 * use leave them (a third tool results, some of 100 KB; one message in twelve formatted), made
 * the same at every run. `appendWithVersions` saves it with one message in ten having a second
 * version, as edits and regenerated replies leave a conversation. The page's bench gives it
 * pictures as well (`withImages`, longConversationImages.ts): one message in fifty, a user's
 * question, carries a 640×480 PNG kept in the data folder as an attached file is.
 */
import type { ConversationStore } from '../../electron/core/history/conversationStore';
import type { NewMessage } from '../../electron/core/history/types';
import { sentence, words } from './words';

const BIG_RESULT_EVERY = 40;
export const BIG_RESULT_BYTES = 100_000;
export const LAST_MARKER = 'final-message-of-the-long-conversation';
/** Every this many cycles, the model's reply is Markdown: a list, inline code and a code block. */
const MARKDOWN_EVERY = 4;

/** A reply as local models write them when they format: emphasis, a list, code. */
function markdownReply(random: () => number): string {
  return [
    `Let me look that up. **${sentence(random, 3)}** first:`,
    '',
    `- ${sentence(random, 8)}`,
    `- the \`${words(random, 1)}\` setting, then ${words(random, 6)}`,
    `- ${sentence(random, 5)}`,
    '',
    '```js',
    `const ${words(random, 1).replace(/\W/g, '')} = await read('/notes/${words(random, 1)}.md');`,
    `console.log(${JSON.stringify(sentence(random, 4))});`,
    '```',
  ].join('\n');
}

/**
 * Cycles of a question, a tool call and its result: a third of the messages are tool results,
 * and one reply in twelve messages is formatted.
 */
export function longConversation(count: number, random: () => number): NewMessage[] {
  const messages: NewMessage[] = [];
  for (let index = 0; messages.length < count; index++) {
    const id = `call_${index}`;
    messages.push({ role: 'user', content: `Question ${index}: ${sentence(random, 14)}?` });
    messages.push({
      role: 'assistant',
      model: 'llama3.2',
      content:
        index % MARKDOWN_EVERY === 0
          ? markdownReply(random)
          : `Let me look that up. ${sentence(random, 10)}.`,
      toolCalls: [
        {
          id,
          server: 'files',
          tool: 'read_file',
          modelName: 'files_read_file',
          arguments: { path: `/notes/${index}.md` },
          outcome: 'done',
        },
      ],
    });
    const big = index % BIG_RESULT_EVERY === 0;
    messages.push({
      role: 'tool',
      toolCallId: id,
      toolName: 'files_read_file',
      content: big ? words(random, BIG_RESULT_BYTES / 6) : `${sentence(random, 40)}.`,
    });
  }
  messages.length = count;
  const last = messages[count - 1];
  if (last)
    messages[count - 1] = { role: 'assistant', model: 'llama3.2', content: `Done. ${LAST_MARKER}` };
  return messages;
}

/** A deterministic generator, so every run measures the same history. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One message in this many has a second version (an edit or a regenerated reply) off screen. */
export const VERSION_EVERY = 10;

/**
 * Saves `messages` as the branch on screen, with one message in VERSION_EVERY given an earlier
 * version beside it, made as an edit or a retry makes one: the other version is saved, the
 * branch is moved back before it, and the message shown is saved in its place.
 */
export function appendWithVersions(
  store: Pick<ConversationStore, 'append' | 'rewind'>,
  conversationId: string,
  messages: readonly NewMessage[],
): void {
  let from = 0;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as NewMessage;
    if (index % VERSION_EVERY !== VERSION_EVERY - 1) continue;
    store.append(conversationId, messages.slice(from, index));
    const [other] = store.append(conversationId, [
      { ...message, content: `An earlier version: ${message.content}` },
    ]);
    if (other) store.rewind(conversationId, other.id);
    from = index;
  }
  store.append(conversationId, messages.slice(from));
}
