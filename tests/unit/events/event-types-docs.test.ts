import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventTypes } from '@/lib/events/event-types';

/** docs/webhooks.md "Events" is the merchant's list: every type the code can emit has its row, and no other. */
describe('docs/webhooks.md event table', () => {
  const doc = readFileSync(path.resolve(__dirname, '../../../docs/webhooks.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Events'), doc.indexOf('## Outbox'));
  const documented = new Set(
    [...section.matchAll(/^\| `([a-z_]+\.[a-z_]+)`(?: \/ `([a-z_]+\.[a-z_]+)`)?/gm)].flatMap((m) =>
      [m[1], m[2]].filter(Boolean),
    ),
  );

  it('names every event type once, and no other', () => {
    expect([...documented].sort()).toEqual([...eventTypes].sort());
  });
});
