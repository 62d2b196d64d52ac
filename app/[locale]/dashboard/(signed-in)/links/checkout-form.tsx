import { getTranslations } from 'next-intl/server';
import { currencyCodes } from '@/lib/core/enums';
import type { Kept } from '@/lib/http/kept-form-read';
import { createEcommerceAction, createLinkAction } from './actions';

/** `kept`: what a refused post of this form had typed (lib/http/kept-form.ts), else the API's defaults. */
type Props = { locale: string; kind: 'payment_link' | 'ecommerce'; kept: Kept };

const cardTypes = ['VISA', 'MASTER', 'AMEX'] as const;
const cardRegions = ['DOMESTIC', 'INTRA', 'INTER'] as const;

/**
 * Create a payment link or an ecommerce session with every option the API's create operation takes
 * (lib/core/checkout/checkout-input.ts); the action parses that same schema. Booleans are checkboxes
 * preset to the API's defaults; the amount is typed in pounds, euros or dollars.
 */
export async function CheckoutForm({ locale, kind, kept }: Props) {
  const t = await getTranslations({ locale, namespace: 'DashboardCollect.form' });
  const id = (name: string) => `${kind}-${name}`;
  const field = (name: string, label: string, type = 'text', extra: Record<string, unknown> = {}) => (
    <div className="field">
      <label htmlFor={id(name)}>{label}</label>
      <input id={id(name)} name={name} type={type} autoComplete="off" defaultValue={kept.text(name)} {...extra} />
    </div>
  );
  const box = (name: string, label: string, on = false, value = 'on') => (
    <div className="choice-line" key={`${name}-${value}`}>
      <input
        type="checkbox"
        id={id(`${name}-${value}`)}
        name={name}
        value={value}
        defaultChecked={kept.checked(name, on, value === 'on' ? undefined : value)}
      />
      <label htmlFor={id(`${name}-${value}`)}>{label}</label>
    </div>
  );
  return (
    <form
      action={kind === 'ecommerce' ? createEcommerceAction : createLinkAction}
      className="stack narrow collect-form"
      data-testid="create-checkout-form"
    >
      <input type="hidden" name="locale" value={locale} />
      {field('customer_name', t('customerName'), 'text', { required: true, maxLength: 255 })}
      {field('email', t('email'), 'email', { required: true })}
      {field('amount', t('amount'), 'text', {
        required: true,
        inputMode: 'decimal',
        'aria-describedby': id('amount-hint'),
      })}
      <p className="muted" id={id('amount-hint')}>
        {t('amountHint')}
      </p>
      <div className="field">
        <label htmlFor={id('currency')}>{t('currency')}</label>
        <select id={id('currency')} name="currency" defaultValue={kept.text('currency', 'GBX')}>
          {currencyCodes.map((code) => (
            <option key={code} value={code}>
              {t(`currency_${code}`)}
            </option>
          ))}
        </select>
      </div>
      {field('description', t('description'), 'text', { maxLength: 500 })}
      {field('booking_id', t('bookingId'), 'text', { 'aria-describedby': id('id-hint') })}
      {field('customer_id', t('customerId'), 'text', { 'aria-describedby': id('id-hint') })}
      <p className="muted" id={id('id-hint')}>
        {t('idHint')}
      </p>
      {field('expires_at', t('expiresAt'), 'date')}
      <fieldset>
        <legend>{t('methods')}</legend>
        {box('card_enabled', t('card'), true)}
        {box('open_banking_enabled', t('openBanking'))}
      </fieldset>
      <fieldset>
        <legend>{t('options')}</legend>
        {box('authorisation_only', t('authorisationOnly'))}
        {box('surcharging_enabled', t('surcharging'), true)}
        {box('dcc_enabled', t('dcc'))}
        {box('hide_store_card', t('hideStoreCard'))}
        {box('store_card_forced', t('storeCardForced'))}
        {kind === 'ecommerce' && box('moto_enabled', t('moto'))}
      </fieldset>
      <fieldset>
        <legend>{t('excludedTypes')}</legend>
        {cardTypes.map((type) => box('excluded_card_types', t(`brand_${type}`), false, type))}
      </fieldset>
      <fieldset>
        <legend>{t('excludedRegions')}</legend>
        {cardRegions.map((region) => box('excluded_card_regions', t(`region_${region}`), false, region))}
      </fieldset>
      <details>
        <summary>{t('more')}</summary>
        <div className="stack">
          {field('type_id', t('typeId'), 'text', { maxLength: 100 })}
          {field('success_url', t('successUrl'), 'url')}
          {field('failure_url', t('failureUrl'), 'url')}
          {field('cancel_url', t('cancelUrl'), 'url')}
        </div>
      </details>
      <div>
        <button type="submit">{kind === 'ecommerce' ? t('createEcommerce') : t('createLink')}</button>
      </div>
    </form>
  );
}
