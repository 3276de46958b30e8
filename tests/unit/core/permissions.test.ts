import { describe, expect, it } from 'vitest';
import {
  GRANTED_PERMISSIONS,
  isPermissionGranted,
} from '../../../electron/core/security/permissions';

const APP = 'app://hearth';

describe('isPermissionGranted', () => {
  it('grants clipboard-sanitized-write to a page of the app origin', () => {
    expect(isPermissionGranted('clipboard-sanitized-write', 'app://hearth/index.html', APP)).toBe(
      true,
    );
    expect(
      isPermissionGranted(
        'clipboard-sanitized-write',
        'http://127.0.0.1:5173/',
        'http://127.0.0.1:5173',
      ),
    ).toBe(true);
  });

  it.each([
    'media',
    'geolocation',
    'notifications',
    'midi',
    'midiSysex',
    'hid',
    'serial',
    'usb',
    'openExternal',
    'fullscreen',
    'pointerLock',
    'clipboard-read',
    'display-capture',
    'unknown',
  ])('denies %s even to the app origin', (permission) => {
    expect(isPermissionGranted(permission, 'app://hearth/index.html', APP)).toBe(false);
  });

  it.each([
    'https://evil.test/',
    'app://hearth.evil/',
    'app://hearthx/',
    'http://127.0.0.1:5173/',
    'about:blank',
    'data:text/html,hi',
    'file:///index.html',
    '',
  ])('denies the clipboard to a frame from %s', (requestingUrl) => {
    expect(isPermissionGranted('clipboard-sanitized-write', requestingUrl, APP)).toBe(false);
  });

  it('matches permission names exactly', () => {
    expect(isPermissionGranted('Clipboard-Sanitized-Write', 'app://hearth/', APP)).toBe(false);
    expect(isPermissionGranted('clipboard-sanitized-write ', 'app://hearth/', APP)).toBe(false);
  });

  it('grants nothing but clipboard-sanitized-write', () => {
    expect([...GRANTED_PERMISSIONS]).toEqual(['clipboard-sanitized-write']);
  });
});
