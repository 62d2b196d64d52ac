/** The Adyen Checkout API v71 simulator for the tests: see server.ts for what it models and docs/adyen-simulator.md for its use. */
export {
  startAdyenSimulator,
  defaultHmacKey,
  type AdyenSimulator,
  type AdyenSimulatorOptions,
  type FailAnswer,
  type RecordedRequest,
} from './server';
export type { NotificationItem } from './notifications';
export { testCards } from './test-values';
