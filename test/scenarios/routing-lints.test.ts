import { describe, expect, it } from 'vitest';
import { scenario } from '../helpers/scenario.js';

describe('routing lints at plan, with the live rules', () => {
  it('shows a live rule the proxy drops, which the files only ignore, as a warning; --strict stops the plan', async () => {
    const s = await scenario();
    // The API accepts a mixed server list; the proxy drops the rule. The files cannot write one.
    await s.client.createInboundMapping({ did: '1800', servers: ['66', '#5'] });
    const file = s.file(
      'in.yaml',
      [
        'version: 1',
        'inbound_mappings:',
        '  - did: ""',
        '    servers: ["#2"]',
        'policy:',
        '  ignore:',
        '    inbound_mappings: ["1800*"]',
        '',
      ].join('\n'),
    );
    const plan = await s.run(['plan', file]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stderr).toContain(
      'warning: mapping "1800": servers mix a gateway id and a group reference ("66,#5"): the proxy drops the rule\n  hint: list gateway ids only',
    );
    expect(plan.stdout).toContain('+ inbound_mapping ""');
    const strict = await s.run(['plan', file, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toBe('');
    expect(strict.stderr).toContain('error: mapping "1800": servers mix a gateway id and a group reference');
    expect(strict.stderr).toContain('error (ROUTING_LINT_FAILED): 1 routing problem stops the command (--strict makes warnings errors)');
  });

  it('with the groups read, a live rule the files ignore that names a missing group is a warning too', async () => {
    const s = await scenario();
    await s.client.createInboundMapping({ did: '1800', servers: ['#99'] });
    const file = s.file(
      'in.yaml',
      [
        'version: 1',
        'inbound_mappings:',
        '  - did: ""',
        '    servers: ["#2"]',
        'policy:',
        '  ignore:',
        '    inbound_mappings: ["1800*"]',
        '',
      ].join('\n'),
    );
    const plan = await s.run(['plan', file]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stderr).toContain(
      'warning: mapping "1800": servers name group 99, which does not exist on the platform: the proxy drops the rule\n  hint: name an existing carrier or endpoint group',
    );
  });
});
