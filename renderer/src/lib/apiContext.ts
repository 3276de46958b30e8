/** The typed Api for every component, whichever host the page runs in. */
import { createContext, useContext } from 'react';
import type { Api } from '../../../preload/api';

export const ApiContext = createContext<Api | undefined>(undefined);

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi() needs an <ApiContext.Provider> above it');
  return api;
}
