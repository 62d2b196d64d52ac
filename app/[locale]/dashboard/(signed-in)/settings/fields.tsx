import type { Kept } from '@/lib/http/kept-form-read';

/*
 * The settings page's building blocks: a group (one form, one fieldset, one save) and its fields. A field's
 * `kept` is its group's values after a refused save (lib/http/kept-form.ts): they win over the saved settings.
 */

export function Group({
  locale,
  title,
  save,
  action,
  testId,
  intro,
  children,
}: {
  locale: string;
  title: string;
  save: string;
  action: (form: FormData) => Promise<void>;
  testId: string;
  intro?: string;
  children: React.ReactNode;
}) {
  return (
    <form action={action} className="settings-group" data-testid={`settings-${testId}`}>
      <input type="hidden" name="locale" value={locale} />
      <fieldset className="stack">
        <legend>
          <h2>{title}</h2>
        </legend>
        {intro && <p>{intro}</p>}
        {children}
        <div>
          <button type="submit">{save}</button>
        </div>
      </fieldset>
    </form>
  );
}

export function Field({
  id,
  name,
  label,
  hint,
  value,
  type = 'text',
  required,
  multiline,
  ltr,
  kept,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  value: string | null;
  kept?: Kept;
  type?: 'text' | 'url' | 'email' | 'number';
  required?: boolean;
  multiline?: boolean;
  ltr?: boolean;
}) {
  const common = {
    id,
    name,
    required,
    defaultValue: kept ? kept.text(name, value) : (value ?? ''),
    'aria-describedby': hint ? `${id}-hint` : undefined,
    'data-ltr': ltr || undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="muted" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea rows={4} {...common} />
      ) : (
        <input
          type={type}
          autoComplete="off"
          {...(type === 'number' ? { min: 0, step: 1, inputMode: 'numeric' as const } : {})}
          {...common}
        />
      )}
    </div>
  );
}

export function Check({
  id,
  name,
  label,
  checked,
  kept,
}: {
  id: string;
  name: string;
  label: string;
  checked: boolean;
  kept?: Kept;
}) {
  return (
    <div className="choice-line">
      <input type="checkbox" id={id} name={name} defaultChecked={kept ? kept.checked(name, checked) : checked} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
