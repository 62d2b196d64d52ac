import type { Role } from '@/lib/core/enums';

/** Role checkboxes: only the roles the actor holds (nobody gives what they lack); `idPrefix` keeps ids unique on the page. */
export function RoleChoices({
  legend,
  held,
  checked,
  idPrefix,
}: {
  legend: string;
  held: Role[];
  checked: string[];
  idPrefix: string;
}) {
  return (
    <fieldset className="role-choices">
      <legend>{legend}</legend>
      {held.map((role) => (
        <div key={role} className="choice-line">
          <input
            type="checkbox"
            id={`${idPrefix}-${role}`}
            name="roles"
            value={role}
            defaultChecked={checked.includes(role)}
          />
          <label htmlFor={`${idPrefix}-${role}`}>
            <code>{role}</code>
          </label>
        </div>
      ))}
    </fieldset>
  );
}
