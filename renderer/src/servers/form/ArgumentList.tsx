/**
 * The command's arguments as a list: one input per argument, so an argument with spaces stays one
 * argument, exactly as it will be passed (no shell splits or quotes them).
 */
import { useState } from 'react';
import { nextRowId, type ArgumentItem } from './formModel';
import { ArrowDown, ArrowUp, X } from 'lucide-react';

export interface ArgumentListProps {
  items: ArgumentItem[];
  onChange(items: ArgumentItem[]): void;
  /** The problem with the argument at `index`, if any. */
  errorAt(index: number): string | undefined;
  /** What one item is called in labels ("argument", "folder"). */
  noun?: string;
}

export function ArgumentList({ items, onChange, errorAt, noun = 'argument' }: ArgumentListProps) {
  const Noun = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;
  // Only an argument the user just added takes the focus.
  const [addedId, setAddedId] = useState<number>();
  const move = (index: number, by: -1 | 1) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    onChange(next);
  };
  return (
    <div className="list-editor">
      {items.length === 0 ? (
        <p className="field-hint">No {noun}s.</p>
      ) : (
        <ol aria-label={`${Noun}s`}>
          {items.map((item, index) => {
            const position = index + 1;
            const error = errorAt(index);
            return (
              <li key={item.id}>
                <div className="list-editor-row">
                  <input
                    className="input mono"
                    aria-label={`${Noun} ${position}`}
                    aria-invalid={error ? true : undefined}
                    value={item.value}
                    autoFocus={item.id === addedId}
                    spellCheck={false}
                    onChange={(event) =>
                      onChange(
                        items.map((other) =>
                          other.id === item.id ? { ...other, value: event.target.value } : other,
                        ),
                      )
                    }
                  />
                  <button
                    type="button"
                    className="button small"
                    aria-label={`Move ${noun} ${position} up`}
                    title="Move up"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp size={14} aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="button small"
                    aria-label={`Move ${noun} ${position} down`}
                    title="Move down"
                    disabled={index === items.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown size={14} aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="button small"
                    aria-label={`Remove ${noun} ${position}`}
                    title="Remove"
                    onClick={() => onChange(items.filter((other) => other.id !== item.id))}
                  >
                    <X size={14} aria-hidden="true" />
                  </button>
                </div>
                {error && <p className="field-error">{error}</p>}
              </li>
            );
          })}
        </ol>
      )}
      <button
        type="button"
        className="button small"
        onClick={() => {
          const id = nextRowId();
          setAddedId(id);
          onChange([...items, { id, value: '' }]);
        }}
      >
        Add {noun}
      </button>
    </div>
  );
}
