/**
 * Follows `nextCursor` through every page of a list (tools, resources, prompts), with a page
 * limit so a server that always returns a cursor cannot keep Hearth busy forever.
 */

/** 100 pages is far beyond any real server's list. */
export const MAX_PAGES = 100;

export async function listAll<K extends string, T>(
  fetchPage: (cursor: string | undefined) => Promise<{ nextCursor?: string } & Record<K, T[]>>,
  key: K,
): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await fetchPage(cursor);
    // One item at a time: spreading a huge page into push() overflows the call stack.
    for (const item of result[key]) items.push(item);
    // A cursor seen before means the server is going round in circles.
    if (!result.nextCursor || seen.has(result.nextCursor)) return items;
    seen.add(result.nextCursor);
    cursor = result.nextCursor;
  }
  return items;
}
