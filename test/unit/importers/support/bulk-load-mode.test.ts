import { splitSavedSchema } from '../../../../importers/support/bulk-load-mode';

const saved = {
  indexes: [
    {
      name: 'public.entities_normalized_name_trgm',
      def: 'CREATE INDEX entities_normalized_name_trgm ON public.entities USING gin (normalized_name gin_trgm_ops)',
    },
    { name: 'public.entities_document', def: 'CREATE INDEX entities_document ON public.entities USING btree (document)' },
    {
      name: 'public.entity_documents_document_index',
      def: 'CREATE INDEX entity_documents_document_index ON public.entity_documents USING btree (document)',
    },
    {
      name: 'public.relationships_evidence',
      def: 'CREATE INDEX relationships_evidence ON public.relationships USING btree (evidence_source, evidence_table, evidence_id)',
    },
  ],
  foreignKeys: [
    { table: 'entities', name: 'entities_import_run_id_foreign', def: 'FOREIGN KEY (import_run_id) REFERENCES import_runs(id)' },
    {
      table: 'entity_documents',
      name: 'entity_documents_entity_id_foreign',
      def: 'FOREIGN KEY (entity_id) REFERENCES entities(id) ON DELETE CASCADE',
    },
    {
      table: 'relationships',
      name: 'relationships_source_entity_id_foreign',
      def: 'FOREIGN KEY (source_entity_id) REFERENCES entities(id) ON DELETE CASCADE',
    },
  ],
};

describe('splitSavedSchema: what can be rebuilt once one table is final', () => {
  it.each([
    ['entities', ['public.entities_normalized_name_trgm', 'public.entities_document'], ['entities_import_run_id_foreign']],
    ['entity_documents', ['public.entity_documents_document_index'], ['entity_documents_entity_id_foreign']],
    ['relationships', ['public.relationships_evidence'], ['relationships_source_entity_id_foreign']],
    ['nothing', [], []],
  ])('%s', (table, indexes, keys) => {
    const [own, rest] = splitSavedSchema(saved, table);
    expect(own.indexes.map((i) => i.name)).toEqual(indexes);
    expect(own.foreignKeys.map((k) => k.name)).toEqual(keys);
    // Nothing lost, nothing twice: the foreign keys of other tables that reference `table` stay in the rest.
    expect([...own.indexes, ...rest.indexes].map((i) => i.name).sort()).toEqual(saved.indexes.map((i) => i.name).sort());
    expect(own.foreignKeys.length + rest.foreignKeys.length).toBe(saved.foreignKeys.length);
  });
});
