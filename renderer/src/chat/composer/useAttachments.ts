/**
 * The user's files on the message being written, in one place: every way in (the paperclip, a
 * drop, a paste, and anything else that has bytes) calls `addFiles`. Each file becomes a chip at
 * once and is uploaded to main in chunks (preload/fileUpload.ts), one file after another, with
 * its progress on the chip; Cancel stops its upload and main forgets it. A file main refuses, or
 * one over a limit, stays as a chip with main's sentence until the user removes it, and is never
 * sent. The limits are the core's (preload/schemas/fileKinds.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Api } from '../../../../preload/api';
import { uploadFile } from '../../../../preload/fileUpload';
import {
  FILE_KINDS,
  MAX_FILE_BYTES,
  MAX_FILES_PER_MESSAGE,
  MAX_MESSAGE_FILE_BYTES,
  tooLargeSentence,
  type FileKind,
} from '../../../../preload/schemas/fileKinds';
import type { FileFacts, FileRef } from '../../../../preload/schemas/files';
import { formatSize } from '../../../../preload/schemas/resourceFacts';
import { keptImageUrl } from '../../lib/keptImages';

export interface FileChip {
  /** This page's own id for the chip (the same file may be attached twice). */
  id: string;
  name: string;
  /** Bytes as the user gave it. */
  size: number;
  /** Its kind as far as known: from the name while it uploads, from its bytes once main kept it. */
  kind: FileKind | undefined;
  state: 'waiting' | 'uploading' | 'ready' | 'refused';
  /** Bytes main has received so far. */
  received: number;
  /** What main kept (state `ready`). */
  facts?: FileFacts;
  /** Why it will not be sent (state `refused`), in one sentence. */
  sentence?: string;
  /** An image's picture from the user's own bytes (an object URL, freed with the chip). */
  preview?: string;
}

export interface Attachments {
  chips: readonly FileChip[];
  /** Said once when more files came than one message takes; cleared by the next change. */
  notice: string | undefined;
  /** Whether any file is still on its way to main (sending waits for it). */
  uploading: boolean;
  /** The files the message would carry now (those main kept). */
  refs: readonly FileRef[];
  /** Attaches files from anywhere: the paperclip, a drop, a paste, a screenshot. */
  addFiles(files: readonly File[]): void;
  /** A file main has kept already (a desktop screenshot, captured in main): a ready chip. */
  addKept(name: string, facts: FileFacts): void;
  /** Removes a chip; its upload, if any, is cancelled. */
  remove(id: string): void;
  /** Removes the chips of files that were sent (by their kept ids), and the refused ones. */
  sent(refs: readonly FileRef[]): void;
}

export function useAttachments(api: Pick<Api, 'files'>): Attachments {
  const [chips, setChips] = useState<FileChip[]>([]);
  const [notice, setNotice] = useState<string>();
  const files = useRef(new Map<string, { file: File; abort: AbortController }>());
  const queue = useRef(Promise.resolve());
  const latest = useRef(chips);
  useEffect(() => {
    latest.current = chips;
  }, [chips]);

  const update = useCallback((id: string, change: Partial<FileChip>) => {
    setChips((all) => all.map((chip) => (chip.id === id ? { ...chip, ...change } : chip)));
  }, []);

  const upload = useCallback(
    async (id: string) => {
      const entry = files.current.get(id);
      if (!entry || entry.abort.signal.aborted) return;
      update(id, { state: 'uploading' });
      const result = await uploadFile(
        api,
        entry.file,
        (received) => !entry.abort.signal.aborted && update(id, { received }),
        entry.abort.signal,
      );
      files.current.delete(id);
      if (entry.abort.signal.aborted) return;
      if (result.ok)
        update(id, {
          state: 'ready',
          facts: result.facts,
          kind: result.facts.kind,
          received: entry.file.size,
        });
      else {
        // Its bytes may be no image at all (a name that lies): the chip shows its kind instead.
        const chip = latest.current.find((each) => each.id === id);
        if (chip) freePreview(chip);
        update(id, { state: 'refused', sentence: result.sentence, preview: undefined });
      }
    },
    [api, update],
  );

  const addFiles = useCallback(
    (added: readonly File[]) => {
      const kept = latest.current.filter((chip) => chip.state !== 'refused');
      const room = Math.max(0, MAX_FILES_PER_MESSAGE - kept.length);
      let total = kept.reduce((sum, chip) => sum + chip.size, 0);
      const taken = added.slice(0, room);
      setNotice(
        added.length > room
          ? `One message takes up to ${MAX_FILES_PER_MESSAGE} files, so ${added.length - room} of these ${added.length === 1 ? 'was' : 'were'} not attached; send them in another message.`
          : undefined,
      );
      const made = taken.map((file): FileChip => {
        const chip: FileChip = {
          id: crypto.randomUUID(),
          name: file.name || 'Pasted file',
          size: file.size,
          kind: kindFromName(file.name),
          state: 'waiting',
          received: 0,
        };
        const refusal =
          file.size > MAX_FILE_BYTES
            ? tooLargeSentence(chip.name, file.size)
            : total + file.size > MAX_MESSAGE_FILE_BYTES
              ? `With “${chip.name}” (${formatSize(file.size)}) the files would come to ${formatSize(total + file.size)}; one message takes up to ${formatSize(MAX_MESSAGE_FILE_BYTES)}. Send it in another message.`
              : undefined;
        if (refusal) return { ...chip, state: 'refused', sentence: refusal };
        total += file.size;
        if (chip.kind === 'image' && typeof URL.createObjectURL === 'function')
          chip.preview = URL.createObjectURL(file);
        files.current.set(chip.id, { file, abort: new AbortController() });
        // One upload at a time: a hundred files never hold a hundred uploads open in main.
        queue.current = queue.current.then(() => upload(chip.id));
        return chip;
      });
      setChips((all) => [...all, ...made]);
    },
    [upload],
  );

  const addKept = useCallback((name: string, facts: FileFacts) => {
    setNotice(undefined);
    setChips((all) => [
      ...all,
      {
        id: crypto.randomUUID(),
        name,
        size: facts.originalBytes,
        kind: facts.kind,
        state: 'ready',
        received: facts.originalBytes,
        facts,
        // Kept already (a screenshot main took): its picture comes from where sent ones do.
        ...(facts.kind === 'image' ? { preview: keptImageUrl(facts.sha256) } : {}),
      },
    ]);
  }, []);

  const remove = useCallback((id: string) => {
    files.current.get(id)?.abort.abort();
    files.current.delete(id);
    setNotice(undefined);
    setChips((all) => {
      for (const chip of all) if (chip.id === id) freePreview(chip);
      return all.filter((chip) => chip.id !== id);
    });
  }, []);

  const sent = useCallback((refs: readonly FileRef[]) => {
    const gone = new Set(refs.map((ref) => ref.sha256));
    setNotice(undefined);
    setChips((all) => {
      // The refused go too: their sentences spoke of the message just sent.
      const leaving = all.filter(
        (chip) => chip.state === 'refused' || (chip.facts && gone.has(chip.facts.sha256)),
      );
      leaving.forEach(freePreview);
      return all.filter((chip) => !leaving.includes(chip));
    });
  }, []);

  // Leaving the page (or the popup closing) cancels what is still on its way.
  useEffect(() => {
    const uploads = files.current;
    return () => {
      for (const entry of uploads.values()) entry.abort.abort();
      latest.current.forEach(freePreview);
    };
  }, []);

  return {
    chips,
    notice,
    uploading: chips.some((chip) => chip.state === 'waiting' || chip.state === 'uploading'),
    refs: chips.flatMap((chip) =>
      chip.state === 'ready' && chip.facts ? [{ sha256: chip.facts.sha256, name: chip.name }] : [],
    ),
    addFiles,
    addKept,
    remove,
    sent,
  };
}

/** The kind a name claims (main decides from the bytes): any other name may be text. */
export function kindFromName(name: string): FileKind | undefined {
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  for (const [kind, facts] of Object.entries(FILE_KINDS) as [
    FileKind,
    { extensions: readonly string[] },
  ][])
    if (facts.extensions.includes(extension)) return kind;
  return undefined;
}

function freePreview(chip: FileChip): void {
  if (chip.preview?.startsWith('blob:')) URL.revokeObjectURL(chip.preview);
}
