import { randomUUID } from 'node:crypto';
import { maskCpf } from '../../domain/documents/cpf';
import { EXAMPLE_CODES_CSV_PATH, exampleOccurrence } from '../../support/siscoaf-example';
import { addPep, createEntity, link, randomCpf } from '../../support/entity-fixtures';
import { runOps } from '../support/cli';
import { request } from '../support/http';
import { parseXml } from '../support/parse-xml';
import { draftReport } from '../support/report-fixtures';
import { apiUrl } from '../support/stack';
import { closeTestDb, createTestTenant, testDb } from '../support/tenants';

jest.setTimeout(180_000);

afterAll(closeTestDb);

describe('PUT /reports/{uuid}/occurrence: a party of the analysis entered with its full CPF', () => {
  it("the registry's masked PEP partner, entered by the officer with the full CPF and his name, is PEP=1 and ServPub=1 in the XML", async () => {
    const tenant = await createTestTenant();
    const db = testDb();
    // The registry publishes the partner's (an administrator's: TpEnv 7) CPF masked; the officer knows the full one from the institution's records.
    const cpf = randomCpf();
    const suffix = randomUUID().slice(0, 6).toUpperCase();
    const subject = await createEntity(db, {
      type: 'organization',
      profile: { incorporation_date: '2016-03-01', capital_social: '150000.00' },
    });
    const partner = await createEntity(db, { type: 'person', name: `JOSÉ EXPOSTO ${suffix}`, document: maskCpf(cpf) });
    await link(db, partner.id, subject.id, { ownership: '100.000000' });
    await addPep(db, partner.id, { pepType: 'public_official', role: 'Diretor de Departamento' });
    const analysis = await request('POST', '/analyses', { apiKey: tenant.apiKey, body: { entity_id: subject.id } });
    expect(analysis.status).toBe(201);
    const cos = await draftReport(tenant.apiKey, analysis.body.uuid, 'coaf_cos');

    const envolvidos = await request('GET', `/reports/${cos.uuid}/sections/envolvidos`, { apiKey: tenant.apiKey });
    expect(envolvidos.body.content.parties).toContainEqual(expect.objectContaining({ document: maskCpf(cpf), pep: true }));

    expect(
      (await runOps(['regulatory', 'codes', 'import', '--company', tenant.companyUuid, '--file', EXAMPLE_CODES_CSV_PATH, '--json'])).code,
    ).toBe(0);
    const occurrence = exampleOccurrence(cos.subject.document) as { parties: unknown[] };
    occurrence.parties.push({
      document: cpf,
      name: `Jose Exposto ${suffix.toLowerCase()}`,
      role: 'other',
      account: { agency_number: '0002', agency_name: 'Agência Sul', number: '777-1', opened_on: '2025-01-02' },
    });
    expect((await request('PUT', `/reports/${cos.uuid}/occurrence`, { apiKey: tenant.apiKey, body: occurrence })).status).toBe(200);

    const response = await fetch(`${apiUrl()}/reports/${cos.uuid}/document?format=xml`, { headers: { 'X-API-Key': tenant.apiKey } });
    expect(response.status).toBe(200);
    const xml = Buffer.from(await response.arrayBuffer()).toString('latin1');
    const parties: any[] = parseXml(xml).LOTE.OCORRENCIAS.OCORRENCIA.ENVOLVIDOS.ENVOLVIDO;
    const entered = parties.filter((p) => p.CPFCNPJEnv === cpf);
    expect(entered).toEqual([
      expect.objectContaining({ NmEnv: `JOSÉ EXPOSTO ${suffix}`, TpEnv: '7', PEP: '1', ServPub: '1', AgNumEnv: '0002', NumConta: '777-1' }),
    ]);
    expect(xml).toContain('<PEP>1</PEP>');
  });
});
