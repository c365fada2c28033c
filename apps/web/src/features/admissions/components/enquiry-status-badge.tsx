import { Badge } from '@mantine/core';
import type { EnquiryStatus } from '@academy/shared/schemas/admissions';
import { useEnquiryLabels } from '../enquiry-labels';

const COLORS: Record<EnquiryStatus, string> = { new: 'blue', contacted: 'yellow', admitted: 'teal', rejected: 'gray', lost: 'gray' };

export function EnquiryStatusBadge({ status }: { status: EnquiryStatus }) {
  const labels = useEnquiryLabels();
  return (
    <Badge variant="light" color={COLORS[status]} tt="none" style={{ flexShrink: 0 }}>
      {labels.status(status)}
    </Badge>
  );
}
