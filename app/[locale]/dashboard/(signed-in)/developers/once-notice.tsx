/** What a form-state action answered: a value shown once (children), or its error in the page's words. */
export function StateNotice({
  state,
  errors,
  errorTitle,
  testId,
  children,
}: {
  state: { status: 'idle' } | { status: 'done' } | { status: 'error'; code: string };
  /** The page's words by error code (`validation.failed`, `api_key.role_not_held`, ...); `generic` for the rest. */
  errors: Record<string, string>;
  errorTitle: string;
  testId: string;
  children?: React.ReactNode;
}) {
  if (state.status === 'done') return children;
  if (state.status !== 'error') return null;
  return (
    <div className="error-summary" role="alert" data-testid={`${testId}-error`}>
      <h3>{errorTitle}</h3>
      <p>{errors[state.code] ?? errors.generic}</p>
    </div>
  );
}

/** A secret shown once: its name, the value to copy, and the warning that it will not be shown again. */
export function SecretOnce({
  title,
  warning,
  rows,
  testId,
}: {
  title: string;
  warning: string;
  rows: { label: string; value: string; testId: string }[];
  testId: string;
}) {
  return (
    <section className="card secret-once" role="status" aria-live="polite" data-testid={testId}>
      <h3>{title}</h3>
      <p>
        <strong>{warning}</strong>
      </p>
      <dl>
        {rows.map((row) => (
          <div key={row.testId}>
            <dt>{row.label}</dt>
            <dd>
              <code data-testid={row.testId}>{row.value}</code>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
