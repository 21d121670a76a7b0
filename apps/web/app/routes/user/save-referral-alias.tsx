import { redirect } from 'react-router';
import { paths } from '../../config/paths.ts';

/** user/saverefferal (one r) opens the spec's user/saverefferral. */
export function clientLoader() {
  return redirect(paths.user.saveReferral.getHref());
}

export default function SaveReferralAlias() {
  return null;
}
