import { NativeSelect } from '@mantine/core';
import { useMatch, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useYears } from '../api/years.ts';

/**
 * The client area's year switcher (issue 38): a labelled select of every tax year the client has with the
 * firm. The current year is the default and opens the dashboard as before; a past year opens its page. Shown
 * only to clients with more than one year, so a first-year client's portal is exactly the spec's.
 */
export function YearSwitcher() {
  const years = useYears().data;
  const navigate = useNavigate();
  const match = useMatch('/user/years/:year');
  if (!years || years.years.length < 2) return null;
  const shown = match?.params.year ?? String(years.current_tax_year);
  return (
    <NativeSelect
      label="Tax year"
      size="sm"
      mb="xs"
      value={shown}
      data={years.years.map((year) => ({
        value: String(year.tax_year),
        label: year.closed ? `${year.tax_year} (closed)` : `${year.tax_year} (current)`,
      }))}
      onChange={(event) => {
        const year = Number(event.currentTarget.value);
        void navigate(
          year === years.current_tax_year ? paths.user.dashboard.getHref() : paths.user.year.getHref(year),
        );
      }}
    />
  );
}
