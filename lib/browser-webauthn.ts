import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * Whether this browser has WebAuthn: null while rendering on the server (the button stays off until the page
 * runs here), then true or false. A browser feature never changes during a page's life, so nothing subscribes.
 */
export function useWebAuthnSupport(): boolean | null {
  return useSyncExternalStore(
    never,
    () => typeof window.PublicKeyCredential === 'function',
    () => null,
  );
}
