/** One chat turn: the only door into this room. */
export { runTurn } from './runTurn';
export { MAX_APP_STRUCTURED_CHARS } from './callAnswers';
export type { TurnEvents, TurnOptions } from './types';
