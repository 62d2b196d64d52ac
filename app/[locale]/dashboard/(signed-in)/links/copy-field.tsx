'use client';

import { useState, useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

type Props = { id: string; label: string; value: string; copy: string; copied: string; testId: string };

/**
 * A link's address in a read-only input, selectable with or without JavaScript; with JavaScript a button
 * copies it (the Clipboard API) and says so in a live region. The button exists only once the page runs
 * scripts, so nobody without them is offered a button that does nothing.
 */
export function CopyField({ id, label, value, copy, copied, testId }: Props) {
  // false in the server's HTML, true once the page runs scripts (hydrated): no state set in an effect.
  const scripted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [done, setDone] = useState(false);
  return (
    <div className="field copy-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        readOnly
        value={value}
        data-testid={testId}
        onFocus={(e) => e.currentTarget.select()}
      />
      {scripted && (
        <div>
          <button
            type="button"
            className="secondary"
            data-testid={`${testId}-copy`}
            onClick={async () => {
              await navigator.clipboard.writeText(value);
              setDone(true);
            }}
          >
            {copy}
          </button>
        </div>
      )}
      <p role="status" className="muted">
        {done ? copied : ''}
      </p>
    </div>
  );
}
