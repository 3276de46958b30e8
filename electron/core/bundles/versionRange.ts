/**
 * Whether a version meets a range as a bundle's `compatibility.runtimes.node` writes one, read
 * the way npm's semver reads ranges (node-semver README, "Ranges" and "Advanced Range Syntax"):
 * comparators joined by spaces must all hold, sets joined by `||` are alternatives, `^` and `~`
 * allow the changes they name, `1.2 - 2.3` is inclusive, and a partial version (`18`, `20.1`,
 * `18.x`) stands for every version it names. Prerelease tags are ignored. A range Hearth cannot
 * read is taken as met: it only decides which Node to prefer and whether to warn.
 */

type Triple = [number, number, number];
type Comparator = { op: '<' | '<=' | '>' | '>=' | '='; version: Triple };

export function satisfiesRange(range: string, version: string): boolean {
  const target = exact(version);
  if (!target) return true;
  const sets = range.split('||').map((set) => comparatorsOf(set.trim()));
  if (sets.some((set) => set === undefined)) return true;
  return sets.some((set) => (set ?? []).every((comparator) => holds(comparator, target)));
}

function exact(version: string): Triple | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/** A partial version: its numbers, `undefined` where it says x, * or nothing. */
function partial(text: string): (number | undefined)[] | undefined {
  const match = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:[-+][0-9A-Za-z.-]*)?$/.exec(
    text,
  );
  if (!match) return undefined;
  const parts = [match[1], match[2], match[3]].map((part) =>
    part === undefined || /^[xX*]$/.test(part) ? undefined : Number(part),
  );
  // Nothing after a wildcard counts: 1.x.3 is 1.x.
  const cut = parts.findIndex((part) => part === undefined);
  return cut === -1 ? parts : [...parts.slice(0, cut), undefined, undefined].slice(0, 3);
}

function comparatorsOf(set: string): Comparator[] | undefined {
  if (set === '' || set === '*' || /^[xX]$/.test(set)) return [];
  const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(set);
  if (hyphen) {
    const low = expand('>=', hyphen[1] ?? '');
    const high = expand('<=', hyphen[2] ?? '');
    return low && high ? [...low, ...high] : undefined;
  }
  const result: Comparator[] = [];
  for (const token of set.replace(/([<>=^~]+)\s+/g, '$1').split(/\s+/)) {
    const match = /^(<=|>=|<|>|=|\^|~>?|)(.*)$/.exec(token);
    const comparators = match ? expand(match[1] ?? '', match[2] ?? '') : undefined;
    if (!comparators) return undefined;
    result.push(...comparators);
  }
  return result;
}

function expand(op: string, text: string): Comparator[] | undefined {
  const parts = partial(text);
  if (!parts) return undefined;
  const [major, minor, patch] = parts;
  if (major === undefined) return op === '<' || op === '>' ? [{ op: '<', version: [0, 0, 0] }] : [];
  const low: Triple = [major, minor ?? 0, patch ?? 0];
  // The first version past what the partial names: 18 → 19.0.0, 18.2 → 18.3.0.
  const pastPartial: Triple =
    minor === undefined ? [major + 1, 0, 0] : patch === undefined ? [major, minor + 1, 0] : low;
  switch (op) {
    case '^': {
      const next: Triple =
        major > 0 || minor === undefined
          ? [major + 1, 0, 0]
          : minor > 0 || patch === undefined
            ? [0, minor + 1, 0]
            : [0, 0, (patch ?? 0) + 1];
      return [
        { op: '>=', version: low },
        { op: '<', version: next },
      ];
    }
    case '~':
    case '~>': {
      const next: Triple = minor === undefined ? [major + 1, 0, 0] : [major, minor + 1, 0];
      return [
        { op: '>=', version: low },
        { op: '<', version: next },
      ];
    }
    case '':
    case '=':
      return patch !== undefined
        ? [{ op: '=', version: low }]
        : [
            { op: '>=', version: low },
            { op: '<', version: pastPartial },
          ];
    case '>':
      return [patch !== undefined ? { op: '>', version: low } : { op: '>=', version: pastPartial }];
    case '<=':
      return [patch !== undefined ? { op: '<=', version: low } : { op: '<', version: pastPartial }];
    case '>=':
    case '<':
      return [{ op, version: low }];
    default:
      return undefined;
  }
}

function holds({ op, version }: Comparator, target: Triple): boolean {
  const order = compare(target, version);
  switch (op) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    case '=':
      return order === 0;
  }
}

function compare(a: Triple, b: Triple): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}
