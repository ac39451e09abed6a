import { classifyArticle } from '../../../../domain/media/classify-article';

describe('adverse-media taxonomy', () => {
  it.each([
    ['corruption', 'Ex-diretor é preso por corrupção', 'Ele recebia propinas de fornecedores.'],
    ['money_laundering', 'Operação mira esquema', 'Investigação de lavagem de dinheiro com empresas de fachada e doleiros.'],
    ['fraud', 'Golpe da pirâmide financeira', 'Estelionato contra investidores.'],
    ['tax_crimes', 'Empresa autuada', 'Sonegação fiscal de R$ 10 milhões e crime contra a ordem tributária.'],
    ['environmental', 'Ibama multa fazenda', 'Desmatamento ilegal de 500 hectares na Amazônia.'],
    ['labour', 'Fiscais resgatam trabalhadores', 'Trabalho análogo à escravidão em carvoaria; condições degradantes.'],
    ['organized_crime', 'Facção criminosa', 'Organização criminosa ligada ao tráfico de drogas.'],
    ['sanctions', 'Empresa entra no CEIS', 'A empresa foi declarada inidônea e está impedida de contratar.'],
    ['corruption', 'Bribery probe widens', 'The company paid bribes and kickbacks to officials.'],
    ['money_laundering', 'Bank fined', 'Regulators found money laundering through shell companies.'],
    ['labour', 'Supplier used forced labour', 'Child labour was found at the plant.'],
    ['other', 'Empresa inaugura fábrica', 'A nova unidade gera 300 empregos.'],
  ])('%s: %s', (category, title, body) => {
    expect(classifyArticle(title, body).category).toBe(category);
  });

  it('weighs the title twice and breaks ties by category order', () => {
    // One fraud term in the title (2) beats one corruption term in the body (1).
    expect(classifyArticle('Fraude investigada', 'Há suspeita de propina.').category).toBe('fraud');
    // One term each in the body: corruption comes before fraud in the taxonomy order.
    expect(classifyArticle('Notícia', 'Fraude e propina.').category).toBe('corruption');
  });

  it('reports the terms found for the chosen category and scores per category', () => {
    const result = classifyArticle('Corrupção', 'Suborno e corrupção ativa.');
    expect(result.terms).toEqual(['CORRUP*', 'SUBORN*']);
    expect(result.scores).toEqual({ corruption: 4 });
  });

  it('matches whole words (prefix only where a term says *)', () => {
    expect(classifyArticle('', 'O ibamazinho e a sancaozinha').category).toBe('other');
  });
});
