import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import postcss, { type Root } from 'postcss';
import { describe, expect, it } from 'vitest';
import { contrastRatio, hexRgb, type Rgb } from '../../../support/wcagContrast';

// Every colour a highlight.js class is given in the interface's stylesheets, in both themes,
// read from the CSS itself (not only the classes a rendered sample happens to use), against the
// code block's own background: WCAG AA for text, 4.5:1.
const RENDERER = join(__dirname, '../../../../renderer/src');
const DARK = ":root[data-theme='dark']";

function cssFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? cssFiles(join(folder, entry.name))
      : entry.name.endsWith('.css')
        ? [join(folder, entry.name)]
        : [],
  );
}

const sheets: Root[] = cssFiles(RENDERER).map((file) =>
  postcss.parse(readFileSync(file, 'utf8'), { from: file }),
);

/** Every declaration of `property` for each selector (comma lists split), in source order. */
function declarations(property: string): { selector: string; value: string }[] {
  const found: { selector: string; value: string }[] = [];
  for (const sheet of sheets) {
    sheet.walkRules((rule) => {
      rule.walkDecls(property, (declaration) => {
        for (const selector of rule.selectors) found.push({ selector, value: declaration.value });
      });
    });
  }
  return found;
}

/** The custom properties of `:root`, and for dark those of the dark theme over them. */
function themeVariables(theme: 'light' | 'dark'): Map<string, string> {
  const variables = new Map<string, string>();
  for (const scope of theme === 'light' ? [':root'] : [':root', DARK]) {
    for (const sheet of sheets) {
      sheet.walkRules((rule) => {
        if (!rule.selectors.includes(scope)) return;
        rule.walkDecls(/^--/, (declaration) => {
          variables.set(declaration.prop, declaration.value);
        });
      });
    }
  }
  return variables;
}

/** A colour as the stylesheet writes it: #rrggbb, var(--x), or color-mix(in srgb, a N%, b). */
function colour(value: string, variables: Map<string, string>): Rgb {
  const text = value.trim();
  const variable = /^var\((--[\w-]+)\)$/.exec(text)?.[1];
  if (variable) {
    const found = variables.get(variable);
    if (!found) throw new Error(`${variable} is not set`);
    return colour(found, variables);
  }
  const mix = /^color-mix\(in srgb,\s*(.+?)\s+(\d+(?:\.\d+)?)%,\s*(.+)\)$/.exec(text);
  if (mix?.[1] && mix[2] && mix[3]) {
    const share = Number(mix[2]) / 100;
    const [a, b] = [colour(mix[1], variables), colour(mix[3], variables)];
    const mixed = (index: 0 | 1 | 2) => a[index] * share + b[index] * (1 - share);
    return [mixed(0), mixed(1), mixed(2)];
  }
  return hexRgb(text);
}

/** The colour each highlight class has in a theme: the base rules, then the dark theme's over them. */
function highlightColours(theme: 'light' | 'dark'): Map<string, string> {
  const colours = new Map<string, string>();
  for (const darkRules of theme === 'light' ? [false] : [false, true]) {
    for (const { selector, value } of declarations('color')) {
      const className = /\.hljs(-[\w-]+)?$/.exec(selector)?.[0];
      if (className && selector.startsWith(DARK) === darkRules) colours.set(className, value);
    }
  }
  return colours;
}

/** The background of a code block, as `.code-block pre` sets it. */
function codeBackground(variables: Map<string, string>): Rgb {
  const rule = declarations('background').find(({ selector }) => selector === '.code-block pre');
  if (!rule) throw new Error('no background for .code-block pre');
  return colour(rule.value, variables);
}

describe('highlighted code', () => {
  it('finds the highlight colours in the stylesheets', () => {
    expect(highlightColours('light').size).toBeGreaterThanOrEqual(8);
    expect(highlightColours('dark').size).toBeGreaterThanOrEqual(8);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`gives every highlight colour 4.5:1 or more on the code block (${theme} theme)`, () => {
      const variables = themeVariables(theme);
      const background = codeBackground(variables);
      const below = [...highlightColours(theme)]
        .map(([className, value]) => ({
          className,
          value,
          ratio: contrastRatio(colour(value, variables), background),
        }))
        .filter(({ ratio }) => ratio < 4.5)
        .map(({ className, value, ratio }) => `${className} ${value} ${ratio.toFixed(2)}:1`);
      expect(below).toEqual([]);
    });
  }
});
