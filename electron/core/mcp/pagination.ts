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
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await fetchPage(cursor);
    items.push(...result[key]);
    if (!result.nextCursor || result.nextCursor === cursor) return items;
    cursor = result.nextCursor;
  }
  return items;
}
