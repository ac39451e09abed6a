import path from 'node:path';
import { LineFileWriter } from './file-formats';
import { isoDate } from './identities';
import type { World } from './world';

/** Adverse media in Portuguese about some sanctioned companies, for name screening. */
export async function writeMedia(world: World, dir: string): Promise<number> {
  const { ids, size } = world;
  const writer = new LineFileWriter(path.join(dir, 'media.jsonl'), 'utf8');
  let count = 0;
  for (let c = 0; c < size.companies; c++) {
    if (!(world.ceisCompany(c) || world.proceedingCompany(c))) continue;
    const name = world.legalName(c);
    const day = isoDate(ids.date(c, 60));
    await writer.line(
      JSON.stringify({
        id: `art-${c}`,
        url: `https://noticias.example.com.br/${c}`,
        title: `Operação investiga fraude em licitações envolvendo ${name}`,
        source: 'Jornal Exemplo',
        published_at: `${day}T12:00:00Z`,
        language: 'pt',
        body: `A Polícia Federal deflagrou operação que apura corrupção e lavagem de dinheiro em contratos da ${name}. Segundo o Ministério Público, a empresa teria pago propina a servidores.`,
      }),
    );
    count++;
  }
  await writer.close();
  return count;
}
