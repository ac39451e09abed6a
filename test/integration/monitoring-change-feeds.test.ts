import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { createDb } from '../../db/create-db';
import { addSanction, createEntity, type FixtureEntity, link } from '../../support/entity-fixtures';
import { runOps } from '../support/cli';
import { inventedWord } from '../support/media-fixtures';
import { type ExtraProcess, httpJson, startExtraApi, startExtraWorker } from '../support/processes';
import { writeJsonLines } from '../support/registry-files';
import { ownDatabase } from '../support/database-roles';
import { testTemporalClient } from '../support/stack';
import { closeTestDb, createTestTenant, type TestTenant } from '../support/tenants';
import { waitFor } from '../support/wait-for';

jest.setTimeout(300_000);

/**
 * The change feeds of the name lists (OFAC SDN here; UN and EU take the same path), proceedings,
 * adverse media, BODS and family ties (docs/monitoring.md, "Change detection"): each import through the ops CLI
 * records the entities it changed, starts the fan-out, and exactly the monitor whose screening or
 * network the import changed alerts — the fan-out signals it alone. A database, a Temporal
 * namespace (`feeds`, scripts/test.ts), an api and a worker of its own: a name list is global to
 * its database (importing one changes every later analysis's list coverage), so importing OFAC
 * into the shared stack would change other files' verdicts.
 */

const formatCpf = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
/** OFAC's Publish_Date: MM/DD/YYYY, `days` from today (UTC). */
const ofacDate = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

type Imported = {
  changes: { source: string; version: string; entities: number };
  fan_out: { started: boolean; workflow_id: string } | null;
};

describe('monitoring: the change feeds of the name lists, proceedings, media, BODS and family ties', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'monitoring-feeds-'));
  const database = `feeds_${process.pid}_${Date.now()}`;
  const ownDb = ownDatabase(database);
  const databaseUrl = ownDb.env.DATABASE_URL;
  const env = { DATABASE_URL: databaseUrl, TEMPORAL_NAMESPACE: 'feeds', API_EMBEDDED_ANALYSIS_WORKER: 'false', LOG_LEVEL: 'warn' };
  const own = createDb(databaseUrl, { poolMax: 4, applicationName: 'jest-feeds' });
  const started: ExtraProcess[] = [];
  let api: ExtraProcess & { url: string };
  let tenant: TestTenant;
  let temporal: Client;
  const monitors: Record<
    'watchlist' | 'proceedings' | 'media' | 'bods' | 'family' | 'untouched',
    { uuid: string; subject: FixtureEntity; partner: FixtureEntity }
  > = {} as never;
  const surname = inventedWord();
  const [mediaA, mediaB] = [inventedWord(), inventedWord()];
  let sanctionedOwner: FixtureEntity;

  const call = (method: string, pathName: string, body?: unknown) => httpJson(api.url, method, pathName, { apiKey: tenant.apiKey, body });
  const alertsOf = async (uuid: string) => (await call('GET', `/monitors/${uuid}/alerts`)).body.items as any[];
  const allAlerts = async () =>
    Object.fromEntries(
      await Promise.all(Object.entries(monitors).map(async ([kind, m]) => [kind, (await alertsOf(m.uuid)).length] as const)),
    );
  const importThrough = async (args: string[]): Promise<Imported> => {
    const result = await runOps([...args, '--json'], env);
    expect({ code: result.code, stderr: result.code === 0 ? '' : result.stderr }).toEqual({ code: 0, stderr: '' });
    return result.json as Imported;
  };
  /** The import changed `entities`, its fan-out signalled exactly the one monitor, which alerted once more. */
  const expectOnlyAlert = async (imported: Imported, kind: keyof typeof monitors, before: Record<string, number>, entities: number) => {
    expect(imported.changes).toMatchObject({ entities });
    expect(imported.fan_out).toMatchObject({
      started: true,
      workflow_id: `monitoring-fanout-${imported.changes.source}-${imported.changes.version}`,
    });
    expect(await temporal.workflow.getHandle(imported.fan_out!.workflow_id).result()).toEqual({ signaled: 1 });
    const alerts = await waitFor(`the ${kind} alert`, async () => {
      const items = await alertsOf(monitors[kind].uuid);
      return items.length > before[kind] ? items : undefined;
    });
    expect(alerts[0]).toMatchObject({ causes: [{ source: imported.changes.source, version: imported.changes.version }] });
    // Nothing else moves: the others were not signalled (the fan-out said 1), and a late check would show by now.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await allAlerts()).toEqual({ ...before, [kind]: before[kind] + 1 });
    return alerts[0];
  };

  beforeAll(async () => {
    await ownDb.create();
    expect((await runOps(['db', 'migrate', '--json'], ownDb.env)).code).toBe(0);
    started.push(await startExtraWorker(env));
    api = await startExtraApi(env);
    started.push(api);
    tenant = await createTestTenant({ db: own });
    temporal = await testTemporalClient('feeds');

    const company = async (name?: string, partnerName?: string) => {
      const subject = await createEntity(own, {
        type: 'organization',
        ...(name ? { name } : {}),
        profile: { incorporation_date: '2005-06-15', capital_social: '50000.00' },
      });
      const partner = await createEntity(own, { type: 'person', ...(partnerName ? { name: partnerName } : {}) });
      await link(own, partner.id, subject.id, { ownership: '100.000000' });
      return { subject, partner };
    };
    const subjects = {
      watchlist: await company(undefined, `Yusuf Hassan ${surname}`),
      proceedings: await company(),
      media: await company(`METALURGICA ${mediaA.toUpperCase()} ${mediaB.toUpperCase()} LTDA`),
      bods: await company(),
      family: await company(),
      untouched: await company(),
    };
    sanctionedOwner = await createEntity(own, { type: 'person' });
    await addSanction(own, sanctionedOwner.id);
    for (const [kind, s] of Object.entries(subjects)) {
      const created = await call('POST', '/monitors', { entity_id: s.subject.id, client_reference: `feeds-${kind}` });
      expect(created.status).toBe(201);
      (monitors as Record<string, unknown>)[kind] = { uuid: created.body.uuid, ...s };
    }
    await waitFor('the baselines', async () => {
      const rows = await own('monitors')
        .whereIn(
          'uuid',
          Object.values(monitors).map((m) => m.uuid),
        )
        .whereNotNull('last_analysis_uuid')
        .count<{ count: string }[]>('* as count');
      return Number(rows[0].count) === Object.keys(monitors).length ? true : undefined;
    });
  });
  afterAll(async () => {
    for (const p of started.reverse()) await p.kill9();
    await temporal?.connection.close();
    await own.destroy();
    rmSync(dir, { recursive: true, force: true });
    await ownDb.drop();
    await closeTestDb();
  });

  it('a name list: a new entry naming a monitored partner alerts that monitor only; its delisting by the next version alerts it again', async () => {
    const ofac = (publishDate: string, entries: { uid: string; first: string; last: string }[]) => {
      const file = path.join(dir, `sdn-${publishDate.replace(/\//g, '-')}.xml`);
      writeFileSync(
        file,
        `<?xml version="1.0" standalone="yes"?>
<sdnList xmlns="http://tempuri.org/sdnList.xsd">
  <publshInformation><Publish_Date>${publishDate}</Publish_Date><Record_Count>${entries.length}</Record_Count></publshInformation>
  ${entries.map((e) => `<sdnEntry><uid>${e.uid}</uid><firstName>${e.first}</firstName><lastName>${e.last}</lastName><sdnType>Individual</sdnType><programList><program>SDGT</program></programList></sdnEntry>`).join('\n  ')}
</sdnList>
`,
      );
      return file;
    };
    const before = await allAlerts();
    const other = { uid: '880002', first: 'Dmitri', last: inventedWord().toUpperCase() };
    const listed = await importThrough([
      'import',
      'watchlist',
      '--list',
      'ofac_sdn',
      '--file',
      ofac(ofacDate(-1), [{ uid: '880001', first: 'Yusuf Hassan', last: surname.toUpperCase() }, other]),
    ]);
    expect(listed.changes).toMatchObject({ source: 'ofac_sdn', version: expect.any(String) });
    const alert = await expectOnlyAlert(listed, 'watchlist', before, 1);
    expect(alert.signals_added.length).toBeGreaterThan(0);
    expect(
      (await own('entity_changes').where({ source: 'ofac_sdn', version: listed.changes.version }).pluck('entity_id')).map(Number),
    ).toEqual([Number(monitors.watchlist.partner.id)]);

    // The next version no longer lists the partner: delisted, the same monitor alerts again.
    const afterListing = await allAlerts();
    const delisted = await importThrough(['import', 'watchlist', '--list', 'ofac_sdn', '--file', ofac(ofacDate(0), [other])]);
    const second = await expectOnlyAlert(delisted, 'watchlist', afterListing, 1);
    expect(second.signals_removed.length).toBeGreaterThan(0);
  });

  it('proceedings: a proceeding naming a monitored subject alerts that monitor only', async () => {
    const before = await allAlerts();
    const { subject } = monitors.proceedings;
    const file = writeJsonLines(path.join(dir, 'proceedings.jsonl'), [
      {
        proceeding_number: `PAR-FEEDS-${subject.id}`,
        proceeding_type: 'PAR',
        status: 'open',
        opened_at: '2024-01-10',
        decision_date: null,
        closed_at: null,
        authority: 'CGU',
        summary: 'Fraude em licitação',
        parties: [
          { document: subject.document, name: subject.name, role: 'defendant' },
          { document: null, name: 'TESTEMUNHA', role: 'witness' },
        ],
      },
    ]);
    const imported = await importThrough(['import', 'proceedings', '--file', file]);
    expect(imported.changes).toMatchObject({ source: 'proceedings' });
    await expectOnlyAlert(imported, 'proceedings', before, 1);
  });

  it('adverse media: an article naming a monitored subject alerts that monitor only', async () => {
    const before = await allAlerts();
    const file = writeJsonLines(path.join(dir, 'media.jsonl'), [
      {
        id: `feeds-${mediaA}`,
        url: `https://example.com/${mediaA}`,
        title: `Metalúrgica ${mediaA} ${mediaB} investigada`,
        source: 'Diário',
        published_at: new Date(Date.now() - 86_400_000).toISOString(),
        language: 'pt',
        body: `A Polícia Federal cumpriu mandados na sede da METALURGICA ${mediaA.toUpperCase()} ${mediaB.toUpperCase()} LIMITADA, suspeita de lavagem de dinheiro por meio de empresas de fachada.`,
      },
      {
        id: `feeds-nobody-${mediaB}`,
        url: `https://example.com/${mediaB}`,
        title: 'Feira de artesanato',
        source: 'Diário',
        published_at: new Date(Date.now() - 86_400_000).toISOString(),
        language: 'pt',
        body: 'A feira abre no sábado.',
      },
    ]);
    const imported = await importThrough(['import', 'media', '--file', file]);
    expect(imported.changes).toMatchObject({ source: 'media' });
    await expectOnlyAlert(imported, 'media', before, 1);
    expect(
      (await own('entity_changes').where({ source: 'media', version: imported.changes.version }).pluck('entity_id')).map(Number),
    ).toEqual([Number(monitors.media.subject.id)]);
  });

  it('BODS: a declaration that a sanctioned person owns a monitored subject alerts that monitor only', async () => {
    const before = await allAlerts();
    const { subject } = monitors.bods;
    const file = writeJsonLines(path.join(dir, 'bods.jsonl'), [
      {
        statementId: `s-e-${subject.id}`,
        recordId: `e-${subject.id}`,
        recordType: 'entity',
        recordDetails: {
          entityType: { type: 'registeredEntity' },
          name: subject.name,
          identifiers: [{ scheme: 'BR-CNPJ', id: subject.document }],
        },
      },
      {
        statementId: `s-p-${sanctionedOwner.id}`,
        recordId: `p-${sanctionedOwner.id}`,
        recordType: 'person',
        recordDetails: {
          personType: 'knownPerson',
          names: [{ type: 'legal', fullName: sanctionedOwner.name }],
          identifiers: [{ scheme: 'BR-CPF', id: formatCpf(sanctionedOwner.document!) }],
        },
      },
      {
        statementId: `s-r-${subject.id}`,
        recordId: `r-${subject.id}`,
        recordType: 'relationship',
        recordDetails: {
          subject: `e-${subject.id}`,
          interestedParty: `p-${sanctionedOwner.id}`,
          interests: [{ type: 'shareholding', directOrIndirect: 'direct', beneficialOwnershipOrControl: true, share: { exact: 40 } }],
        },
      },
    ]);
    const imported = await importThrough(['import', 'bods', '--file', file]);
    expect(imported.changes).toMatchObject({ source: 'bods' });
    await expectOnlyAlert(imported, 'bods', before, 2); // the subject and its new owner
  });

  it('family ties: a sanctioned spouse of a monitored partner alerts that monitor only', async () => {
    const before = await allAlerts();
    const { partner } = monitors.family;
    // A person of its own, in no monitored network until this tie: the tie alone changes a network.
    const spouse = await createEntity(own, { type: 'person' });
    await addSanction(own, spouse.id);
    const file = writeJsonLines(path.join(dir, 'family.jsonl'), [
      {
        person: { document: formatCpf(partner.document!), name: partner.name },
        relative: { document: formatCpf(spouse.document!), name: spouse.name },
        relationship: 'spouse',
      },
    ]);
    const imported = await importThrough(['import', 'family', '--file', file]);
    expect(imported.changes).toMatchObject({ source: 'family' });
    const alert = await expectOnlyAlert(imported, 'family', before, 2); // both ends of the tie
    expect(alert.signals_added.length).toBeGreaterThan(0);
    expect(
      (await own('entity_changes').where({ source: 'family', version: imported.changes.version }).pluck('entity_id'))
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([Number(partner.id), Number(spouse.id)].sort((a, b) => a - b));
  });
});
