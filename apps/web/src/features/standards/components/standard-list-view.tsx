import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Standard } from '@academy/shared/schemas/standards';
import { NameBadges } from '../../../components/ui/name-badges';
import { NameInReadersLanguage } from '../../../components/ui/names-in-languages';
import { ListView, RowActions, type ListColumn } from '../../../components/list-kit';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

interface StandardListViewProps {
  standards: Standard[];
  onDelete: (standard: Standard) => void;
}

function SubjectBadges({ standard }: { standard: Pick<Standard, 'name' | 'subjects'> }) {
  const { t } = useLingui();
  if (standard.subjects.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No subjects</Trans>
      </Text>
    );
  }
  return <NameBadges label={t`Subjects in ${standard.name}`} items={standard.subjects} />;
}

/** The standards as a table on wide screens and as cards on phones. */
export function StandardListView({ standards, onDelete }: StandardListViewProps) {
  const { t } = useLingui();
  const columns: ListColumn<Standard>[] = [
    {
      key: 'name',
      header: t`Name`,
      card: 'title',
      cell: (standard) => (
        <>
          <Anchor component={Link} to={`/app/standards/${standard._id}`} fw={600}>
            {standard.name}
          </Anchor>
          <NameInReadersLanguage names={standard.names} />
        </>
      ),
    },
    {
      key: 'counts',
      header: '',
      card: 'subtitle',
      inTable: false,
      cell: (standard) => (
        <Text size="sm" c="dimmed">
          {t`Level ${standard.level}`} · {plural(standard.studentCount, { one: '# student', other: '# students' })} · {plural(standard.batchCount, { one: '# batch', other: '# batches' })}
        </Text>
      ),
    },
    { key: 'level', header: t`Level`, card: 'hidden', cell: (standard) => standard.level },
    { key: 'subjects', header: t`Subjects`, maw: 360, cell: (standard) => <SubjectBadges standard={standard} /> },
    { key: 'students', header: t`Students`, align: 'right', card: 'hidden', cell: (standard) => standard.studentCount },
    { key: 'batches', header: t`Batches`, align: 'right', card: 'hidden', cell: (standard) => standard.batchCount },
  ];
  return (
    <ListView
      rows={standards}
      columns={columns}
      label={t`Standards`}
      minWidth={720}
      wideFrom="48em"
      actions={(standard) => <RowActions name={standard.name} editTo={`/app/standards/${standard._id}/edit`} onDelete={() => onDelete(standard)} />}
    />
  );
}
