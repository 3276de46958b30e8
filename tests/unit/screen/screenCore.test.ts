import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  createScreenService,
  cropPng,
  MIN_REGION_PIXELS,
  refusalBeforeAsking,
  refusalWhenAsking,
  regionProblem,
  screenshotName,
  keepInFileStore,
  type ScreenCaptureBackend,
} from '../../../electron/core/screen';
import { createFileStore } from '../../../electron/core/files';
import { tempDir } from '../../support/testHost';

/** A PNG whose pixel (x, y) is (x, y, 99): a crop's corner says where it was cut. */
async function gradient(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set([x % 256, y % 256, 99], (y * width + x) * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function pixelAt(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

describe('a region of a capture', () => {
  it('is cut out exactly, in the capture’s own pixels', async () => {
    const png = await gradient(200, 120);
    const cut = await cropPng(png, { x: 30, y: 40, width: 50, height: 20 });
    const { width, height, format } = await sharp(cut).metadata();
    expect({ width, height, format }).toEqual({ width: 50, height: 20, format: 'png' });
    expect(await pixelAt(cut, 0, 0)).toEqual([30, 40, 99]);
    expect(await pixelAt(cut, 49, 19)).toEqual([79, 59, 99]);
  });

  it('is refused in words when it goes past the edge or is too small', async () => {
    const size = { width: 200, height: 120 };
    expect(regionProblem({ x: 0, y: 0, width: 200, height: 120 }, size)).toBeUndefined();
    expect(regionProblem({ x: 190, y: 0, width: 20, height: 20 }, size)).toBe(
      'The region goes past the edge of the 200×120 capture: drag it within the picture.',
    );
    expect(regionProblem({ x: 0, y: 0, width: MIN_REGION_PIXELS - 1, height: 50 }, size)).toMatch(
      /^The region is too small: drag a rectangle at least 8 pixels wide and high\.$/,
    );
    await expect(
      cropPng(await gradient(200, 120), { x: 0, y: 100, width: 50, height: 21 }),
    ).rejects.toThrow('goes past the edge');
  });
});

describe('the platform’s refusal', () => {
  it('on macOS names the setting, before asking when macOS already said no', () => {
    const mac = { platform: 'darwin' as const, wayland: false };
    expect(refusalBeforeAsking({ ...mac, access: 'granted' })).toBeUndefined();
    expect(refusalBeforeAsking({ ...mac, access: 'not-determined' })).toBeUndefined();
    const denied = refusalBeforeAsking({ ...mac, access: 'denied' });
    expect(denied).toContain('System Settings › Privacy & Security › Screen Recording');
    expect(denied).toContain('quit and reopen Hearth');
    expect(refusalBeforeAsking({ ...mac, access: 'restricted' })).toMatch(/organisation/);
    // Electron rejects with this string when the prompt is refused (TryPromptUserForScreenCapture).
    expect(refusalWhenAsking(mac, 'Failed to get sources.')).toBe(denied);
  });

  it('in a Wayland session names the desktop portal and PipeWire', () => {
    const sentence = refusalWhenAsking({ platform: 'linux', wayland: true });
    expect(sentence).toContain('xdg-desktop-portal');
    expect(sentence).toContain('PipeWire');
    expect(refusalBeforeAsking({ platform: 'linux', wayland: true })).toBeUndefined();
  });

  it('elsewhere says what went wrong, once, in a sentence', () => {
    expect(refusalWhenAsking({ platform: 'linux', wayland: false })).toBe(
      'The screen could not be captured (the system listed no screen or window). Try again, or attach a saved screenshot as a file.',
    );
    expect(refusalWhenAsking({ platform: 'win32', wayland: false }, 'Failed to get sources.')).toBe(
      'The screen could not be captured (Failed to get sources). Try again, or attach a saved screenshot as a file.',
    );
  });
});

describe('the screen service', () => {
  // The real file store: a screenshot is kept as an upload would be.
  const files = createFileStore(tempDir('screen-files'));
  const keepScreenshot = keepInFileStore(files);

  function backend(over: Partial<ScreenCaptureBackend> = {}): ScreenCaptureBackend {
    return {
      situation: () => ({ platform: 'linux', wayland: false }),
      list: async () => [
        { id: 'window:7:0', name: 'Notes', kind: 'window', png: await gradient(40, 30) },
        { id: 'screen:0:0', name: 'Entire Screen', kind: 'screen', png: await gradient(64, 36) },
      ],
      grab: async (id) => (id === 'screen:0:0' ? gradient(320, 180) : undefined),
      ...over,
    };
  }

  it('lists screens first, each with a small JPEG picture', async () => {
    const service = createScreenService({ backend: backend(), keepScreenshot });
    const { supported, sources, refusal } = await service.sources();
    expect({ supported, refusal }).toEqual({ supported: true, refusal: undefined });
    expect(sources.map((source) => [source.id, source.kind])).toEqual([
      ['screen:0:0', 'screen'],
      ['window:7:0', 'window'],
    ]);
    expect(sources[0]?.thumbnail).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('says the browser host has no capture of its own', async () => {
    const service = createScreenService({ keepScreenshot });
    expect(await service.sources()).toEqual({ supported: false, sources: [] });
    await expect(service.capture('screen:0:0')).rejects.toThrow('taken by the browser');
  });

  it('words an empty list and a rejection as the platform’s refusal', async () => {
    const wayland = backend({
      situation: () => ({ platform: 'linux', wayland: true }),
      list: async () => [],
    });
    const empty = await createScreenService({ backend: wayland, keepScreenshot }).sources();
    expect(empty.refusal).toContain('xdg-desktop-portal');
    const mac = backend({
      situation: () => ({ platform: 'darwin', wayland: false, access: 'not-determined' }),
      list: () => Promise.reject('Failed to get sources.'),
    });
    const refused = await createScreenService({ backend: mac, keepScreenshot }).sources();
    expect(refused.refusal).toContain('Screen Recording');
    let asked = false;
    const denied = backend({
      situation: () => ({ platform: 'darwin', wayland: false, access: 'denied' }),
      list: async () => ((asked = true), []),
    });
    expect(
      (await createScreenService({ backend: denied, keepScreenshot }).sources()).refusal,
    ).toContain('Screen Recording');
    expect(asked).toBe(false);
  });

  it('keeps the region of the very capture the user saw, then lets it go', async () => {
    const when = new Date(2026, 10, 29, 9, 5, 7);
    const service = createScreenService({ backend: backend(), keepScreenshot, now: () => when });
    const capture = await service.capture('screen:0:0');
    expect(capture).toMatchObject({
      width: 320,
      height: 180,
      name: 'Screenshot 2026-11-29 at 09.05.07.png',
    });
    expect(capture.preview).toMatch(/^data:image\/jpeg;base64,/);
    const shot = await service.keep(capture.captureId, { x: 10, y: 20, width: 30, height: 40 });
    expect(shot.name).toBe(capture.name);
    expect(shot.file).toMatchObject({
      kind: 'image',
      mimeType: 'image/png',
      width: 30,
      height: 40,
    });
    // Kept once, by its SHA-256, where every attached file is.
    const path = files.pathOf(shot.file.sha256);
    expect(path).toBeDefined();
    expect(await pixelAt(readFileSync(path ?? ''), 0, 0)).toEqual([10, 20, 99]);
    await expect(service.keep(capture.captureId)).rejects.toThrow('no longer held');
  });

  it('refuses a source that has gone, and a discarded capture', async () => {
    const service = createScreenService({ backend: backend(), keepScreenshot });
    await expect(service.capture('window:99:0')).rejects.toThrow('no longer there');
    const capture = await service.capture('screen:0:0');
    expect(service.discard(capture.captureId)).toBe(true);
    expect(service.discard(capture.captureId)).toBe(false);
    await expect(service.keep(capture.captureId)).rejects.toThrow('no longer held');
  });

  it('names a screenshot for when it was taken, in local time', () => {
    expect(screenshotName(new Date(2026, 0, 2, 3, 4, 5))).toBe(
      'Screenshot 2026-01-02 at 03.04.05.png',
    );
  });
});

describe('a screenshot kept where attached files go', () => {
  it('goes in by the upload’s own steps, in chunks, and a large one is kept whole', async () => {
    const files = createFileStore(tempDir('screen-files'));
    const png = await sharp({
      create: {
        width: 900,
        height: 700,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(png.length).toBeGreaterThan(64 * 1024);
    const shot = await keepInFileStore(files)({
      png,
      name: 'Screenshot.png',
      width: 900,
      height: 700,
    });
    expect(shot.file).toMatchObject({ kind: 'image', originalBytes: png.length });
    expect(existsSync(files.pathOf(shot.file.sha256) ?? '')).toBe(true);
  });

  it('leaves nothing behind when the store refuses it', async () => {
    const files = createFileStore(tempDir('screen-files'));
    const notAnImage = Buffer.from('not a picture at all, whatever its name says');
    await expect(
      keepInFileStore(files)({ png: notAnImage, name: 'Screenshot.png', width: 1, height: 1 }),
    ).rejects.toThrow();
    expect(readdirSync(join(files.folder, 'incoming'))).toEqual([]);
  });
});
