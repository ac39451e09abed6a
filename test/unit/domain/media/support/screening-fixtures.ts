import { prepareNames } from '../../../../../domain/media/screen-article';

/** An article of the store, fictitious; only what screening reads. */
export const article = (id: string, title: string, body: string, published_at = '2025-01-01T00:00:00.000Z') => ({
  article_id: id,
  url: `https://x/${id}`,
  title,
  source: 'X',
  published_at,
  body,
});

/** A partner and an organization known by two names. */
export const screeningNames = () =>
  prepareNames([
    { entity_id: 2, name: 'Renato Vasconcelos Braga', kind: 'person', source: 'partner' },
    { entity_id: 1, name: 'Metalúrgica Tupinambá Ltda', kind: 'organization', source: 'display_name' },
    { entity_id: 1, name: 'Tupinambá Metais', kind: 'organization', source: 'trade_name' },
  ]);
