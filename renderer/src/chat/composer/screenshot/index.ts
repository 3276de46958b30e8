/** Screenshots into the chat: the composer's button, the desktop's picker, the browser's prompt. */
export { ScreenshotButton } from './ScreenshotButton';
