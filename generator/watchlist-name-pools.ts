/**
 * The name pools of the watchlist evaluation set and of the synthetic list the matching bench
 * screens against: common names of each culture the lists carry (Arabic names as phonemes, see
 * watchlist-romanizers.ts; Russian and Ukrainian in Cyrillic; Chinese in pinyin syllables).
 */
export const arabicGiven = [
  'muHammad', '2aHmad', 'maHmUd', '3alI', 'Husayn', 'Hasan', '3umar', '3u0mAn', 'xAlid', '2ibrAhIm', 'yUsuf', '2usAma@',
  'TAriq', 'sa3Id', 'qAsim', 'jamAl', 'faySal', 'walId', 'hicAm', 'nASir', 'yAsir', 'muSTafA', 'sulaymAn', 'mUsA',
  '2ismA3Il', 'yaHyA', 'Hamza@', 'karIm', '3Adil', 'mAjid', 'jAbir', 'sAlim', 'ziyAd', 'rAmI', 'bAsim', 'hAnI', 'fu2Ad', 'nabIl',
] as const;
export const arabicGivenFemale = ['fATima@', '3A2ica@', 'maryam', 'zaynab', 'xadIja@', 'laylA', 'salmA', 'nUr', 'huda', 'Hanan'] as const;
/** Second element of ʿAbd compounds ("ʿAbd al-…"). */
export const abdNames = ['raHmAn', '3azIz', 'karIm', 'raHIm', 'qAdir', 'majId', 'nASir', 'salAm', 'laTIf', 'Hamid', 'jabbAr', 'wahhAb'] as const;
/** Family names and nisbas taking the article. */
export const arabicFamilyWithArticle = [
  'baGdAdI', 'maSrI', 'Halabi', 'tikrItI', 'qurashI', 'zawAhirI', 'hAcimI', 'cAmI', '3irAqI', 'yamanI', 'kuwaytI', '3utaybI',
  'anSArI', 'Harbi', 'duri', 'rAwI', 'jubUrI', 'zubaydI', 'tamImI', 'maqdisI', 'sUrI', 'bannA', 'najjAr', 'xaTIb',
] as const;
export const arabicFamilyBare = ['HaddAd', 'xalIl', 'manSUr', 'darwIc', '3abbAs', 'naSr', 'Hamdan', 'jAbir', 'qaddUra@', 'barakAt', 'sulTAn', 'ma3rUf'] as const;

export const russianGivenMale = [
  'Александр', 'Сергей', 'Дмитрий', 'Андрей', 'Алексей', 'Владимир', 'Юрий', 'Михаил', 'Николай', 'Евгений', 'Игорь', 'Олег',
  'Виктор', 'Павел', 'Иван', 'Фёдор', 'Григорий', 'Анатолий', 'Борис', 'Вячеслав', 'Геннадий', 'Валерий', 'Константин', 'Максим',
] as const;
export const russianGivenFemale = ['Елена', 'Татьяна', 'Наталья', 'Ольга', 'Юлия', 'Мария', 'Ирина', 'Светлана', 'Екатерина', 'Анна'] as const;
/** Male surnames; the female form adds -а (or -ая for -ий/-ой). */
export const russianSurnames = [
  'Иванов', 'Петров', 'Смирнов', 'Кузнецов', 'Соколов', 'Попов', 'Лебедев', 'Козлов', 'Новиков', 'Морозов', 'Волков',
  'Соловьёв', 'Васильев', 'Зайцев', 'Павлов', 'Семёнов', 'Голубев', 'Виноградов', 'Богданов', 'Воробьёв', 'Фёдоров',
  'Михайлов', 'Беляев', 'Тарасов', 'Белов', 'Комаров', 'Орлов', 'Киселёв', 'Макаров', 'Андреев', 'Ковалёв', 'Ильин',
  'Гусев', 'Титов', 'Кузьмин', 'Кудрявцев', 'Баранов', 'Куликов', 'Степанов', 'Яковлев', 'Сорокин', 'Романов', 'Захаров',
  'Борисов', 'Королёв', 'Герасимов', 'Пономарёв', 'Григорьев', 'Лазарев', 'Медведев', 'Ершов', 'Никитин', 'Соболев',
  'Рябов', 'Поляков', 'Цветков', 'Жуков', 'Фролов', 'Журавлёв', 'Крылов', 'Щербаков', 'Чернов', 'Хохлов', 'Шувалов',
] as const;
/** Father's name → patronymic root. */
export const russianPatronymics = ['Александров', 'Сергеев', 'Владимиров', 'Николаев', 'Юрьев', 'Игорев', 'Викторов', 'Михайлов', 'Петров', 'Иванов', 'Андреев', 'Борисов'] as const;

export const ukrainianGiven = ['Олександр', 'Сергій', 'Андрій', 'Олексій', 'Володимир', 'Юрій', 'Михайло', 'Микола', 'Дмитро', 'Віктор', 'Олег', 'Ігор', 'Богдан', 'Тарас', 'Євген'] as const;
export const ukrainianSurnames = [
  'Шевченко', 'Коваленко', 'Бондаренко', 'Ткаченко', 'Кравченко', 'Олійник', 'Шевчук', 'Поліщук', 'Бойко', 'Ткачук',
  'Марченко', 'Мельник', 'Гнатюк', 'Коваль', 'Лисенко', 'Петренко', 'Савченко', 'Руденко', 'Мороз', 'Павленко', 'Яременко', 'Гончаренко',
] as const;

export const chineseSurnames = ['zhang', 'wang', 'li', 'liu', 'chen', 'yang', 'zhao', 'huang', 'zhou', 'wu', 'xu', 'sun', 'ma', 'zhu', 'hu', 'guo', 'he', 'lin', 'gao', 'luo', 'zheng', 'liang', 'xie', 'song', 'tang', 'han', 'feng', 'deng', 'cao', 'peng', 'zeng', 'xiao', 'tian', 'dong', 'jiang', 'du', 'ye', 'wei', 'su', 'ding', 'ren', 'shen', 'yao'] as const;
export const chineseGivenSyllables = ['jin', 'ping', 'xiao', 'ming', 'hua', 'wei', 'jian', 'guo', 'qiang', 'hong', 'jun', 'yong', 'jie', 'tao', 'hai', 'bo', 'de', 'qing', 'zhi', 'xin', 'lei', 'gang', 'dong', 'feng', 'hui', 'li', 'yan', 'mei', 'fang', 'ling', 'xue', 'rong', 'yu', 'bin', 'xiang', 'kai', 'long', 'quan', 'sheng', 'yi', 'fei', 'an'] as const;

export const hispanicGiven = ['José', 'Juan', 'Carlos', 'Luis', 'Jorge', 'Miguel', 'Pedro', 'Francisco', 'Antonio', 'Manuel', 'Jesús', 'Alejandro', 'Fernando', 'Ricardo', 'Rafael', 'Javier', 'Sergio', 'Eduardo', 'Andrés', 'Raúl', 'María', 'Ana', 'Carmen', 'Rosa', 'Guadalupe', 'Lucía', 'Joaquín', 'Ismael', 'Ovidio', 'Rodolfo'] as const;
export const hispanicSurnames = ['García', 'Rodríguez', 'Martínez', 'Hernández', 'López', 'González', 'Pérez', 'Sánchez', 'Ramírez', 'Torres', 'Flores', 'Rivera', 'Gómez', 'Díaz', 'Cruz', 'Morales', 'Reyes', 'Gutiérrez', 'Ortiz', 'Chávez', 'Ramos', 'Ruiz', 'Mendoza', 'Vargas', 'Castillo', 'Jiménez', 'Moreno', 'Romero', 'Herrera', 'Medina', 'Aguilar', 'Guzmán', 'Muñoz', 'Salazar', 'Rojas', 'Contreras', 'Navarro', 'Zambrano', 'Cárdenas', 'Villalobos', 'Escobar', 'Arellano', 'Quintero', 'Caro', 'Beltrán', 'Zetina', 'Ochoa', 'Loera'] as const;

export const portugueseGiven = ['João', 'José', 'Antônio', 'Francisco', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luiz', 'Marcos', 'Maria', 'Ana', 'Francisca', 'Antônia', 'Adriana', 'Juliana', 'Thiago', 'Rafael', 'Márcia', 'Sebastião', 'Raimundo', 'Fernanda'] as const;
export const portugueseMiddle = ['Carlos', 'Eduardo', 'Henrique', 'Aparecida', 'Cristina', 'Augusto', 'Roberto', 'Luiz', 'Vitória', 'Gabriel'] as const;
export const portugueseSurnames = ['da Silva', 'dos Santos', 'de Oliveira', 'de Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'da Costa', 'Ribeiro', 'Martins', 'de Carvalho', 'de Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'da Rocha', 'Dias', 'do Nascimento', 'de Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'de Freitas', 'Cardoso', 'Ramos', 'Gonçalves', 'de Jesus', 'de Mattos', 'Magalhães', 'Bezerra', 'Cavalcanti'] as const;

export const westAfricanGiven = ['Mamadou', 'Amadou', 'Oumar', 'Ousmane', 'Ibrahima', 'Moussa', 'Abdoulaye', 'Boubacar', 'Modou', 'Lamine', 'Aliou', 'Souleymane', 'Seydou', 'Fatoumata', 'Aminata', 'Mariama', 'Kadiatou', 'Aïssatou', 'Awa', 'Idrissa', 'Mahamadou', 'Hamidou'] as const;
export const westAfricanSurnames = ['Diallo', 'Traoré', 'Coulibaly', 'Keïta', 'Konaté', 'Camara', 'Touré', 'Cissé', 'Diop', 'Ndiaye', 'Sow', 'Barry', 'Sylla', 'Sangaré', 'Kouyaté', 'Dembélé', 'Ouédraogo', 'Sawadogo', 'Diarra', 'Kanté', 'Fofana', 'Doumbia', 'Bamba', 'Koné'] as const;

/** Distinctive words of organization names (invented; Latin letters), and Russian ones in Cyrillic. */
export const organizationWords = ['Zenith', 'Noor', 'Tadamon', 'Sepahan', 'Baltic', 'Meridian', 'Falcon', 'Orion', 'Kestrel', 'Sahara', 'Qamar', 'Rashid', 'Aldebaran', 'Cobalt', 'Andes', 'Tamarind', 'Vostok', 'Marlin', 'Halcyon', 'Caspian', 'Saffron', 'Pinnacle', 'Borealis', 'Anatolia', 'Tigris', 'Euphrates', 'Jasmine', 'Granite', 'Amber', 'Lotus', 'Cedar', 'Onyx', 'Sirius', 'Mirage', 'Oasis', 'Nimbus', 'Quartz', 'Raven', 'Sable', 'Topaz', 'Umber', 'Vertex', 'Wadi', 'Yarmouk', 'Zephyr', 'Barakah', 'Fajr', 'Hilal'] as const;
export const organizationGeneric = ['Global', 'Trading', 'International', 'General Trading', 'Shipping', 'Petroleum', 'Investment', 'Holding', 'Industries', 'Logistics', 'Import Export', 'Exchange', 'Engineering', 'Construction', 'Services', 'Technologies', 'Marine', 'Energy', 'Resources', 'Group'] as const;
/** Legal forms as printed, grouped by family: a variant re-spells within the family. */
export const organizationForms: readonly (readonly string[])[] = [
  ['LLC', 'L.L.C.', 'Limited Liability Company'],
  ['Ltd', 'Ltd.', 'Limited', 'LTD'],
  ['Corp.', 'Corporation', 'Inc.', 'Incorporated'],
  ['S.A.', 'SA', 'S/A'],
  ['Ltda.', 'LTDA', 'Limitada'],
  ['Co.', 'Company', '& Co.'],
  ['GmbH'],
  ['FZE', 'FZCO'],
];
export const russianOrganizationWords = ['Балтийская Звезда', 'Северный Путь', 'Восток', 'Нефтегаз', 'Стройинвест', 'Промтехника', 'Техносила', 'Альфа', 'Меридиан', 'Сибирский Альянс', 'Морской Терминал', 'Уралсталь'] as const;
export const russianOrganizationForms: readonly [string, string][] = [['ООО', 'LLC'], ['АО', 'JSC'], ['ПАО', 'PJSC'], ['ЗАО', 'CJSC']];

export const nationalities = ['SY', 'IQ', 'YE', 'AF', 'PK', 'SA', 'EG', 'LY', 'SO', 'SD', 'RU', 'UA', 'BY', 'CN', 'KP', 'MX', 'CO', 'VE', 'BR', 'PT', 'ML', 'SN', 'GN', 'NG', 'LB', 'IR', 'TR', 'AE'] as const;
