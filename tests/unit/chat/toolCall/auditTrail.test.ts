import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_FILE_NAME,
  openAuditTrail,
  readAuditTrail,
  unapprovedExecutions,
} from '../../../../electron/core/chat/toolCall/auditTrail';
import { tempDir } from '../../../support/testHost';

const call = { conversationId: 'c1', callId: 'k1', server: 'files', tool: 'write' };

describe('the audit trail', () => {
  it('reads back what was appended, in order, skipping a torn last line', () => {
    const dataDir = tempDir('audit');
    const trail = openAuditTrail({ dataDir, now: () => new Date('2026-01-01T00:00:00Z') });
    trail.approved({ ...call, basis: 'user:once' });
    trail.executed(call);
    appendFileSync(join(dataDir, AUDIT_FILE_NAME), '{"kind":"exec');
    expect(readAuditTrail(dataDir)).toEqual([
      { at: '2026-01-01T00:00:00.000Z', kind: 'approved', basis: 'user:once', ...call },
      { at: '2026-01-01T00:00:00.000Z', kind: 'executed', ...call },
    ]);
  });

  it('finds an execution with no approval, or with the approval of another call', () => {
    const dataDir = tempDir('audit');
    const trail = openAuditTrail({ dataDir });
    trail.approved({ ...call, basis: 'rule:always-allow' });
    trail.executed(call);
    trail.executed({ ...call, callId: 'k2' });
    trail.approved({ ...call, callId: 'k3', tool: 'read', basis: 'user:once' });
    trail.executed({ ...call, callId: 'k3' });
    expect(unapprovedExecutions(readAuditTrail(dataDir)).map((entry) => entry.callId)).toEqual([
      'k2',
      'k3',
    ]);
  });

  it('reports a folder it cannot write to once, and never throws', () => {
    const problems: string[] = [];
    const trail = openAuditTrail({
      dataDir: join(tempDir('audit'), 'missing', 'deeper'),
      onProblem: (message) => problems.push(message),
    });
    trail.executed(call);
    trail.executed(call);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/could not add to its audit log/);
  });
});
