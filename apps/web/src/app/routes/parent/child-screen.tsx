import type { ReactNode } from 'react';
import type { ParentChild } from '@academy/shared/schemas/parents';
import { PageHeader } from '../../../components/ui/page-header';
import { ChildPicker } from '../../../features/parents/components/child-picker';

/** A parent's screen about one child at a time (fees, tests, homework): its header, then the chosen child's part. */
export function ChildScreen({ title, description, children: render }: { title: string; description: string; children: (child: ParentChild) => ReactNode }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <ChildPicker>{render}</ChildPicker>
    </>
  );
}
