// A draft as the public record it would become: the draft is written to the live tables inside
// a transaction, the content feed's own loader reads the detail record (exactly what
// GET /content/changes would send), and the transaction is rolled back. So the preview is
// rendered from the same record shape and mappers as the published page, and live never moves.
import type { Db, Tx } from '../db/client.ts';
import { notFound } from '../http.ts';
import type { EditKind } from '../services/admin/record-editing.ts';
import { createLoader, type Loader } from './catalogue/shared.ts';

class Rollback extends Error {
  readonly record: unknown;
  constructor(record: unknown) {
    super('preview rollback');
    this.record = record;
  }
}

type PreviewKind<Doc, Base> = Pick<EditKind<Doc, Base>, 'row' | 'check' | 'apply' | 'setPublished' | 'noun'> & {
  /** The content feed's batch loader of this type. */
  load: (L: Loader, ids: number[]) => Promise<Map<number, unknown>>;
};

export async function previewRecord<Doc, Base>(kind: PreviewKind<Doc, Base>, db: Db, id: number, draft: Doc): Promise<unknown> {
  const base = await kind.row(db, id);
  const missing = () => notFound(kind.noun[0]!.toUpperCase() + kind.noun.slice(1));
  if (!base) throw missing();
  await kind.check(db, base, draft);
  try {
    await db.transaction(async (tx: Tx) => {
      const now = new Date();
      await kind.apply(tx, base, draft, now);
      await kind.setPublished(tx, id, true, now);
      const detail = (await kind.load(createLoader(tx as unknown as Db), [id])).get(id);
      if (!detail) throw missing();
      throw new Rollback(detail);
    });
  } catch (err) {
    if (err instanceof Rollback) return err.record;
    throw err;
  }
  throw new Error('preview transaction ended without a record');
}
