import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A merchant's page that frames the embedded checkout the way the vendor's browser SDK
 * (felloh-org/payment-sdk, src/index.js) did in its release of November 2022 (commit
 * 309e832): a `sandbox` attribute without top navigation, flags appended to the payment
 * id, no frame name, and `iframeRedirect` not handled, so the frame loads each payment
 * step itself. Written for this test from that code, not copied. The SDK's CURRENT code
 * runs unchanged as the parent in embed-sdk.spec.ts (support/vendor-sdk.ts); this page
 * stays as the host that is not the SDK (a merchant's own code), whose steps the frame
 * must load itself. Each part of the script below names the behaviour it reproduces.
 * The base URL is the server under test (`{sandboxUrl}/embed/`), not the vendor's hosts.
 *
 * Served by a tiny node server on another origin (`http://merchant.localhost:<port>`;
 * Chromium resolves *.localhost to 127.0.0.1), so every message crosses origins.
 */

export type ParentPageOptions = { base: string; paymentId: string; publicKey?: string };

export function sdkParentPage({ base, paymentId, publicKey = 'pk_unused' }: ParentPageOptions): string {
  const config = JSON.stringify({ base: `${base.replace(/\/+$/, '')}/embed/`, paymentId, publicKey });
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Example merchant</title></head>
<body>
<main>
<h1>Example merchant checkout</h1>
<div id="payment-iframe"></div>
</main>
<script>
const config = ${config};
// Test harness, not the SDK: every message the page receives, as received.
window.recorded = [];
window.addEventListener('message', (e) => window.recorded.push({ origin: e.origin, type: typeof e.data, data: e.data }));

class ReproducedPaymentsSdk {
  // SDK constructor: throws without a public key or container; looks the container up by id;
  // iframeID = 'iframe-' + new Date().getTime(); status starts as 'preload'; four no-op events.
  constructor(containerName, publicKey, baseURL) {
    if (publicKey === null) throw new Error('Felloh Payment SDK: Public key must be defined');
    this.publicKey = publicKey;
    if (containerName === null) throw new Error('Felloh Payment SDK: Container name must be defined');
    this.targetElement = document.getElementById(containerName);
    if (this.targetElement === null) throw new Error('Felloh Payment SDK: Target element does not exist');
    this.baseURL = baseURL; // SDK: setEnvironment(options) picks one of its constants
    this.iframeID = 'iframe-' + new Date().getTime();
    this.status = 'preload';
    this.events = { onRender: () => {}, onSuccess: () => {}, onDecline: () => {}, onProcessing: () => {} };
  }

  // SDK addIFrameSizeListener: a window 'message' listener added on every render; no origin
  // check; JSON.parse(e.data) inside try/catch (anything that is not a JSON string is dropped);
  // json.stage with the iframe present fires the event on a change of status, then stores it;
  // json.iframe_height sets the iframe's style.height in px.
  addIFrameSizeListener() {
    const classConstruct = this;
    window.addEventListener('message', (e) => {
      try {
        const iframeElement = document.getElementById(classConstruct.iframeID);
        const json = JSON.parse(e.data);
        if (typeof json.stage !== 'undefined' && iframeElement !== null) {
          if (json.stage === 'rendered' && classConstruct.status !== 'rendered') this.events.onRender();
          if (json.stage === 'success' && classConstruct.status !== 'success') this.events.onSuccess();
          if (json.stage === 'processing' && classConstruct.status !== 'processing') this.events.onProcessing();
          if (json.stage === 'declined' && classConstruct.status !== 'declined') this.events.onDecline();
          classConstruct.setStatus(json.stage);
        }
        if (typeof json.iframe_height !== 'undefined' && iframeElement !== null) {
          document.getElementById(classConstruct.iframeID).style.height = json.iframe_height + 'px';
        }
      } catch (e) {}
    }, false);
    return this;
  }

  // SDK renderIframe: src = baseURL + paymentID; width 100%, height 500px; the sandbox
  // 'allow-forms allow-popups allow-pointer-lock allow-same-origin allow-scripts' (no top
  // navigation); no title; the container emptied, the iframe appended, a listener added.
  renderIframe(paymentID) {
    const iframe = document.createElement('iframe');
    iframe.setAttribute('src', this.baseURL + paymentID);
    iframe.style.width = '100%';
    iframe.style.height = '500px';
    iframe.sandbox = 'allow-forms allow-popups allow-pointer-lock allow-same-origin allow-scripts';
    iframe.id = this.iframeID;
    this.targetElement.innerHTML = '';
    this.targetElement.appendChild(iframe);
    this.addIFrameSizeListener();
    return this;
  }

  // SDK event setters (as published, each one replaces events.onRender).
  onRender(fn) { this.events.onRender = fn; }
  onSuccess(fn) { this.events.onRender = fn; }
  onDecline(fn) { this.events.onRender = fn; }
  onProcessing(fn) { this.events.onRender = fn; }
  getStatus() { return this.status; }
  setStatus(status) { this.status = status; }

  // SDK linkRefreshTrigger: every 15 minutes, while the iframe exists and the status is
  // 'preload' or 'rendered', render the same payment again. refreshTick is that callback,
  // so a test can run it without waiting 15 minutes.
  refreshTick(paymentID) {
    const iframeElement = document.getElementById(this.iframeID);
    if (iframeElement !== null && (this.status === 'preload' || this.status === 'rendered')) this.renderIframe(paymentID);
  }
  linkRefreshTrigger(paymentID) {
    setInterval(() => this.refreshTick(paymentID), 15 * 60 * 1000);
  }

  // SDK render: renderIframe when the container exists, then start the refresh timer.
  render(paymentID) {
    if (this.targetElement !== null) this.renderIframe(paymentID);
    this.linkRefreshTrigger(paymentID);
    return this;
  }
}

// A merchant's integration: new SDK('payment-iframe', publicKey) then render(paymentID).
window.sdk = new ReproducedPaymentsSdk('payment-iframe', config.publicKey, config.base);
window.sdkCallbacks = [];
window.sdk.onRender(() => window.sdkCallbacks.push('callback'));
window.sdk.render(config.paymentId);
// What the SDK's later pay() sends (and merchants hiding the pay button, hpb=1): INITIATE_PAY.
window.initiatePay = (asString, payload = config.publicKey) => {
  const message = { type: 'INITIATE_PAY', payload };
  document.getElementById(window.sdk.iframeID).contentWindow.postMessage(asString ? JSON.stringify(message) : message, '*');
};
</script>
</body>
</html>`;
}

/** The merchant's web server: GET /?session=...&flags=...&key=... answers the page above. */
export async function startMerchantServer(base: string): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://merchant.localhost');
    const session = url.searchParams.get('session') ?? '';
    const flags = url.searchParams.get('flags') ?? '';
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(
      sdkParentPage({
        base,
        paymentId: `${session}${flags ? `?${flags}` : ''}`,
        publicKey: url.searchParams.get('key') ?? undefined,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
