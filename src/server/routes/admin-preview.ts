// A draft as the public record it would become: the draft is written to the live tables inside
// a transaction, the content feed's own loader reads the detail record (OptionDetail, exactly
// what GET /content/changes would send), and the transaction is rolled back. So the preview is
// rendered from the same record shape and mappers as the published page, and live never moves.
import type { ExperienceDraft } from '../../contract/admin.ts';
import type { OptionDetail } from '../../contract/options.ts';
import type { Db } from '../db/client.ts';
import { options } from '../db/schema.ts';
import { eq } from 'drizzle-orm';
import { notFound } from '../http.ts';
import { applyDocument, checkDocument, optionRow } from '../services/admin/experience-doc.ts';
import { loadOptionDetails } from './catalogue/options/details.ts';
import { createLoader } from './catalogue/shared.ts';

class Rollback extends Error {
  readonly record: OptionDetail;
  constructor(record: OptionDetail) {
    super('preview rollback');
    this.record = record;
  }
}

export async function previewRecord(db: Db, id: number, draft: ExperienceDraft): Promise<OptionDetail> {
  const o = await optionRow(db, id);
  if (!o) throw notFound('Experience');
  await checkDocument(db, o, draft);
  try {
    await db.transaction(async (tx) => {
      await applyDocument(tx, o, draft, new Date());
      await tx.update(options).set({ published: true }).where(eq(options.id, id));
      const detail = (await loadOptionDetails(createLoader(tx as unknown as Db), [id])).get(id);
      if (!detail) throw notFound('Experience');
      throw new Rollback(detail);
    });
  } catch (err) {
    if (err instanceof Rollback) return err.record;
    throw err;
  }
  throw new Error('preview transaction ended without a record');
}
