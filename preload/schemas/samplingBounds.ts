/**
 * The sampling options' ranges, in a file without zod: the contract's schema (chat.ts) is made
 * from them, and the page's fields read them without pulling zod into its first script.
 */
export const TEMPERATURE_RANGE = { min: 0, max: 2 } as const;
