import { describe, expect, it } from 'vitest';
import { listAll, MAX_PAGES } from '../../../electron/core/mcp/offerings/pagination';

type Page = { tools: string[]; nextCursor?: string };

/** A server that serves the given pages, indexed by cursor, and records what it was asked. */
function server(pages: Record<string, Page>) {
  const asked: (string | undefined)[] = [];
  const fetchPage = (cursor: string | undefined) => {
    asked.push(cursor);
    const page = pages[cursor ?? 'start'];
    if (!page) return Promise.reject(new Error(`no page for ${cursor}`));
    return Promise.resolve(page);
  };
  return { asked, fetchPage };
}

describe('listAll', () => {
  it('returns the only page when there is no cursor', async () => {
    const { asked, fetchPage } = server({ start: { tools: ['a', 'b'] } });
    expect(await listAll(fetchPage, 'tools')).toEqual(['a', 'b']);
    expect(asked).toEqual([undefined]);
  });

  it('follows cursors through every page in order', async () => {
    const { asked, fetchPage } = server({
      start: { tools: ['a'], nextCursor: 'p2' },
      p2: { tools: ['b', 'c'], nextCursor: 'p3' },
      p3: { tools: [], nextCursor: 'p4' },
      p4: { tools: ['d'] },
    });
    expect(await listAll(fetchPage, 'tools')).toEqual(['a', 'b', 'c', 'd']);
    expect(asked).toEqual([undefined, 'p2', 'p3', 'p4']);
  });

  it('treats an empty cursor as the end', async () => {
    const { asked, fetchPage } = server({ start: { tools: ['a'], nextCursor: '' } });
    expect(await listAll(fetchPage, 'tools')).toEqual(['a']);
    expect(asked).toHaveLength(1);
  });

  it('stops when a page returns the cursor it was asked with', async () => {
    const { asked, fetchPage } = server({
      start: { tools: ['a'], nextCursor: 'same' },
      same: { tools: ['b'], nextCursor: 'same' },
    });
    expect(await listAll(fetchPage, 'tools')).toEqual(['a', 'b']);
    expect(asked).toEqual([undefined, 'same']);
  });

  // Source bug: only a cursor equal to the one just used is caught, so two pages that point at
  // each other are fetched MAX_PAGES times and their items come back 50 times over.
  it('stops when a cursor comes back after another page', async () => {
    const { asked, fetchPage } = server({
      start: { tools: ['a'], nextCursor: 'x' },
      x: { tools: ['b'], nextCursor: 'y' },
      y: { tools: ['c'], nextCursor: 'x' },
    });
    expect(await listAll(fetchPage, 'tools')).toEqual(['a', 'b', 'c']);
    expect(asked).toEqual([undefined, 'x', 'y']);
  });

  it('stops after MAX_PAGES pages from a server that always has another cursor', async () => {
    let count = 0;
    const fetchPage = () => {
      count++;
      return Promise.resolve({ tools: [count], nextCursor: `page-${count}` });
    };
    const items = await listAll(fetchPage, 'tools');
    expect(count).toBe(MAX_PAGES);
    expect(items).toHaveLength(MAX_PAGES);
    expect(items.at(-1)).toBe(MAX_PAGES);
  });

  // Source bug: `items.push(...result[key])` spreads a page into call arguments, so one legal page
  // of about 130,000 items or more throws "Maximum call stack size exceeded".
  it('collects a single page of 200,000 items', async () => {
    const tools = Array.from({ length: 200_000 }, (_, index) => `tool-${index}`);
    const items = await listAll(() => Promise.resolve({ tools }), 'tools');
    expect(items).toHaveLength(200_000);
  });

  it('passes on the error of a page that fails', async () => {
    const { fetchPage } = server({ start: { tools: ['a'], nextCursor: 'gone' } });
    await expect(listAll(fetchPage, 'tools')).rejects.toThrow('no page for gone');
  });
});
