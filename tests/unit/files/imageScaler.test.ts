import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  helperPid,
  scaleInHelper,
  warmHelper,
  type ScaleJob,
} from '../../../electron/core/files/imageScaler';
import { scaleHere } from '../../../electron/core/files/imageScaling';
import { noiseImage } from '../../support/imageFixtures';
import { tempDir } from '../../support/testHost';

async function photo(width: number, height: number): Promise<string> {
  const path = join(tempDir('scaler'), `photo-${width}.jpg`);
  writeFileSync(path, await noiseImage(width, height));
  return path;
}

function jobFor(path: string, outPath: string): ScaleJob {
  return {
    path,
    outPath,
    input: { limitInputPixels: 100_000_000, animated: false, sequentialRead: true },
    rotate: false,
    resize: { width: 1_000, height: 1_000, fit: 'inside', withoutEnlargement: true },
    format: 'jpeg',
    encode: { quality: 85 },
  };
}

describe('scaling an image in the helper process', () => {
  it('scales in a process of its own, which one batch of images shares', async () => {
    const folder = tempDir('scaled');
    const first = await photo(3_000, 2_000);
    const second = await photo(2_400, 3_200);

    const [wide, tall] = await Promise.all([
      scaleInHelper(jobFor(first, join(folder, 'wide.jpg'))),
      scaleInHelper(jobFor(second, join(folder, 'tall.jpg'))),
    ]);
    const pid = helperPid();

    expect(wide).toEqual({ ok: true, width: 1_000, height: 667 });
    expect(tall).toEqual({ ok: true, width: 750, height: 1_000 });
    expect(pid).toBeDefined();
    expect(pid).not.toBe(process.pid);
    expect(await sharp(join(folder, 'wide.jpg')).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1_000,
      height: 667,
    });
    // The same steps run in Hearth, where the helper cannot start, give the same image.
    expect(await scaleHere(jobFor(first, join(folder, 'here.jpg')))).toEqual(wide);
  });

  it('reads every step of a job as Hearth does: each format, turned or not', async () => {
    const folder = tempDir('scaled');
    const source = await photo(1_600, 1_200);
    const jobs: ScaleJob[] = (['jpeg', 'webp', 'png'] as const).flatMap((format) =>
      [false, true].map((rotate) => ({
        ...jobFor(source, ''),
        rotate,
        format,
        encode: format === 'png' ? {} : { quality: 60 },
      })),
    );
    for (const [index, job] of jobs.entries()) {
      const there = join(folder, `helper-${index}.${job.format}`);
      const here = join(folder, `here-${index}.${job.format}`);
      expect(await scaleInHelper({ ...job, outPath: there })).toEqual(
        await scaleHere({ ...job, outPath: here }),
      );
      // The same library with the same options writes the same bytes.
      expect(readFileSync(there).equals(readFileSync(here))).toBe(true);
      expect(await sharp(there).metadata()).toMatchObject({
        format: job.format,
        ...(await sharp(here)
          .metadata()
          .then(({ width, height }) => ({ width, height }))),
      });
    }
  });

  it('says a file is unreadable, and a helper that dies on one crashed; the next starts anew', async () => {
    const folder = tempDir('scaled');
    // Made first: the helper is still the same one (its idle time not begun) when it arrives.
    const large = await photo(4_000, 3_000);
    const damaged = join(folder, 'damaged.jpg');
    writeFileSync(damaged, (await noiseImage(1_200, 900)).subarray(0, 4_000));
    expect(await scaleInHelper(jobFor(damaged, join(folder, 'out.jpg')))).toEqual({
      ok: false,
      reason: 'unreadable',
    });

    const dying = scaleInHelper(jobFor(large, join(folder, 'large.jpg')));
    const pid = helperPid();
    if (pid === undefined) throw new Error('The helper was not running.');
    process.kill(pid, 'SIGKILL');
    expect(await dying).toEqual({ ok: false, reason: 'crashed' });

    expect(await scaleInHelper(jobFor(large, join(folder, 'again.jpg')))).toEqual({
      ok: true,
      width: 1_000,
      height: 750,
    });
    expect(helperPid()).not.toBe(pid);
  });

  it('starts ahead of an image still arriving, and the image then uses that helper', async () => {
    const path = await photo(2_400, 1_800);
    warmHelper();
    const warmed = helperPid();
    expect(warmed).toBeDefined();
    const outcome = await scaleInHelper(jobFor(path, join(tempDir('scaled'), 'out.jpg')));
    expect(outcome).toEqual({ ok: true, width: 1_000, height: 750 });
    expect(helperPid()).toBe(warmed);
  });
});
