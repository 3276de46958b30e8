import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastRatio, hexRgb } from '../../../support/wcagContrast';

// Rules of the shared stylesheet that a person notices and jsdom cannot paint: error words
// readable in both themes (WCAG AA, 4.5:1), and dialogs whose buttons stay in view.
const css = readFileSync(join(__dirname, '../../../../renderer/src/styles.css'), 'utf8');

/** The declarations of the first rule whose selector is exactly `selector`. */
function rule(selector: string): Record<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(?:^|\\n)${escaped}\\s*\\{([^}]*)\\}`).exec(css);
  if (!match?.[1]) throw new Error(`No rule for ${selector} in styles.css`);
  return Object.fromEntries(
    match[1]
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .split(';')
      .map((part) => part.split(':').map((piece) => piece.trim()))
      .filter((pair): pair is [string, string] => !!pair[0] && pair.length >= 2)
      .map(([name, ...value]) => [name, value.join(':')]),
  );
}

const THEMES = {
  light: rule(':root'),
  dark: { ...rule(':root'), ...rule(":root[data-theme='dark']") },
};

/** Contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  return contrastRatio(hexRgb(a), hexRgb(b));
}

function resolve(value: string, theme: Record<string, string>): string {
  const variable = /^var\((--[\w-]+)\)$/.exec(value.trim())?.[1];
  if (!variable) return value.trim();
  const found = theme[variable];
  if (!found) throw new Error(`${variable} is not set`);
  return resolve(found, theme);
}

describe('the stylesheet', () => {
  // The surfaces a form's error line sits on: page, panel (dialogs), sidebar, an error notice.
  const surfaces = ['--bg', '--panel', '--sidebar', '--error-bg'];

  for (const [name, theme] of Object.entries(THEMES)) {
    it(`gives form errors 4.5:1 contrast or more on every surface (${name} theme)`, () => {
      const color = resolve(rule('.field-error').color ?? '', theme);
      expect(color).toMatch(/^#[0-9a-f]{6}$/i);
      for (const surface of surfaces) {
        const ratio = contrast(color, resolve(`var(${surface})`, theme));
        expect(ratio, `.field-error on ${surface}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
    });
  }

  it('lets only a dialog’s body scroll, so its title and buttons stay in view', () => {
    expect(rule('.dialog[open]')).toMatchObject({ display: 'flex', 'flex-direction': 'column' });
    expect(rule('.dialog')['max-height']).toMatch(/100vh/);
    expect(rule('.dialog-body')).toMatchObject({ overflow: 'auto', 'min-height': '0' });
    expect(rule('.dialog-header').flex).toBe('none');
    expect(rule('.dialog-actions').flex).toBe('none');
  });
});
