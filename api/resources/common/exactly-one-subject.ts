import { z } from 'zod';
import { JSON_SCHEMA_KEY, text } from '../../edge/request-fields';

/**
 * The subject of an analysis or a screening: exactly one of `document` or `entity_id` (the other
 * absent or null). The validator is one strict object with a refinement, so that a body that
 * names both or neither gets one clear 422; the reference states the same set of bodies as a
 * `oneOf` of the two forms, built from the same field schemas.
 */
const subjectDocument = text({ max: 32 }).describe(
  'a CPF or CNPJ, with or without punctuation; its check digits are verified (422 document_invalid)',
);
const subjectEntityId = z.int().positive().describe('a canonical entity id (GET /entities)');

const documentedForm = (shape: z.ZodRawShape, given: 'document' | 'entity_id') => {
  const other = given === 'document' ? 'entity_id' : 'document';
  const form = z.strictObject({
    ...shape,
    [given]: given === 'document' ? subjectDocument : subjectEntityId,
    [other]: z.null().optional(),
  });
  const { $schema: _s, ...json } = z.toJSONSchema(form, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<
    string,
    unknown
  >;
  return json;
};

export function exactlyOneSubject<S extends z.ZodRawShape>(shape: S) {
  return z
    .strictObject({ ...shape, document: subjectDocument.nullish(), entity_id: subjectEntityId.nullish() })
    .superRefine((body, ctx) => {
      const { document, entity_id } = body as { document?: string | null; entity_id?: number | null };
      const given = [document, entity_id].filter((v) => v !== null && v !== undefined).length;
      if (given !== 1)
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: 'exactly one of document or entity_id is required',
          params: { type: 'subject_required' },
        });
    })
    .meta({ [JSON_SCHEMA_KEY]: { oneOf: [documentedForm(shape, 'document'), documentedForm(shape, 'entity_id')] } });
}
