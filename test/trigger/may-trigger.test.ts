import { describe, expect, it } from 'vitest';
import { mayTrigger } from '../../src/trigger/may-trigger.js';

describe('mayTrigger (contract section 4)', () => {
  it('lets admin, maintain and write trigger, by role_name or by the base permission', () => {
    expect(mayTrigger({ permission: 'admin', role_name: 'admin' })).toEqual({ allowed: true, role: 'admin' });
    // GitHub answers maintain as permission "write" with role_name "maintain".
    expect(mayTrigger({ permission: 'write', role_name: 'maintain' })).toEqual({ allowed: true, role: 'maintain' });
    expect(mayTrigger({ permission: 'write' })).toEqual({ allowed: true, role: 'write' });
    // A custom role that inherits write.
    expect(mayTrigger({ permission: 'write', role_name: 'release-manager' })).toEqual({
      allowed: true,
      role: 'release-manager',
    });
  });

  it('refuses read, triage, a custom role on read, and a user who is no collaborator (404)', () => {
    expect(mayTrigger({ permission: 'read', role_name: 'read' })).toEqual({ allowed: false, role: 'read' });
    expect(mayTrigger({ permission: 'read', role_name: 'triage' })).toEqual({ allowed: false, role: 'triage' });
    expect(mayTrigger({ permission: 'read', role_name: 'auditor' })).toEqual({ allowed: false, role: 'auditor' });
    expect(mayTrigger({ permission: 'none' })).toEqual({ allowed: false, role: 'none' });
    expect(mayTrigger(undefined)).toEqual({ allowed: false, role: 'none' });
  });
});
