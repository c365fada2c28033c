import { Fragment, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { DetailPage, type DetailPageProps, type RecordQuery } from './detail-page';

interface EditPageProps<Record extends { _id: string }> extends Omit<DetailPageProps<Record>, 'query' | 'children'> {
  /** The feature's query hook for one record (useStandard…), given the address's `:id`. */
  useRecord: (id: string) => RecordQuery<Record>;
  /** The record's form; it is drawn anew when the address moves to another record. */
  form: (record: Record) => ReactNode;
}

/** An admin edit screen: the record of the address's `:id` in the detail-page frame, then its form. */
export function EditPage<Record extends { _id: string }>({ useRecord, form, ...frame }: EditPageProps<Record>) {
  const { id = '' } = useParams();
  const query = useRecord(id);
  return (
    <DetailPage query={query} {...frame}>
      {(record) => <Fragment key={record._id}>{form(record)}</Fragment>}
    </DetailPage>
  );
}
