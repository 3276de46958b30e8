/**
 * Picks the model: a button that opens a list of the installed chat models (embedding-only ones
 * are left out), each with badges for what it can do (tools, thinking, vision) and its size:
 * parameters, quantisation, disk size, context length. A chosen model that is not installed is
 * said so. Arrow keys move, Enter or a click chooses, Escape closes, as a native select does.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Badge } from '../../ui/Badge';
import type { ModelCapabilities, ModelSummary } from '../chatTypes';
import { isEmbeddingOnly, modelFacts, sameModel } from './modelFacts';
import { ChevronDown } from 'lucide-react';

export interface ModelPickerProps {
  models: ModelSummary[];
  capabilities: Readonly<Record<string, ModelCapabilities>>;
  value: string;
  onChange(model: string): void;
  /** Leave cloud models out (Settings › Ollama); the chosen one still shows as chosen. */
  hideCloud?: boolean;
}

/** Said wherever a cloud model can be chosen. */
export const CLOUD_NOTE = 'runs on ollama.com: your messages and tool results leave this computer';

export function ModelPicker(props: ModelPickerProps) {
  const { models, capabilities, value, onChange, hideCloud = false } = props;
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const chatModels = models.filter(
    (model) => !isEmbeddingOnly(capabilities[model.name]) && !(hideCloud && model.remote),
  );
  const chosenModel = models.find((model) => sameModel(model.name, value));
  const missing = value !== '' && !models.some((model) => sameModel(model.name, value));
  const chosen = models.find((model) => sameModel(model.name, value))?.name ?? value;

  useEffect(() => {
    if (!open) return undefined;
    const options = optionsOf(list.current);
    (
      options.find((option) => option.getAttribute('aria-selected') === 'true') ?? options[0]
    )?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const choose = (name: string) => {
    setOpen(false);
    button.current?.focus();
    if (!sameModel(name, value)) onChange(name);
  };

  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const options = optionsOf(list.current);
    const at = options.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      options[(to + options.length) % options.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(options.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      setOpen(false);
      button.current?.focus();
    }
  };

  return (
    <div className="model-picker" ref={root}>
      <button
        ref={button}
        type="button"
        className="button model-picker-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={`Model: ${value || 'none chosen'}${missing ? ' (not installed)' : ''}`}
        onClick={() => setOpen(!open)}
      >
        <span>{value || 'Choose a model'}</span>
        {missing && <span className="model-missing">not installed</span>}
        <ChevronDown size={14} aria-hidden="true" />
      </button>
      {/* Beside the button, not in it: its name must hold all the text it shows. */}
      <CapabilityBadges capabilities={capabilities[chosen]} remote={chosenModel?.remote} />
      {open && (
        <ul
          ref={list}
          id={listId}
          role="listbox"
          aria-label="Models"
          className="model-picker-list"
          onKeyDown={onListKey}
        >
          {chatModels.map((model) => (
            <li
              key={model.name}
              role="option"
              aria-selected={sameModel(model.name, value)}
              tabIndex={-1}
              className="model-picker-option"
              onClick={() => choose(model.name)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  choose(model.name);
                }
              }}
            >
              <span className="model-option-head">
                <span className="model-name">{model.name}</span>
                <CapabilityBadges capabilities={capabilities[model.name]} remote={model.remote} />
              </span>
              <span className="muted model-facts">
                {model.remote
                  ? `Cloud model: ${CLOUD_NOTE}`
                  : modelFacts(model, capabilities[model.name]).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function CapabilityBadges({
  capabilities,
  remote,
}: {
  capabilities: ModelCapabilities | undefined;
  remote?: boolean | undefined;
}) {
  if (!capabilities && !remote) return null;
  return (
    <span className="capability-badges">
      {remote && (
        <Badge tone="busy" title={`Cloud model: ${CLOUD_NOTE}`}>
          cloud
        </Badge>
      )}
      {capabilities?.tools && (
        <Badge tone="info" title="Can call tools">
          tools
        </Badge>
      )}
      {capabilities?.thinking && (
        <Badge tone="neutral" title="Thinks before answering">
          thinking
        </Badge>
      )}
      {capabilities?.vision && (
        <Badge tone="neutral" title="Understands images">
          vision
        </Badge>
      )}
    </span>
  );
}

function optionsOf(list: HTMLUListElement | null): HTMLElement[] {
  return list ? [...list.querySelectorAll<HTMLElement>('[role="option"]')] : [];
}
