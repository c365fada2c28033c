-- Issue 75, decision 097: the chapters a lecture's teacher marks, [{ t, title }] by time.
ALTER TABLE "lectures" ADD COLUMN "chapters" jsonb DEFAULT '[]'::jsonb NOT NULL;