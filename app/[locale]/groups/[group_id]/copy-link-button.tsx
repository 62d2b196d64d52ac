'use client';

import { useState, useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

type Props = { url: string; label: string; copiedLabel: string; failedLabel: string; testId?: string };

/**
 * Copies a member's link. Rendered only once JavaScript runs: without it the
 * link is on the page as text beside this button's place, ready to select.
 */
export function CopyLinkButton({ url, label, copiedLabel, failedLabel, testId }: Props) {
  // False on the server and while hydrating, true once the browser runs this.
  const ready = useSyncExternalStore(noSubscription, () => true, () => false);
  const [message, setMessage] = useState('');
  if (!ready) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setMessage(copiedLabel);
    } catch {
      setMessage(failedLabel);
    }
  };
  return (
    <>
      <button type="button" className="secondary" onClick={copy} data-testid={testId}>{label}</button>
      <span role="status" className="portal-copied">{message}</span>
    </>
  );
}
