/** WCAG 2.1 relative luminance and contrast ratio, for colours read from the stylesheets. */
export type Rgb = readonly [number, number, number];

/** `#rrggbb` as its three channels, 0–255. */
export function hexRgb(value: string): Rgb {
  const digits = /^#([0-9a-f]{6})$/i.exec(value.trim())?.[1];
  if (!digits) throw new Error(`not a #rrggbb colour: ${value}`);
  const channel = (at: number) => parseInt(digits.slice(at, at + 2), 16);
  return [channel(0), channel(2), channel(4)];
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const luminance = (rgb: Rgb) =>
    rgb
      .map((channel) => channel / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((sum, c, index) => sum + c * ([0.2126, 0.7152, 0.0722][index] ?? 0), 0);
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}
