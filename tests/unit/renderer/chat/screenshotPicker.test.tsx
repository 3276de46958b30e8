import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Handlers } from '../../../../electron/core/bridge/router';
import { createFileStore } from '../../../../electron/core/files';
import {
  createScreenService,
  keepInFileStore,
  type CaptureSituation,
} from '../../../../electron/core/screen';
import { screenCaptureBackend } from '../../../../electron/shell/screenCapture';
import type { Screenshot } from '../../../../preload/schemas/screen';
import { ScreenshotButton } from '../../../../renderer/src/chat/composer/screenshot';
import {
  desktopCapturer,
  standInPixel,
  systemPreferences,
} from '../../../support/electronStandIn/screenCapture';
import { connectTo, renderWith } from '../../../support/rendererHarness';
import { tempDir } from '../../../support/testHost';

// The desktop app's screenshot picker, by keyboard alone, through the real router and contract to
// the real screen service, the shell's capture and the Electron stand-in's desktopCapturer
// (Electron 45's behaviour, cited there), and the real file store.
afterEach(cleanup);

const DISPLAY = { size: { width: 1920, height: 1080 }, scaleFactor: 1 };

function desktop(situation?: Partial<CaptureSituation>, env: NodeJS.ProcessEnv = {}) {
  const files = createFileStore(tempDir('picker-files'));
  const backend = screenCaptureBackend({
    desktopCapturer,
    screen: { getAllDisplays: () => [DISPLAY] } as never,
    systemPreferences,
    platform: 'linux',
    env,
  });
  const service = createScreenService({
    backend: situation
      ? { ...backend, situation: () => ({ ...backend.situation(), ...situation }) }
      : backend,
    keepScreenshot: keepInFileStore(files),
  });
  const handlers: Partial<Handlers> = {
    'app:info': () => ({
      name: 'Hearth',
      version: '0.0.0-test',
      host: 'electron',
      platform: 'linux',
      versions: { node: '22.0.0' },
      dataDir: '/data',
    }),
    'screen:sources': () => service.sources(),
    'screen:capture': (sourceId) => service.capture(sourceId),
    'screen:keep': (captureId, region) => service.keep(captureId, region),
    'screen:discard': (captureId) => service.discard(captureId),
  };
  return { harness: connectTo(handlers), files };
}

function open(harness: ReturnType<typeof connectTo>) {
  const attached = vi.fn<(shot: Screenshot) => void>();
  const problems = vi.fn<(sentence: string) => void>();
  renderWith(
    <ScreenshotButton
      api={harness.api}
      onKept={attached}
      onFile={() => problems('a file came, where main should have kept the screenshot')}
      onProblem={problems}
    />,
    harness,
  );
  return { attached, problems };
}

describe('the screenshot picker (desktop app)', () => {
  it('takes a region by keyboard alone: arrows move the rectangle, Shift+arrows size it, Enter keeps it', async () => {
    const user = userEvent.setup();
    const { harness, files } = desktop();
    const { attached } = open(harness);
    // The button is reached and pressed from the keyboard.
    await user.tab();
    await waitFor(() =>
      expect(harness.calls.some((call) => call.channel === 'app:info')).toBe(true),
    );
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Attach a screenshot' });
    await screen.findByRole('button', { name: 'Entire Screen' });
    // "Whole screen" is chosen; the arrow keys move to "A region" within the radio group.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Whole screen' }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect((screen.getByRole('radio', { name: 'A region' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Entire Screen' }));
    await user.keyboard('{Enter}');
    // The region takes focus, the middle half of the 1920x1080 capture to start with.
    const region = await screen.findByRole('application', { name: /^Region of the screenshot/ });
    await waitFor(() => expect(document.activeElement).toBe(region));
    expect(region.getAttribute('aria-label')).toContain('960 by 540 pixels at 480, 270');
    // Each arrow is a fiftieth of the shorter side (22 px here); Alt makes it one pixel.
    await user.keyboard('{ArrowLeft}{ArrowUp}{Shift>}{ArrowRight}{/Shift}{Alt>}{ArrowDown}{/Alt}');
    expect(region.getAttribute('aria-label')).toContain('982 by 540 pixels at 458, 249');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(attached).toHaveBeenCalledOnce());
    const shot = attached.mock.calls[0]?.[0];
    expect(shot?.file).toMatchObject({ kind: 'image', width: 982, height: 540 });
    expect(shot?.name).toMatch(/^Screenshot \d{4}-\d\d-\d\d at \d\d\.\d\d\.\d\d\.png$/);
    // What was kept is that very region of the screen: its corner is the screen's (458, 249).
    const kept = readFileSync(files.pathOf(shot?.file.sha256 ?? '') ?? '');
    const { data } = await sharp(kept).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual(standInPixel(458, 249, DISPLAY.size, 40).slice(0, 3));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes a window whole, after showing it', async () => {
    const user = userEvent.setup();
    const { harness } = desktop();
    const { attached } = open(harness);
    await user.click(await screen.findByRole('button', { name: 'Attach a screenshot' }));
    await user.click(await screen.findByRole('radio', { name: 'A window' }));
    expect(screen.getByRole('list', { name: 'Windows' })).toBeTruthy();
    // The windows arrive with the capture's answer, which a busy machine gives late.
    await user.click(await screen.findByRole('button', { name: 'Notes' }, { timeout: 10_000 }));
    const attach = await screen.findByRole('button', { name: 'Attach' });
    await waitFor(() => expect(document.activeElement).toBe(attach));
    expect(screen.getByRole('img', { name: /^The screenshot: Screenshot/ })).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(attached).toHaveBeenCalledOnce());
    // The window at the display's full size, its own aspect kept (700x820 fitted in 1920x1080).
    expect(attached.mock.calls[0]?.[0].file).toMatchObject({ width: 922, height: 1080 });
  });

  it('says what to allow and where when the platform refuses, and Cancel closes it', async () => {
    const user = userEvent.setup();
    const { harness } = desktop(undefined, { WAYLAND_DISPLAY: 'wayland-0' });
    const saved = process.env.DBUS_SESSION_BUS_ADDRESS;
    delete process.env.DBUS_SESSION_BUS_ADDRESS;
    process.env.WAYLAND_DISPLAY = 'wayland-0';
    try {
      open(harness);
      await user.click(await screen.findByRole('button', { name: 'Attach a screenshot' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('desktop portal');
      expect(alert.textContent).toContain('PipeWire');
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
    } finally {
      delete process.env.WAYLAND_DISPLAY;
      if (saved !== undefined) process.env.DBUS_SESSION_BUS_ADDRESS = saved;
    }
  });

  it('on macOS without Screen Recording, names the setting and does not ask for sources', async () => {
    const user = userEvent.setup();
    const { harness } = desktop({ platform: 'darwin', access: 'denied' });
    open(harness);
    await user.click(await screen.findByRole('button', { name: 'Attach a screenshot' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('System Settings › Privacy & Security › Screen Recording');
    expect(harness.calls.filter((call) => call.channel === 'screen:capture')).toEqual([]);
  });
});
