/**
 * The user's files on a message, as the message keeps them: one `Attachment` each, the same shape
 * a server's resource has, so the model is given them by the same path (context/attachments.ts).
 * A text file's or a PDF's text is kept with the message, as much as the model could be given;
 * an image stays in the data folder and is read when a request is built. Every file is checked
 * before anything is saved, so a missing one leaves the conversation as it was.
 */
import {
  MAX_MESSAGE_FILE_BYTES,
  visionRefusalSentence,
} from '../../../../preload/schemas/fileKinds';
import type { FileRef } from '../../../../preload/schemas/files';
import type { Attachment } from '../../../../preload/schemas/content';
import { formatSize } from '../../../../preload/schemas/resourceFacts';
import { UserFacingError } from '../../bridge/errors';
import type { FileStore } from '../../files';
import type { ModelProvider } from '../../ollama/ollamaService';
import { MAX_ATTACHMENT_CHARS_FOR_MODEL } from '../context/attachments';

export async function fileAttachments(
  store: FileStore,
  refs: readonly FileRef[],
): Promise<Attachment[]> {
  const kept = await Promise.all(refs.map((ref) => store.facts(ref.sha256, ref.name)));
  const total = kept.reduce((sum, facts) => sum + facts.originalBytes, 0);
  if (total > MAX_MESSAGE_FILE_BYTES)
    throw new UserFacingError(
      `These files come to ${formatSize(total)}; one message takes up to ${formatSize(MAX_MESSAGE_FILE_BYTES)}. Send some of them in another message.`,
    );
  return Promise.all(
    refs.map(async (ref, index): Promise<Attachment> => {
      const facts = kept[index];
      if (!facts) throw new UserFacingError(`“${ref.name}” is no longer kept by Hearth.`);
      const attachment = { server: '', uri: '', name: ref.name, file: facts };
      if (facts.kind === 'image') return { ...attachment, contents: [] };
      const { text, chars } = await store.text(facts, MAX_ATTACHMENT_CHARS_FOR_MODEL);
      return {
        ...attachment,
        contents: [
          {
            uri: '',
            mimeType: facts.kind === 'pdf' ? 'text/plain' : facts.mimeType,
            text,
            size: chars,
            ...(chars > text.length ? { truncated: true } : {}),
          },
        ],
      };
    }),
  );
}

/**
 * Before images go to a model that cannot see: the sentence saying so, naming the installed
 * models that can. Undefined when the model sees, or when Ollama cannot say (the turn will).
 */
export async function visionRefusal(
  provider: ModelProvider,
  model: string,
  attachments: readonly Attachment[],
): Promise<string | undefined> {
  const image = attachments.find((attachment) => attachment.file?.kind === 'image');
  if (!image) return undefined;
  try {
    if ((await provider.capabilities(model)).vision) return undefined;
    const models = (await provider.listModels()).map((entry) => entry.name);
    const seeing: string[] = [];
    for (const name of models)
      if ((await provider.capabilities(name).catch(() => undefined))?.vision) seeing.push(name);
    return visionRefusalSentence(model, image.name, seeing);
  } catch {
    return undefined;
  }
}
