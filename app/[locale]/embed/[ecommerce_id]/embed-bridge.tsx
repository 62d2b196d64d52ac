'use client';

import { useEffect, useRef } from 'react';
import {
  heightMessage,
  hostLoadsStep,
  parseInitiatePay,
  paymentStepHeight,
  redirectMessage,
  stageMessage,
} from '@/lib/embed/embed-protocol';
import { formReturnedEvent } from '../../[payment_link_id]/checkout-surface';
import { contentHeight, reportHeight, sendToHost } from '../send-to-host';
import { initiatePayAllowed } from './embed-actions';

type EmbedWindow = Window & { ReactNativeWebView?: { postMessage: (message: string) => void } };

/** Pay forms sit inside [data-embed-pay]; INITIATE_PAY submits the first one (card before bank). */
const payForm = () => document.querySelector<HTMLFormElement>('[data-embed-pay] form');

/**
 * The embed's side of the protocol (docs/embed-protocol.md), mounted once per page:
 * - announces the page's stage (`message`, chosen on the server from the state table);
 * - reports the content height whenever it changes (ResizeObserver, send-to-host.ts);
 * - `processing` when a pay form is submitted, `rendered` when the form comes back
 *   to the customer without leaving the page (a typing mistake, a surcharge to confirm);
 * - INITIATE_PAY from the parent (or the React Native host) submits the pay form,
 *   once its public key is known to reach the session's organisation.
 */
export function EmbedBridge({ sessionId, message }: { sessionId: string; message: string }) {
  useEffect(() => {
    sendToHost(message);
  }, [message]);

  useEffect(() => reportHeight(), []);

  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      if (event.target instanceof Element && event.target.closest('[data-embed-pay]'))
        sendToHost(stageMessage({ stage: 'processing' }));
    };
    const onReturned = () => sendToHost(stageMessage({ stage: 'rendered' }));
    const host = window as EmbedWindow;
    const onMessage = async (event: Event) => {
      const { source, data } = event as MessageEvent;
      // Only the framing page, or a React Native host (its messages come from no window, or this one).
      const fromParent = host.parent !== host && source === host.parent;
      const fromNative = Boolean(host.ReactNativeWebView) && (source === null || source === host);
      if (!fromParent && !fromNative) return;
      const request = parseInitiatePay(data);
      if (!request) return;
      if (!payForm()) return sendToHost(stageMessage({ stage: 'error', code: 'embed.not_payable' }));
      if (!(await initiatePayAllowed(sessionId, request.publicKey)))
        return sendToHost(stageMessage({ stage: 'error', code: 'embed.public_key_mismatch' }));
      payForm()?.requestSubmit();
    };
    document.addEventListener('submit', onSubmit, true);
    window.addEventListener(formReturnedEvent, onReturned);
    window.addEventListener('message', onMessage);
    // react-native-webview delivers its postMessage on document in Android WebViews.
    document.addEventListener('message', onMessage);
    return () => {
      document.removeEventListener('submit', onSubmit, true);
      window.removeEventListener(formReturnedEvent, onReturned);
      window.removeEventListener('message', onMessage);
      document.removeEventListener('message', onMessage);
    };
  }, [sessionId]);

  return null;
}

/**
 * A payment step (3-D Secure, the bank) needs the frame to load another page: tell
 * the host (`iframeRedirect`), once. The vendor SDK answers that by setting the
 * iframe's src itself, so in its frame (hostLoadsStep) the page does nothing more:
 * loading the step here too would request it twice, and a processor's redirect may
 * be single-use. Under any other host the page loads the step itself, replacing
 * itself in the frame's history.
 */
export function EmbedStepRedirect({ url }: { url: string }) {
  const told = useRef(false);
  useEffect(() => {
    // React may run an effect twice (development); a second message would load the step again.
    if (told.current) return;
    told.current = true;
    // The step opens at a height that fits a 3-D Secure challenge: a processor's page cannot say its own (the
    // sandbox's step pages then report theirs, frame-height.tsx). Before iframeRedirect, so the SDK resizes first.
    sendToHost(heightMessage(Math.max(contentHeight(), paymentStepHeight)));
    sendToHost(redirectMessage(url));
    if (!hostLoadsStep({ framed: window.parent !== window, name: window.name })) window.location.replace(url);
  }, [url]);
  return null;
}
