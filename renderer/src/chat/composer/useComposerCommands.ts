/**
 * The composer's commands: which picker the text opens (`/` prompts, `@` resources), the entry
 * highlighted in it, the argument form of a chosen prompt or template, and the resources attached
 * so far (watched for changes where the server can tell).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Api } from '../../../../preload/api';
import type { PromptRun } from '../../../../preload/schemas/content';
import type { PendingAttachment } from './AttachmentChips';
import {
  expandTemplate,
  filterMentions,
  filterPrompts,
  mentionQuery,
  slashQuery,
  useOfferings,
  type Complete,
  type MentionItem,
  type PromptItem,
  type TemplateItem,
} from '../../resources';

export type Form =
  { kind: 'prompt'; prompt: PromptItem } | { kind: 'template'; template: TemplateItem };

export type Picker =
  { kind: 'slash'; items: PromptItem[] } | { kind: 'mention'; items: MentionItem[]; start: number };

export function useComposerCommands(api: Api, text: string, caret: number) {
  const { offerings, completes, watches } = useOfferings(api);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string>();
  const [form, setForm] = useState<Form>();
  const [attachments, setAttachments] = useState<PendingAttachment[]>([]);

  const picker = useMemo((): Picker | undefined => {
    if (form || dismissed === text) return undefined;
    const slash = slashQuery(text);
    if (slash !== undefined)
      return { kind: 'slash', items: filterPrompts(offerings.prompts, slash) };
    const mention = mentionQuery(text, caret);
    if (mention)
      return {
        kind: 'mention',
        items: filterMentions(offerings, mention.query),
        start: mention.start,
      };
    return undefined;
  }, [form, dismissed, text, caret, offerings]);
  const count = picker?.items.length ?? 0;
  const highlighted = count === 0 ? 0 : Math.min(active, count - 1);

  // Watched attachments are marked when their server says they changed.
  useEffect(
    () =>
      api.resources.onUpdated((event) =>
        setAttachments((current) =>
          current.map((item) =>
            item.server === event.server && item.uri === event.uri
              ? { ...item, changed: true }
              : item,
          ),
        ),
      ),
    [api],
  );
  const watched = useRef(new Set<string>());
  // Leaving the chat releases what the chips were watching.
  useEffect(() => {
    const keys = watched.current;
    return () => {
      for (const key of keys) {
        const cut = key.indexOf('\n');
        void api.resources
          .unsubscribe({ server: key.slice(0, cut), uri: key.slice(cut + 1) })
          .catch(() => {});
      }
      keys.clear();
    };
  }, [api]);
  const attach = useCallback(
    (item: PendingAttachment) => {
      setAttachments((current) =>
        current.some((other) => other.server === item.server && other.uri === item.uri)
          ? current
          : [...current, item],
      );
      const key = `${item.server}\n${item.uri}`;
      if (watches.has(item.server) && !watched.current.has(key)) {
        watched.current.add(key);
        void api.resources.subscribe({ server: item.server, uri: item.uri }).catch(() => {
          watched.current.delete(key);
        });
      }
    },
    [api, watches],
  );
  const release = useCallback(
    (items: readonly PendingAttachment[]) => {
      for (const item of items) {
        const key = `${item.server}\n${item.uri}`;
        if (!watched.current.delete(key)) continue;
        void api.resources.unsubscribe({ server: item.server, uri: item.uri }).catch(() => {});
      }
      setAttachments((current) =>
        current.filter(
          (other) => !items.some((item) => item.server === other.server && item.uri === other.uri),
        ),
      );
    },
    [api],
  );

  const completer = useCallback(
    (
      server: string,
      ref: Parameters<Api['prompts']['complete']>[0]['ref'],
    ): Complete | undefined =>
      completes.has(server)
        ? async (name, value, context) =>
            (await api.prompts.complete({ server, ref, argument: { name, value }, context })).values
        : undefined,
    [api, completes],
  );

  return {
    picker,
    highlighted,
    move: (step: number) => setActive(count === 0 ? 0 : (highlighted + step + count) % count),
    dismiss: () => setDismissed(text),
    resetHighlight: () => setActive(0),
    form,
    setForm,
    attachments,
    attach,
    release,
    completer,
  };
}

/** What running a prompt with these values asks of main. */
export function promptRun(prompt: PromptItem, values: Record<string, string>): PromptRun {
  const args = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  return { server: prompt.server, name: prompt.name, arguments: args };
}

/** The attachment a filled-in template names. */
export function templateAttachment(
  template: TemplateItem,
  values: Record<string, string>,
): PendingAttachment {
  const uri = expandTemplate(template.uriTemplate, values);
  const filled = Object.values(values).filter(Boolean).join(', ');
  return {
    server: template.server,
    uri,
    name: `${template.title ?? template.name}${filled ? ` (${filled})` : ''}`,
  };
}
