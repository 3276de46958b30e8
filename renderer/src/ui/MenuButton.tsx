/**
 * A button that opens a short menu of actions above itself (WAI-ARIA menu button): the first item
 * takes focus, the arrow keys, Home and End move between items, Enter or a click chooses, and
 * Escape or focus leaving closes the menu and hands focus back to the button. Escape stops here,
 * so a dialog holding the menu stays open.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import './menuButton.css';

export interface MenuItem {
  label: string;
  onSelect(): void;
}

export function MenuButton({
  label,
  items,
  disabled,
  className,
}: {
  label: string;
  items: MenuItem[];
  disabled?: boolean;
  /** Added to the wrapper, so a layout can show or hide the whole menu. */
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const to: Record<string, number> = {
      ArrowDown: (at + 1) % entries.length,
      ArrowUp: (at - 1 + entries.length) % entries.length,
      Home: 0,
      End: entries.length - 1,
    };
    if (event.key === 'Escape') {
      // Not the dialog's Escape: only the menu closes.
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key in to) {
      event.preventDefault();
      entries[to[event.key] ?? 0]?.focus();
    }
  };

  return (
    <span
      className={`menu-button${className ? ` ${className}` : ''}`}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          className="menu"
          onKeyDown={move}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="menu-item"
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </span>
  );
}
