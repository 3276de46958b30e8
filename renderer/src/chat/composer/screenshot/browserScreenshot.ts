/**
 * A screenshot in the browser host: the browser's own screen-capture prompt
 * (`navigator.mediaDevices.getDisplayMedia`), one frame drawn to a canvas, a PNG file. The
 * browser asks the user what to share, and may refuse; nothing is kept of the stream.
 */

/** The user's refusal or the browser's, as one sentence; undefined for a cancelled prompt. */
export function displayMediaProblem(error: unknown): string | undefined {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'AbortError') return undefined;
  if (name === 'NotAllowedError')
    return 'The browser was not allowed to share the screen. Choose a screen or window in its prompt, or allow screen sharing for this page in the browser’s site settings.';
  if (name === 'NotSupportedError' || !navigator.mediaDevices?.getDisplayMedia)
    return 'This browser cannot share the screen with a page. Take a screenshot with your system’s tool and attach the file.';
  return `The screen could not be captured (${error instanceof Error ? error.message : String(error)}).`;
}

/** "Screenshot 2026-11-29 at 10.04.05.png", as main names its screenshots. */
export function screenshotFileName(when: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  const day = `${when.getFullYear()}-${two(when.getMonth() + 1)}-${two(when.getDate())}`;
  const time = `${two(when.getHours())}.${two(when.getMinutes())}.${two(when.getSeconds())}`;
  return `Screenshot ${day} at ${time}.png`;
}

/** The first frame of a stream, drawn whole onto a canvas. */
async function firstFrame(stream: MediaStream): Promise<HTMLCanvasElement> {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  await video.play();
  if (video.videoWidth === 0)
    await new Promise((resolve) => video.addEventListener('resize', resolve, { once: true }));
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  video.srcObject = null;
  return canvas;
}

/** Asks the browser for the screen and returns one frame as a PNG file; undefined if cancelled. */
export async function takeBrowserScreenshot(now = new Date()): Promise<File | undefined> {
  const stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
  try {
    const canvas = await firstFrame(stream);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('the frame could not be made into a PNG');
    return new File([blob], screenshotFileName(now), { type: 'image/png' });
  } finally {
    for (const track of stream.getTracks()) track.stop();
  }
}
