import { heightMessage } from '@/lib/embed/embed-protocol';

type NativeBridge = { postMessage: (message: string) => void };
type EmbedWindow = Window & { ReactNativeWebView?: NativeBridge };

/**
 * Sends one protocol string to whoever hosts the frame: the parent page (when
 * framed) and the React Native WebView (when window.ReactNativeWebView exists),
 * the same string to both. The target origin is the parent's own (Chromium's
 * location.ancestorOrigins) where known; frame-ancestors already limits who that is.
 * Browser only; its own module so the sandbox's step pages use it without the embed's bridge.
 */
export function sendToHost(message: string): void {
  const host = window as EmbedWindow;
  if (host.parent !== host) {
    const origin = host.location.ancestorOrigins?.[0];
    host.parent.postMessage(message, origin && origin !== 'null' ? origin : '*');
  }
  host.ReactNativeWebView?.postMessage(message);
}

/** Whether anyone hosts this page (a parent frame or a React Native WebView): only then is a height worth sending. */
export const hosted = (): boolean => window.parent !== window || Boolean((window as EmbedWindow).ReactNativeWebView);

/** The content's height in whole CSS pixels. */
export const contentHeight = (): number => Math.ceil(document.body.getBoundingClientRect().height);

/**
 * Reports the content height (`iframe_height`) now and whenever it changes (a ResizeObserver on the body); returns
 * the observer's cleanup. The embed's pages and, inside the frame, the sandbox's 3-D Secure and bank pages use it.
 */
export function reportHeight(): () => void {
  let last = 0;
  const measure = () => {
    const height = contentHeight();
    if (height > 0 && height !== last) {
      last = height;
      sendToHost(heightMessage(height));
    }
  };
  const observer = new ResizeObserver(measure);
  observer.observe(document.body);
  measure();
  return () => observer.disconnect();
}
