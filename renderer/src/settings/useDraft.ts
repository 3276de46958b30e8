/**
 * The typed text of a settings field: checked on every keystroke, saved through main after a
 * short pause, on leaving the field and when the field goes away.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SettingsPatch } from '../../../preload/contract';
import type { SettingsState } from '../lib/hooks';

/** Long enough to finish typing a number or a word, short enough to feel saved at once. */
export const SAVE_DELAY_MS = 400;

/** Saves a patch through main; the settings hook's own `update`, so every field saves alike. */
export type Update = SettingsState['update'];
/** A field's verdict on its text: the patch to save, or the error to show instead of saving. */
export type Check = { error: string } | { patch: SettingsPatch };

/** What a field needs from its draft to show, change and save its text. */
export interface Draft {
  text: string;
  error: string | undefined;
  change(text: string): void;
  /** Sets the text and saves it now. */
  replace(text: string): void;
  /** Saves a change still waiting for its pause; resolves true when one was saved. */
  flush(): Promise<boolean>;
}

/**
 * The text of a field being edited: saved after a pause, on flush and when the field goes away;
 * it follows the saved value (a reset, another window) while nothing is being typed.
 */
export function useDraft(saved: string, check: (text: string) => Check, save: Update): Draft {
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string>();
  const [editing, setEditing] = useState(false);
  const [followed, setFollowed] = useState(saved);
  if (saved !== followed) {
    setFollowed(saved);
    if (!editing) {
      setText(saved);
      setError(undefined);
    }
  }
  const pending = useRef<{
    timer?: ReturnType<typeof setTimeout>;
    patch?: SettingsPatch;
    saving?: Promise<unknown>;
  }>({});
  const latestSave = useRef(save);
  useEffect(() => {
    latestSave.current = save;
  });

  const flush = useCallback(async () => {
    const box = pending.current;
    if (box.timer === undefined) {
      // A save already under way (started by leaving the field) counts as this one.
      if (!box.saving) return false;
      await box.saving;
      return true;
    }
    clearTimeout(box.timer);
    const { patch } = box;
    box.timer = box.patch = undefined;
    setEditing(false);
    if (!patch) return false;
    const saving = latestSave.current(patch);
    box.saving = saving;
    await saving.finally(() => {
      if (box.saving === saving) box.saving = undefined;
    });
    return true;
  }, []);

  useEffect(() => {
    const box = pending.current;
    return () => {
      // Leaving the view right after typing still saves what was typed.
      clearTimeout(box.timer);
      if (box.timer !== undefined && box.patch) void latestSave.current(box.patch);
    };
  }, []);

  const change = (next: string) => {
    const result = check(next);
    setText(next);
    setError('error' in result ? result.error : undefined);
    setEditing(true);
    const box = pending.current;
    clearTimeout(box.timer);
    box.patch = 'patch' in result ? result.patch : undefined;
    box.timer = setTimeout(() => void flush(), SAVE_DELAY_MS);
  };
  const replace = (next: string) => {
    change(next);
    void flush();
  };
  return { text, error, change, replace, flush };
}
