/** Card rules shared by the API and the pages: pure functions, no I/O. */
export { cardRegion, cardRegions, type CardRegion } from './card-region';
export { cardBrands, checkCardExclusions, type ExclusionCheck } from './card-exclusions';
export { cardBrandLabels, cardRegionLabel, exclusionMessage } from './exclusion-message';
export {
  defaultSurchargeRates,
  surchargeFor,
  type Surcharge,
  type SurchargeClass,
  type SurchargeRates,
} from './surcharge';
export {
  dccQuote,
  defaultDccMarkupBps,
  sandboxDccRates,
  sandboxMidRates,
  type DccQuote,
  type DccRates,
  type MidRates,
} from './dcc-quote';
export { homeCurrencyOf, isEuropeanRegion, isUkOrEea } from './countries';
