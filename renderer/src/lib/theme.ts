/** Applies the theme setting to the page, following the system when the user chose "system". */
import { useEffect } from 'react';
import type { Settings } from '../../../preload/contract';

export function useTheme(theme: Settings['theme'] | undefined): void {
  useEffect(() => {
    const root = document.documentElement;
    const query = window.matchMedia?.('(prefers-color-scheme: dark)');
    const apply = () => {
      const dark = theme === 'dark' || (theme !== 'light' && query?.matches === true);
      root.dataset.theme = dark ? 'dark' : 'light';
    };
    apply();
    query?.addEventListener('change', apply);
    return () => query?.removeEventListener('change', apply);
  }, [theme]);
}
