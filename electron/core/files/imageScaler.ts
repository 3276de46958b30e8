/**
 * Scaling an attached image down happens in a short-lived helper process (Hearth's own Node:
 * Electron's binary as `ELECTRON_RUN_AS_NODE`, or Node in the browser host), not in Hearth.
 * Decoding a 20 MB photo makes libvips and the C allocator grow by about twice the file, and a
 * process keeps what its allocator grew to: the helper gives it all back when it exits
 * (bench: files.attach_20mb_peak_ratio). A decoder that crashes on a damaged or hostile file takes
 * the helper down, not Hearth. One helper serves images one after another and leaves once it has
 * had nothing to do for IDLE_MS; where it cannot start, the image is scaled in Hearth as before.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { minimalEnvironment } from '../security/minimalEnvironment';

/** How long the helper waits for another image before it leaves (a batch shares one). */
export const IDLE_MS = 5_000;
/** Longer than any image within the pixel limit takes; then the helper is stopped. */
const JOB_LIMIT_MS = 120_000;

/**
 * One image's steps, as data both ways of running them read (the helper's program and
 * imageScaling.ts's scaleHere): sharp(path, input), turned if asked, resized, encoded, written.
 */
export interface ScaleJob {
  path: string;
  outPath: string;
  input: { limitInputPixels: number; animated: false; sequentialRead: true };
  /** Turn the image as its camera says (needs the whole image in memory). */
  rotate: boolean;
  resize: { width: number; height: number; fit: 'inside'; withoutEnlargement: true };
  format: 'jpeg' | 'webp' | 'png';
  encode: { quality?: number };
}

export type ScaleOutcome =
  | { ok: true; width: number; height: number }
  | { ok: false; reason: 'unreadable' }
  /** The helper died on it (crashed, or stopped after JOB_LIMIT_MS): the image is refused. */
  | { ok: false; reason: 'crashed' }
  /** The helper could not start or load sharp: the image may be scaled elsewhere. */
  | { ok: false; reason: 'unavailable' };

/**
 * The helper's program (CommonJS, run with `-e`; sharp's entry is its first argument): "ready"
 * once sharp has loaded, then one job per line of JSON in, one outcome per line out, in order.
 * The same steps as imageScaling.ts's scaleHere.
 */
const HELPER_PROGRAM = `
const sharp = require(process.argv[1]);
sharp.cache(false);
sharp.concurrency(1);
process.stdout.write('"ready"\\n');
const lines = require('node:readline').createInterface({ input: process.stdin });
let queue = Promise.resolve();
lines.on('line', (line) => {
  queue = queue.then(async () => {
    const job = JSON.parse(line);
    let outcome;
    try {
      const image = sharp(job.path, job.input);
      const info = await (job.rotate ? image.rotate() : image)
        .resize(job.resize)[job.format](job.encode)
        .toFile(job.outPath);
      outcome = { id: job.id, ok: true, width: info.width, height: info.height };
    } catch {
      outcome = { id: job.id, ok: false, reason: 'unreadable' };
    }
    process.stdout.write(JSON.stringify(outcome) + '\\n');
  });
});
`;

interface Waiting {
  resolve(outcome: ScaleOutcome): void;
  timer: NodeJS.Timeout;
}

interface Helper {
  child: ChildProcess;
  waiting: Map<number, Waiting>;
  /** Whether sharp loaded in it: a helper that dies before is unavailable, after it crashed. */
  ready: boolean;
  idle?: NodeJS.Timeout;
}

let helper: Helper | undefined;
let nextId = 0;

/** Scales one image in the helper process. Never rejects. */
export function scaleInHelper(job: ScaleJob): Promise<ScaleOutcome> {
  const running = helper ?? startHelper();
  if (!running) return Promise.resolve({ ok: false, reason: 'unavailable' });
  if (running.idle) clearTimeout(running.idle);
  running.idle = undefined;
  const id = nextId++;
  return new Promise((resolve) => {
    const timer = setTimeout(() => stopHelper(running), JOB_LIMIT_MS);
    running.waiting.set(id, { resolve, timer });
    running.child.stdin?.write(`${JSON.stringify({ ...job, id })}\n`);
  });
}

/**
 * Starts the helper ahead of an image that is still arriving, so its start (a process, sharp
 * loaded) overlaps the upload instead of following it; unused, it leaves after IDLE_MS.
 */
export function warmHelper(): void {
  const running = helper ?? startHelper();
  if (running && running.waiting.size === 0 && !running.idle) leaveWhenIdle(running);
}

/** The helper's process id while it runs (tests). */
export function helperPid(): number | undefined {
  return helper?.child.pid;
}

function startHelper(): Helper | undefined {
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, ['-e', HELPER_PROGRAM, sharpEntry()], {
      // In the desktop app execPath is Electron, which this makes a plain Node.js runtime. Of
      // Hearth's environment only what any process needs goes along (Windows loads libvips' DLLs
      // with SYSTEMROOT and PATH): the helper only reads and writes two files.
      env: { ...minimalEnvironment(process.env), ELECTRON_RUN_AS_NODE: '1' },
      stdio: ['pipe', 'pipe', 'ignore'],
      windowsHide: true,
    });
  } catch {
    return undefined;
  }
  const started: Helper = { child, waiting: new Map(), ready: false };
  helper = started;
  child.stdin?.on('error', () => undefined);
  if (child.stdout)
    createInterface({ input: child.stdout }).on('line', (line) => answer(started, line));
  const gone = () => {
    if (helper === started) helper = undefined;
    const reason = started.ready ? 'crashed' : 'unavailable';
    for (const waiting of started.waiting.values()) {
      clearTimeout(waiting.timer);
      waiting.resolve({ ok: false, reason });
    }
    started.waiting.clear();
  };
  child.on('error', gone);
  child.on('exit', gone);
  // An idle helper never keeps Hearth running, nor its tests (a job's timer does, while it runs).
  child.unref();
  for (const pipe of [child.stdin, child.stdout])
    (pipe as unknown as { unref?: () => void } | null)?.unref?.();
  return started;
}

function answer(running: Helper, line: string): void {
  let outcome: { id: number } & ScaleOutcome;
  try {
    const parsed = JSON.parse(line) as 'ready' | ({ id: number } & ScaleOutcome);
    if (parsed === 'ready') {
      running.ready = true;
      return;
    }
    outcome = parsed;
  } catch {
    return;
  }
  const waiting = running.waiting.get(outcome.id);
  if (!waiting) return;
  running.waiting.delete(outcome.id);
  clearTimeout(waiting.timer);
  waiting.resolve(withoutId(outcome));
  if (running.waiting.size === 0) leaveWhenIdle(running);
}

function leaveWhenIdle(running: Helper): void {
  running.idle = setTimeout(() => {
    // The next image starts a new helper: this one reads no more.
    if (helper === running) helper = undefined;
    running.child.stdin?.end();
  }, IDLE_MS);
  running.idle.unref();
}

function withoutId({ id, ...outcome }: { id: number } & ScaleOutcome): ScaleOutcome {
  void id;
  return outcome;
}

function stopHelper(running: Helper): void {
  running.child.kill('SIGKILL');
}

/** sharp's entry as Hearth resolves it (inside app.asar in a packaged app, which Electron reads). */
function sharpEntry(): string {
  return createRequire(import.meta.url).resolve('sharp');
}
