import { Typography } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { PageHeader } from './page-header';
import classes from './legal-document.module.css';

interface LegalDocumentProps {
  title: string;
  metaDescription: string;
  /** When the text last changed, e.g. "22 November 2026". */
  updated: string;
  children: ReactNode;
}

/** A policy page: the heading, when it last changed, and the text in readable type. */
export function LegalDocument({ title, metaDescription, updated, children }: LegalDocumentProps) {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={title} description={t`Last updated on ${updated}`} metaDescription={metaDescription} />
      <Typography maw={760} className={classes.document}>
        {children}
      </Typography>
    </>
  );
}
