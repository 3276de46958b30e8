/**
 * Names that point at secrets. Claude Desktop and Cursor keep tokens in plain text; Hearth keeps
 * a value whose name looks secret in the OS keychain instead, and never exports a secret's value.
 */

// Generous on purpose: a value wrongly kept as a secret only costs the user a hidden field.
const SECRET_NAME =
  /token|secret|passw(or)?d|pwd|api[_-]?key|auth|credential|private|cookie|session|(^|[_-])key($|[_-])/i;

/** Whether a variable or header name suggests its value is a credential. */
export function looksSecret(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** The environment variable an exported header's placeholder names: `X-Api-Key` → `X_API_KEY`. */
export function headerVariableName(header: string): string {
  const name = header
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  if (name === '') return 'HEADER';
  return /^[0-9]/.test(name) ? `_${name}` : name;
}
