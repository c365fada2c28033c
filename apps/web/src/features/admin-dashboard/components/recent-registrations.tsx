import type { AdminDashboardSummary } from '@academy/shared/schemas/dashboard';
import { formatDate } from '../../../lib/format-date';
import { EnquiryStatusBadge } from '../../admissions/components/enquiry-status-badge';
import { RecentListPanel } from './recent-list-panel';

/** The five enquiries received last, each opening its registration. */
export function RecentRegistrations({ registrations }: { registrations: AdminDashboardSummary['recentRegistrations'] }) {
  return (
    <RecentListPanel
      id="recent-registrations"
      title="Recent registrations"
      allLink={{ to: '/app/registrations', label: 'All registrations' }}
      empty="No registrations yet."
      items={registrations}
      itemLink={(registration) => ({ to: `/app/registrations/${registration._id}`, label: registration.studentName })}
      detail={(registration) =>
        `${registration.standard ? registration.standard.name : registration.source === 'contact' ? 'Contact message' : 'No standard'} · ${formatDate(registration.createdAt)}`
      }
      aside={(registration) => <EnquiryStatusBadge status={registration.status} />}
    />
  );
}
