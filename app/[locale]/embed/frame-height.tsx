'use client';

import { useEffect } from 'react';
import { hosted, reportHeight } from './send-to-host';

/**
 * On a payment step page (the sandbox's 3-D Secure and bank pages), which the embed's frame loads in place of its
 * own page: tells the host the step's height (`iframe_height`), so the frame grows to show all of it, the Confirm
 * button included, instead of keeping the last embed page's height (issue 17 item 13). A top-level page (a payment
 * link's step) has no host and sends nothing.
 */
export function FrameHeight() {
  useEffect(() => (hosted() ? reportHeight() : undefined), []);
  return null;
}
