import type { StackDimension, StackRelationship } from '@reviews/domain';

/** About 25 categories, most common first (they are drawn with decreasing weights). */
export const CATEGORIES = [
  'Testing',
  'Databases',
  'CI/CD',
  'Observability',
  'Editors',
  'Search',
  'Package management',
  'API tooling',
  'Static analysis',
  'Build systems',
  'Containers',
  'Infrastructure as code',
  'Security scanning',
  'Documentation',
  'Version control',
  'Code review',
  'Profiling',
  'Logging',
  'Feature flags',
  'Message queues',
  'Data pipelines',
  'Mobile development',
  'Frontend frameworks',
  'Terminal utilities',
  'Secrets management',
] as const;

/** Fictional reviewers; their pages live on a domain reserved for examples. */
export const AUTHOR_NAMES = `Ada Brightwater,Bram Okafor,Chiara Lindqvist,Dev Patel,Elif Aydin,
Farah Nasser,Gus Whitcombe,Hana Sato,Ivo Marek,Jun Park,Kalinda Reyes,Lior Ben-David,Mara Quist,
Nils Ferreira,Odette Ruiz,Pim van Dalen,Quinn Ashby,Rosa Mendel,Sami Haddad,Tove Eriksen,
Uma Castellanos,Viktor Lang,Wren Adebayo,Xiadani Flores,Yusuf Kaya,Zofia Wrona`
  .split(',')
  .map((name) => name.trim());

/** A technology a stacks record can name, with the relationships that make sense for it. */
interface TagChoice {
  readonly label: string;
  readonly dimension: StackDimension;
  readonly relationships: readonly StackRelationship[];
}

const tags = (
  dimension: StackDimension,
  relationships: readonly StackRelationship[],
  labels: string,
): TagChoice[] =>
  labels.split(',').map((label) => ({ label: label.trim(), dimension, relationships }));

export const TAG_CHOICES: readonly TagChoice[] = [
  ...tags(
    'language',
    ['implementation', 'sdk'],
    'Rust,Go,C++,C#,Python,TypeScript,Java,Kotlin,Swift,Ruby,Zig,Elixir',
  ),
  ...tags(
    'runtime',
    ['runs_on', 'implementation'],
    'Node.js,.NET,JVM,Deno,Bun,CPython,BEAM,WebAssembly',
  ),
  ...tags(
    'framework',
    ['sdk', 'integration'],
    'React,Django,Spring Boot,Rails,Express,ASP.NET Core,Vue,Qt',
  ),
  ...tags('os', ['runs_on'], 'Linux,Windows,macOS,FreeBSD,Android,iOS'),
  ...tags(
    'integration',
    ['integration'],
    'GitHub Actions,GitLab CI,Jenkins,Kubernetes,Docker,PostgreSQL,MySQL,Redis,Kafka,VS Code,Slack,Terraform',
  ),
];

/** A stable key for a tag label: `C++` → `cpp`, `.NET` → `dotnet`, `GitHub Actions` → `github-actions`. */
export const tagKey = (label: string): string =>
  label
    .toLowerCase()
    .replace(/\+/g, 'p')
    .replace(/#/g, 'sharp')
    .replace(/^\./, 'dot')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A URL slug of a name: lower case, runs of other characters turned into one hyphen. */
export const slug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
