import { Badge } from '@mantine/core';
import { ENQUIRY_STATUS_LABELS, type EnquiryStatus } from '@academy/shared/schemas/admissions';

const COLORS: Record<EnquiryStatus, string> = { new: 'blue', contacted: 'yellow', admitted: 'teal', rejected: 'gray' };

export function EnquiryStatusBadge({ status }: { status: EnquiryStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]} tt="none" style={{ flexShrink: 0 }}>
      {ENQUIRY_STATUS_LABELS[status]}
    </Badge>
  );
}
