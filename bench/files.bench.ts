/**
 * Attaching files, measured on the built browser host's process (its resident set, from /proc;
 * Linux only):
 * - `files.attach_20mb_peak_ratio`: the host's peak resident memory over the figure before, while
 *   a 20 MB photo is uploaded through the contract (chunks, as the page sends them), checked and
 *   scaled down, divided by the file's size (target < 1.5);
 * - `files.attach_20mb_with_helpers_peak_ratio`: the same for the host and the processes it
 *   started together (the image helper that scales the photo, imageScaler.ts), over before;
 * - `files.attach_20mb_ms`: how long that takes, from the first chunk to the kept file's facts.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { connectToServe } from '../tests/support/rendererBridge';
import { startBuiltHost } from '../tests/support/serveProcess';
import { tempDir } from '../tests/support/testHost';
import { uploadBytes } from '../tests/support/fileUploads';
import { noiseImage } from '../tests/support/imageFixtures';
import { round, type Figure } from './figures';
import { buildApp } from './support/browserPage';

const TARGET_BYTES = 20 * 1024 * 1024;

function residentBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
  } catch {
    return 0; // a helper that has just exited
  }
}

/** The process and the ones it started (its main thread's children), resident together. */
function treeResidentBytes(pid: number): number {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    // Gone, or a kernel without the children file: the process alone.
  }
  return residentBytes(pid) + children.reduce((sum, child) => sum + residentBytes(child), 0);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A photo-like JPEG of about 20 MB: noise at high quality, sized until it is. */
async function twentyMegabytePhoto(): Promise<Buffer> {
  let side = 4_000;
  for (;;) {
    const photo = await noiseImage(side, Math.round(side * 0.75));
    if (photo.length >= TARGET_BYTES) return photo;
    side = Math.ceil(side * Math.sqrt(TARGET_BYTES / photo.length) * 1.02);
  }
}

export async function run(): Promise<Figure[]> {
  if (process.platform !== 'linux') return [];
  buildApp();
  const photo = await twentyMegabytePhoto();
  const { width, height } = await sharp(photo).metadata();
  const host = await startBuiltHost(tempDir('files-bench'));
  const pid = host.child.pid ?? 0;
  const { api, transport } = connectToServe(host);
  try {
    // Warm up what the first attachment loads once (sharp, libvips), then settle.
    const warm = await uploadBytes(api, 'warm.jpg', await noiseImage(3_000, 2_000));
    if (!warm.ok) throw new Error(warm.sentence);
    await pause(3_000);
    const before = residentBytes(pid);
    const treeBefore = treeResidentBytes(pid);
    let peak = before;
    let treePeak = treeBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(pid));
      treePeak = Math.max(treePeak, treeResidentBytes(pid));
    }, 5);
    const started = performance.now();
    const result = await uploadBytes(api, 'photo.jpg', photo);
    const elapsed = performance.now() - started;
    clearInterval(sampler);
    if (!result.ok) throw new Error(result.sentence);
    const size = `${(photo.length / 1024 / 1024).toFixed(1)} MB JPEG, ${width}×${height}`;
    return [
      {
        name: 'files.attach_20mb_peak_ratio',
        value: round((peak - before) / photo.length, 2),
        unit: `× the file: host peak over before, attaching a ${size} (target < 1.5)`,
      },
      {
        name: 'files.attach_20mb_with_helpers_peak_ratio',
        value: round((treePeak - treeBefore) / photo.length, 2),
        unit: `× the file: host and its helpers' peak over before, attaching a ${size}`,
      },
      { name: 'files.attach_20mb_ms', value: round(elapsed, 0), unit: `ms to attach a ${size}` },
    ];
  } finally {
    transport.close();
    await host.stop();
  }
}
