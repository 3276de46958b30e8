/**
 * The lists the composer opens above the field: prompts for `/`, resources and templates for `@`.
 * Focus stays in the field (the composer moves the highlighted entry with the arrow keys and
 * chooses with Enter); the list only shows where the highlight is and takes clicks.
 */
import type { MentionItem, PromptItem } from '../../resources';

interface Option {
  key: string;
  label: string;
  detail?: string;
  server: string;
}

export interface PickerProps<T> {
  id: string;
  items: T[];
  active: number;
  onChoose(item: T): void;
}

/** The id of the option at `index` in the picker `id`, for the field's aria-activedescendant. */
export function optionId(id: string, index: number): string {
  return `${id}-option-${index}`;
}

function OptionList<T>({
  id,
  label,
  empty,
  items,
  active,
  onChoose,
  describe,
}: PickerProps<T> & { label: string; empty: string; describe(item: T): Option }) {
  return (
    <div className="command-picker">
      <ul id={id} role="listbox" aria-label={label} className="command-options">
        {items.map((item, index) => {
          const option = describe(item);
          return (
            <li
              key={option.key}
              id={optionId(id, index)}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'command-option active' : 'command-option'}
              onMouseDown={(event) => {
                event.preventDefault();
                onChoose(item);
              }}
            >
              <span className="command-option-label">{option.label}</span>
              <span className="command-option-server">{option.server}</span>
              {option.detail && (
                <span className="command-option-detail muted">{option.detail}</span>
              )}
            </li>
          );
        })}
      </ul>
      {items.length === 0 && <p className="muted command-empty">{empty}</p>}
    </div>
  );
}

export function SlashCommandPicker(props: PickerProps<PromptItem>) {
  return (
    <OptionList
      {...props}
      label="Prompts"
      empty="No server offers a prompt by that name."
      describe={(prompt) => ({
        key: `${prompt.server}\n${prompt.name}`,
        label: prompt.title ? `/${prompt.name} · ${prompt.title}` : `/${prompt.name}`,
        detail: prompt.description,
        server: prompt.server,
      })}
    />
  );
}

export function MentionPicker(props: PickerProps<MentionItem>) {
  return (
    <OptionList
      {...props}
      label="Resources"
      empty="No resource matches."
      describe={(mention) =>
        mention.kind === 'resource'
          ? {
              key: `${mention.item.server}\n${mention.item.uri}`,
              label: mention.item.title ?? mention.item.name,
              detail: mention.item.uri,
              server: mention.item.server,
            }
          : {
              key: `${mention.item.server}\n${mention.item.uriTemplate}`,
              label: `${mention.item.title ?? mention.item.name} (template)`,
              detail: mention.item.uriTemplate,
              server: mention.item.server,
            }
      }
    />
  );
}
