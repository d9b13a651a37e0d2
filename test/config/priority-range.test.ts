import { describe, expect, it } from 'vitest';
import { PRIORITY_MAX, PRIORITY_MIN, priorityProblem } from '../../src/model/rules.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { expectRejected } from '../helpers/expect-api-error.js';

const RANGE = "is outside the platform's range (-2147483648 to 2147483647)";

describe('the route priority rule (one rule for files, the emulator and the provider)', () => {
  it.each<[unknown, string | undefined, string | null]>([
    [0, undefined, null],
    [PRIORITY_MAX, undefined, null],
    [PRIORITY_MIN, undefined, null],
    [PRIORITY_MAX + 1, undefined, `priority 2147483648 ${RANGE}`],
    [PRIORITY_MIN - 1, undefined, `priority -2147483649 ${RANGE}`],
    // 9007199254740993 reads as ...992 in JavaScript: the digits as written are shown.
    // eslint-disable-next-line no-loss-of-precision -- the lost precision is the case under test
    [9007199254740993, '9007199254740993', `priority 9007199254740993 ${RANGE}`],
    [1.5, undefined, 'priority must be an integer'],
    ['10', undefined, 'priority must be an integer'],
  ])('priorityProblem(%s, %s) is %s', (value, written, expected) => {
    expect(priorityProblem(value, written)).toBe(expected);
  });

  it('the emulator refuses what the files refuse, and takes the bounds themselves', async () => {
    const { client } = await emulatorFixture();
    await expectRejected(
      client.createOutboundRoute({ name: 'x', prefix: '1', gwgroupid: '5', priority: PRIORITY_MAX + 1 }),
      400,
      `priority 2147483648 ${RANGE}`,
    );
    expect(await client.createOutboundRoute({ name: 'top', prefix: '1', gwgroupid: '5', priority: PRIORITY_MAX })).toBeGreaterThan(0);
    expect(await client.createOutboundRoute({ name: 'bottom', prefix: '2', gwgroupid: '5', priority: PRIORITY_MIN })).toBeGreaterThan(0);
  });
});
