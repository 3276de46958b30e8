import { cleanup, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ViewBoundary } from '../../../../renderer/src/ui/ViewBoundary';

function Broken(): never {
  throw new Error('Cannot read the settings file');
}

describe('a view that cannot be shown', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('says which view failed and why, and offers a reload, instead of a blank window', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <div>
        <nav>Sidebar</nav>
        <ViewBoundary name="Settings">
          <Broken />
        </ViewBoundary>
      </div>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Settings could not be shown');
    expect(alert.textContent).toContain('Cannot read the settings file');
    expect(screen.getByRole('button', { name: 'Reload Hearth' })).toBeTruthy();
    expect(screen.getByText('Sidebar')).toBeTruthy();
  });

  it('says so when the view’s script fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Missing = lazy(() =>
      Promise.reject(new Error('Failed to fetch dynamically imported module')),
    );
    render(
      <ViewBoundary name="Servers">
        <Missing />
      </ViewBoundary>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Servers could not be shown');
    expect(alert.textContent).toContain('Failed to fetch dynamically imported module');
  });

  it('shows the view itself once it has loaded', async () => {
    const Loaded = lazy(() => Promise.resolve({ default: () => <h1>Servers</h1> }));
    render(
      <ViewBoundary name="Servers">
        <Loaded />
      </ViewBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Servers' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
