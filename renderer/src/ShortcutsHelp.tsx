/** The list of keyboard shortcuts, in a dialog (Mod+/ or the menu's Keyboard shortcuts). */
import { Dialog } from './ui/Dialog';
import { isMac, keysFor, SHORTCUTS } from './shortcuts';

export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose(): void }) {
  const mac = isMac();
  return (
    <Dialog
      title="Keyboard shortcuts"
      open={open}
      onCancel={onClose}
      actions={
        <button type="button" className="button primary" onClick={onClose}>
          Close
        </button>
      }
    >
      <table className="shortcuts-table">
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.id}>
              <th scope="row">{shortcut.label}</th>
              <td>
                <kbd>{keysFor(shortcut, mac)}</kbd>
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">Send the message / a new line</th>
            <td>
              <kbd>Enter</kbd> / <kbd>Shift+Enter</kbd>
            </td>
          </tr>
        </tbody>
      </table>
    </Dialog>
  );
}
