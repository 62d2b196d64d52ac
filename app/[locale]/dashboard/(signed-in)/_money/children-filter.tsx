/**
 * The one filter the API's refunds, credit notes and chargebacks lists take: include the child organisations.
 * A GET form, so the filtered list is an address and needs no JavaScript.
 */
export function ChildrenFilter({
  action,
  checked,
  label,
  apply,
}: {
  action: string;
  checked: boolean;
  label: string;
  apply: string;
}) {
  return (
    <form method="get" action={action} className="money-filters">
      <label className="money-check">
        <input type="checkbox" name="children" value="1" defaultChecked={checked} /> {label}
      </label>
      <div>
        <button type="submit" className="secondary">
          {apply}
        </button>
      </div>
    </form>
  );
}
