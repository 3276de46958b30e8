import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Code comments and docs that cite a design document point at a file and section that exist, so
// the next engineer who follows a citation finds what it promised.
const ROOT = join(import.meta.dirname, '..', '..', '..');
const CODE_FOLDERS = ['electron', 'renderer', 'preload', 'scripts', 'tests', 'bench', 'build'];
const CODE_FILE = /\.(ts|tsx|mjs|cjs|js)$/;

function filesUnder(folder: string, pattern: RegExp): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (pattern.test(name)) found.push(path);
    }
  };
  if (existsSync(folder)) walk(folder);
  return found;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function headings(docPath: string): string[] {
  return readFileSync(docPath, 'utf8')
    .split('\n')
    .filter((line) => /^#{1,4} /.test(line))
    .map((line) => line.replace(/^#+ /, '').trim());
}

const codeFiles = CODE_FOLDERS.flatMap((folder) => filesUnder(join(ROOT, folder), CODE_FILE));
const docFiles = [join(ROOT, 'README.md'), ...filesUnder(join(ROOT, 'docs'), /\.md$/)];

describe('citations of design documents in code', () => {
  const citations = codeFiles.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(/\b(docs\/[\w-]+\.md)(?:, "([^"]+)"|#([\w-]+))?/g)].map((match) => ({
      where: relative(ROOT, file),
      doc: match[1] ?? '',
      section: match[2],
      anchor: match[3],
    }));
  });

  it('name a document that exists, and a section it has', () => {
    expect(citations.length).toBeGreaterThan(0);
    for (const { where, doc, section, anchor } of citations) {
      const path = join(ROOT, doc);
      expect(existsSync(path), `${where} cites ${doc}`).toBe(true);
      const titles = headings(path);
      if (section) expect(titles, `${where} cites ${doc}, "${section}"`).toContain(section);
      if (anchor) expect(titles.map(slug), `${where} cites ${doc}#${anchor}`).toContain(anchor);
    }
  });

  it("never cite the first build's DESIGN.md, which is not in the project", () => {
    const stale = codeFiles
      .filter((file) => !file.endsWith('docReferences.test.ts'))
      .filter((file) => /\bDESIGN\.md\b/.test(readFileSync(file, 'utf8')));
    expect(stale.map((file) => relative(ROOT, file))).toEqual([]);
  });
});

describe('links between the docs', () => {
  it('point at files and headings that exist', () => {
    for (const file of docFiles) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\]\(((?:\.\.?\/)?(?:docs\/)?[\w-]+\.md)?(#[\w-]+)?\)/g)) {
        const [, target, anchor] = match;
        if (!target && !anchor) continue;
        const base = file.endsWith('README.md') ? ROOT : join(ROOT, 'docs');
        const path = target ? join(base, target) : file;
        expect(existsSync(path), `${relative(ROOT, file)} links to ${target}`).toBe(true);
        if (anchor)
          expect(
            headings(path).map(slug),
            `${relative(ROOT, file)} links to ${match[0]}`,
          ).toContain(anchor.slice(1));
      }
    }
  });
});
