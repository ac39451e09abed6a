/**
 * The people the development identity provider knows (docs/sign-in.md): one per role of the demo
 * company, whose usernames and passwords `npm start` prints and `.data/dev/demo-users.json` lists.
 * Pure data, no I/O: the provider (dev-identity-provider.ts) and the stack scripts share it.
 */
export type DevPerson = {
  username: string;
  password: string;
  /** The provider's stable subject (`sub`). */
  subject: string;
  name: string;
  email: string;
  /** The roles claim: names the service knows (analyst, officer, auditor, admin) or any other. */
  roles: string[];
  /** The company claim: the uuid of the person's company in the service. */
  company: string;
};

/** One line of `.data/dev/demo-users.json`. */
export type DemoUser = { username: string; password: string; role: string };

const demoRoles = [
  ['analyst', 'Ana Analyst'],
  ['officer', 'Otto Officer'],
  ['auditor', 'Aurora Auditor'],
  ['admin', 'Adam Admin'],
] as const;

/** The demo people of a company: `<role>@demo` with the password `<role>-demo`. Development only. */
export function demoPeople(companyUuid: string): DevPerson[] {
  return demoRoles.map(([role, name]) => ({
    username: `${role}@demo`,
    password: `${role}-demo`,
    subject: `demo-${role}`,
    name,
    email: `${role}@demo.example`,
    roles: [role],
    company: companyUuid,
  }));
}

/** The demo users as `.data/dev/demo-users.json` lists them: `[{username, password, role}]`. */
export function listDemoUsers(people: DevPerson[]): DemoUser[] {
  return people.map((person) => ({ username: person.username, password: person.password, role: person.roles.join(' ') }));
}
