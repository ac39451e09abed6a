import type { Norm } from '../manifest-types';

/** The norms of manifest 2026.11.1 (the first version, kept as it was: a report renders with the manifest it was built with, docs/regulatory-manifest.md). */
export const norms: Norm[] = [
  {
    id: 'LEI-9613-1998',
    title: 'Lei de prevenção à lavagem de dinheiro',
    reference: 'Lei nº 9.613, de 3 de março de 1998',
    issuer: 'Presidência da República',
    in_force_from: '1998-03-04',
    in_force_to: null,
  },
  {
    id: 'CIRCULAR-BCB-3978-2020',
    title: 'Política, procedimentos e controles internos de PLD/FT (alterada pela Resolução BCB nº 119/2021)',
    reference: 'Circular BCB nº 3.978, de 23 de janeiro de 2020, com a redação da Resolução BCB nº 119, de 27 de julho de 2021',
    issuer: 'Banco Central do Brasil',
    in_force_from: '2020-10-01',
    in_force_to: null,
  },
  {
    id: 'CARTA-CIRCULAR-BCB-4001-2020',
    title: 'Operações e situações que podem configurar indícios de lavagem de dinheiro (tipologias)',
    reference: 'Carta Circular BCB nº 4.001, de 29 de janeiro de 2020',
    issuer: 'Banco Central do Brasil',
    in_force_from: '2020-10-01',
    in_force_to: null,
  },
  {
    id: 'RESOLUCAO-CVM-50-2021',
    title: 'PLD/FT no mercado de valores mobiliários (intermediários: tipo de relatório futuro)',
    reference: 'Resolução CVM nº 50, de 31 de agosto de 2021',
    issuer: 'Comissão de Valores Mobiliários',
    in_force_from: '2021-10-01',
    in_force_to: null,
  },
];
