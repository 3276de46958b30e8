/**
 * Lengths every payload shares, in a file of their own so the schema files can use them without
 * importing the contract that imports them.
 */

/** Longest free-text string any payload may carry unless a field says otherwise. */
export const MAX_TEXT_LENGTH = 10_000;
/** Most messages one read of a conversation's history returns. */
export const MAX_MESSAGE_PAGE = 5_000;
/** Longest URL accepted: browsers cap around 2 MB, but no legitimate link in a chat needs more. */
export const MAX_URL_LENGTH = 2_048;
