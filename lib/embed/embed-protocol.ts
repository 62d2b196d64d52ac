/*
 * The embedded checkout's message protocol (product.md section 6; docs/embed-protocol.md).
 * Every message to the parent is a JSON *string*: the vendor SDK this protocol
 * comes from (felloh-org/payment-sdk, src/index.js) runs JSON.parse(event.data) on
 * every message and ignores what does not parse, so an object would be lost.
 * Pure (no DOM): the client bridge and the tests share it.
 */

/** The SDK's own stages, plus `expired` and `error`, which the SDK stores as its status and otherwise ignores. */
export type EmbedStage = 'rendered' | 'processing' | 'success' | 'declined' | 'expired' | 'error';

export type StageMessage =
  | { stage: 'rendered' | 'expired' }
  | { stage: 'processing'; transactionID?: string }
  | { stage: 'success' | 'declined'; transactionID: string }
  | { stage: 'error'; code: EmbedErrorCode };

/**
 * Why the frame cannot go on. The parent sees these as `{"stage":"error","code":...}`.
 * - embed.not_found: the session is unknown or deleted;
 * - embed.not_payable: INITIATE_PAY arrived while no payment form is shown (paid, expired, in progress);
 * - embed.public_key_mismatch: INITIATE_PAY named a public key that is not one of the session's organisation's;
 * - embed.no_payment_method: the session offers no method this frame can take;
 * - embed.moto_not_allowed: the URL asks for MOTO (`method=MOTO_IN_PERSON`) on a session that does not allow it.
 */
export type EmbedErrorCode =
  | 'embed.not_found'
  | 'embed.not_payable'
  | 'embed.public_key_mismatch'
  | 'embed.no_payment_method'
  | 'embed.moto_not_allowed';

export const stageMessage = (message: StageMessage): string => JSON.stringify(message);

/** The frame's content height in whole CSS pixels; the SDK sets the iframe's style.height from it. */
export const heightMessage = (px: number): string => JSON.stringify({ iframe_height: Math.ceil(px) });

/** The frame is about to load another page (3-D Secure, the bank); informative: the frame navigates itself. */
export const redirectMessage = (url: string): string => JSON.stringify({ iframeRedirect: url });

/**
 * INITIATE_PAY from the parent, as an object or as a JSON string:
 * `{"type":"INITIATE_PAY","payload":"<public key>"}`. Returns the public key, or
 * null for any other message (other scripts on the merchant's page post messages too).
 */
export function parseInitiatePay(data: unknown): { publicKey: string } | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const { type, payload } = value as { type?: unknown; payload?: unknown };
  if (type !== 'INITIATE_PAY') return null;
  return { publicKey: typeof payload === 'string' ? payload.trim().slice(0, 200) : '' };
}

/**
 * The name the vendor SDK gives its iframe (felloh-org/payment-sdk, src/index.js,
 * renderIframe: `iframe.name = 'felloh-payment-sdk'`, since July 2023); the framed
 * page reads it back as `window.name`.
 */
export const sdkFrameName = 'felloh-payment-sdk';

/**
 * Whether the host loads a payment step into the frame itself on `iframeRedirect`.
 * The SDK does (`iframeElement.setAttribute('src', json.iframeRedirect)`) and answers
 * no message, so its frame's name is the only sign: in its frame the page must not
 * navigate as well, or the step's URL is requested twice, and a processor's redirect
 * may be single-use. Any other host (a merchant's own code, the example page, a React
 * Native WebView, which is no frame) takes the message as information only.
 */
export function hostLoadsStep(frame: { framed: boolean; name: string }): boolean {
  return frame.framed && frame.name === sdkFrameName;
}

/**
 * The height the frame is given before it loads a processor's payment step (3-D Secure, the bank), whose page
 * cannot report its own: the tallest fixed 3-D Secure challenge window is 600 px (EMV 3DS `challengeWindowSize`
 * 01 250x400, 02 390x400, 03 500x600, 04 600x400, 05 full screen: Adyen's ThreeDSRequestData, CheckoutService v71),
 * plus room for the page around it. The sandbox's own step pages report their height (frame-height.tsx).
 */
export const paymentStepHeight = 640;
