/**
 * What the sandbox origin answers, the same in both hosts: `/app/<id>` is the sandbox page of an
 * app Hearth has open, served with that app's CSP; anything else is 404 under a policy that lets
 * nothing run or be framed.
 */
import { isSameOrigin } from '../security/origins';
import type { AppsService } from './appsService';

const APP_PATH = /^\/app\/([A-Za-z0-9_-]{1,128})$/;

/** The app whose sandbox page `url` is (`<sandbox origin>/app/<id>`); undefined for any other. */
export function appIdOfSandboxPage(url: string, sandboxOrigin: string): string | undefined {
  if (!isSameOrigin(url, sandboxOrigin)) return undefined;
  try {
    return APP_PATH.exec(new URL(url).pathname)?.[1];
  } catch {
    return undefined;
  }
}

export interface SandboxAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function answerSandboxRequest(
  apps: Pick<AppsService, 'sandboxPage'>,
  method: string,
  pathname: string,
): SandboxAnswer {
  const refuse = (status: number, body: string): SandboxAnswer => ({
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
    },
    body,
  });
  if (method !== 'GET') return refuse(405, 'Method not allowed.\n');
  const id = APP_PATH.exec(pathname)?.[1];
  const page = id ? apps.sandboxPage(id) : undefined;
  if (!page) return refuse(404, 'Not found.\n');
  return { status: 200, headers: page.headers, body: page.html };
}
