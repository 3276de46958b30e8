/**
 * A child process that uses Hearth's real stores in a data folder, for tests that must kill it
 * (`kill -9` mid-write) or run it as another user (unreadable files, read-only folders).
 *
 *   storeWorker.ts DIR write-loop   writes settings and appends to a conversation forever,
 *                                   printing `settings N` / `message N` once each step is saved.
 *   storeWorker.ts DIR open         opens the settings, prints {problems, theme} as JSON.
 *   storeWorker.ts DIR update       opens the settings, switches the theme between dark and light,
 *                                   prints {problems, error, theme}.
 *   storeWorker.ts DIR append       appends a message to the first conversation (made if none),
 *                                   prints {problems, error, messages} (the count afterwards).
 */
import { writeSync } from 'node:fs';
import { openConversationStore } from '../../../electron/core/history/conversationStore';
import { openSettingsStore } from '../../../electron/core/store/settingsStore';

const [dataDir, mode] = process.argv.slice(2);
if (!dataDir || !mode) throw new Error('usage: storeWorker.ts DIR MODE');
const problems: string[] = [];
const onProblem = (message: string) => problems.push(message);
// Synchronous writes, so what the parent reads was printed before the next step began.
const say = (line: string) => writeSync(1, `${line}\n`);

if (mode === 'write-loop') {
  const settings = openSettingsStore({ dataDir, onProblem });
  const history = openConversationStore({ dataDir, onProblem });
  const conversation = history.list()[0] ?? history.create({ title: 'durability' });
  // Big enough that a write takes long enough to be interrupted now and then.
  const padding = 'p'.repeat(8_000);
  for (let step = 1; ; step++) {
    settings.update({ chat: { systemPrompt: `step ${step} ${padding}` } });
    say(`settings ${step}`);
    history.append(conversation.id, [{ role: 'user', content: `message ${step}` }]);
    say(`message ${step}`);
  }
} else if (mode === 'open') {
  const settings = openSettingsStore({ dataDir, onProblem });
  say(JSON.stringify({ problems, theme: settings.get().theme }));
} else if (mode === 'update') {
  const settings = openSettingsStore({ dataDir, onProblem });
  let error: string | undefined;
  try {
    settings.update({ theme: settings.get().theme === 'dark' ? 'light' : 'dark' });
  } catch (caught) {
    error = (caught as Error).message;
  }
  say(JSON.stringify({ problems, error, theme: settings.get().theme }));
} else if (mode === 'append') {
  let error: string | undefined;
  let messages: number | undefined;
  try {
    const history = openConversationStore({ dataDir, onProblem });
    const conversation = history.list()[0] ?? history.create({ title: 'durability' });
    try {
      history.append(conversation.id, [{ role: 'user', content: 'one more' }]);
    } catch (caught) {
      error = (caught as Error).message;
    }
    messages = history.get(conversation.id)?.messages.length;
  } catch (caught) {
    error = (caught as Error).message;
  }
  say(JSON.stringify({ problems, error, messages }));
} else {
  throw new Error(`unknown mode ${mode}`);
}
