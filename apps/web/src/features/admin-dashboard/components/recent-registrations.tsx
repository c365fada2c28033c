import type { ReactNode } from 'react';
import type { AdminDashboardSummary } from '@academy/shared/schemas/dashboard';
import type { EnquiryStatus } from '@academy/shared/schemas/admissions';
import { formatDate } from '../../../lib/format-date';
import { RecentListPanel } from './recent-list-panel';
import { useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';

/**
 * The five enquiries received last, each opening its registration. The status badge is admissions'
 * own, so the dashboard route passes it in (a feature does not reach into another's components).
 */
export function RecentRegistrations({ registrations, statusBadge }: { registrations: AdminDashboardSummary['recentRegistrations']; statusBadge: (status: EnquiryStatus) => ReactNode }) {
  const { t } = useLingui();
  const names = useLocalNames();
  return (
    <RecentListPanel
      id="recent-registrations"
      title={t`Recent registrations`}
      allLink={{ to: '/app/registrations', label: t`All registrations` }}
      empty={t`No registrations yet.`}
      items={registrations}
      itemLink={(registration) => ({ to: `/app/registrations/${registration._id}`, label: registration.studentName })}
      detail={(registration) =>
        `${registration.standard ? names.standard(registration.standard) : registration.form === 'contact' ? t`Contact message` : t`No standard`} · ${formatDate(registration.createdAt)}`
      }
      aside={(registration) => statusBadge(registration.status)}
    />
  );
}
