import { describe, expect, it } from 'vitest';
import { fencedBlocks } from '../helpers/markdown-blocks.js';

// The page a README section may move to, and the README it comes from: one helper reads both.
const PAGE = [
  '# Adoption', // line 1
  '',
  'Intro.',
  '```sh', // line 4
  '# a comment, not a heading',
  'npx dsipform export',
  '```',
  '## Step two', // line 8
  '~~~yaml', // line 9
  '# dsip/a.yaml',
  'version: 1',
  '~~~',
  '````md', // line 13
  '```sh',
  'not a block of its own',
  '```',
  '````',
  '# Next page section', // line 18
  '```sh',
  'npx dsipform plan',
  '```',
].join('\n');

describe('fencedBlocks', () => {
  it.each([
    {
      heading: 'Adoption',
      blocks: [
        { lang: 'sh', line: 4, text: '# a comment, not a heading\nnpx dsipform export\n' },
        { lang: 'yaml', line: 9, text: '# dsip/a.yaml\nversion: 1\n' },
        { lang: 'md', line: 13, text: '```sh\nnot a block of its own\n```\n' },
      ],
    },
    {
      heading: 'Step two',
      blocks: [{ lang: 'yaml', line: 9, text: '# dsip/a.yaml\nversion: 1\n' }, expect.objectContaining({ line: 13 })],
    },
    { heading: 'Next page section', blocks: [{ lang: 'sh', line: 19, text: 'npx dsipform plan\n' }] },
  ])('reads the blocks under "$heading", to the next heading of its level or above', ({ heading, blocks }) => {
    expect(fencedBlocks(PAGE, heading)).toEqual(blocks);
  });

  it('fails when the heading is missing, or there twice', () => {
    expect(() => fencedBlocks(PAGE, 'Taking over')).toThrow(/one heading "Taking over"/);
    expect(() => fencedBlocks(`${PAGE}\n## Step two\n`, 'Step two')).toThrow(/one heading "Step two"/);
  });
});
