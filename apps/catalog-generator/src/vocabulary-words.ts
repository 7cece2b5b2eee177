/**
 * Word lists of the synthetic vocabulary, most frequent first within each list. Hand-picked so
 * that generated reviews read like developer prose to a tokenizer: function words, the nouns,
 * verbs and adjectives of tool reviews, and technology names with awkward characters.
 */

export const FUNCTION_WORDS = `the and to of a in is it for that on with as but this not be are was
you we can when if or by from at an has have its our more than so all one out up no which there
after before into only also just still even much very most some any every each other new first
then now well too again about over without while because though once what how why where they
their them us your my does did do had been being would could should will may might must less few
many both same own such here like get gets make makes take takes use uses need needs work works
feel feels seem seems keep keeps run runs way lot yet already never always often rarely usually
quite rather almost enough per via against between across during until since within`.split(/\s+/);

export const DEVELOPER_WORDS = `build cache config configuration plugin plugins docs documentation
install installer cli api sdk query queries index indexing search test tests flaky runner
parallel release releases version versions upgrade upgrades migration migrations schema schemas
database databases table tables row rows column columns driver drivers connection connections
pool pooling latency throughput memory cpu disk network startup shutdown cold warm slow fast speed
performance benchmark benchmarks profile profiler trace traces tracing log logs logging metric
metrics dashboard dashboards alert alerts alerting error errors warning warnings exception stack
crash crashes bug bugs fix fixes patch patches issue issues tracker support community forum
maintainers maintainer contributor contributors license pricing tier tiers plan plans free paid
enterprise team teams seat seats user users account accounts login token tokens auth
authentication authorization permission permissions role roles secret secrets key keys
certificate certificates tls proxy gateway endpoint endpoints request requests response responses
header headers payload payloads json yaml toml xml csv binary binaries package packages registry
registries dependency dependencies lockfile lockfiles workspace workspaces monorepo repository
repositories branch branches commit commits merge merges diff diffs review reviews pipeline
pipelines job jobs step steps stage stages artifact artifacts container containers image images
cluster clusters node nodes pod pods deployment deployments rollout rollback rollbacks canary
service services server servers client clients library libraries framework frameworks module
modules component components function functions method methods class classes type types
interface interfaces generic generics compiler compilers compile compiles compilation linker
bundle bundler bundles bundling minify transpile runtime runtimes interpreter editor editors ide
extension extensions shortcut shortcuts keybinding keybindings theme themes terminal shell
command commands flag flags option options default defaults setting settings environment
variable variables file files folder folders path paths watch watcher reload hot incremental
snapshot snapshots fixture fixtures mock mocks stub coverage assertion assertions suite suites
case cases scenario scenarios browser browsers headless screenshot screenshots selector selectors
timeout timeouts retry retries queue queues topic topics message messages event events stream
streams consumer consumers producer producers broker brokers backpressure batch batches
throughput scheduler cron worker workers thread threads async await promise promises callback
callbacks concurrency lock locks transaction transactions replication replica replicas shard
shards sharding backup backups restore snapshotting storage bucket buckets object objects blob
blobs upload uploads download downloads mirror mirrors offline online sync syncing conflict
conflicts format formatter formatting lint linter linting rule rules autofix sourcemap sourcemaps
debugger debugging breakpoint breakpoints inspector console output input parser parsing grammar
syntax highlight highlighting completion completions autocomplete refactor refactoring rename
navigation symbol symbols definition definitions reference references hover diagnostics
language languages server-side frontend backend fullstack mobile desktop web cloud hosted
self-hosted saas onboarding tutorial tutorials guide guides example examples sample samples
changelog roadmap deprecation deprecated breaking stable beta preview nightly experimental
telemetry privacy opt-out compliance audit audits vulnerability vulnerabilities scanner scanning
sbom signature signing provenance supply chain sandbox isolation permissions policy policies
quota quotas limit limits rate throttling pagination cursor filter filters sort sorting ranking
relevance fuzzy stemming tokenizer analyzer facets facet highlighting vector vectors embedding
embeddings similarity recall precision typo typos synonym synonyms crawler crawl crawling
feature features toggle toggles experiment experiments rollout segment segments targeting
cache-hit eviction ttl invalidation warmup prefetch lazy eager inline template templates
codegen generator scaffolding boilerplate macro macros annotation annotations reflection
serialization deserialization encoding decoding compression gzip brotli checksum hash hashing
setup teardown onboarding ergonomics ecosystem integration integrations adapter adapters
connector connectors webhook webhooks notification notifications slack email chat channel
report reports export exports import imports ui cli-first gui wizard dashboard-heavy`.split(/\s+/);

export const DESCRIPTIVE_WORDS = `clear confusing solid fragile reliable unreliable quick sluggish
snappy heavy lightweight minimal bloated polished rough clunky smooth painful pleasant tedious
handy useful useless verbose terse concise thorough shallow deep predictable surprising stable
unstable consistent inconsistent mature immature young modern dated legacy familiar strange
friendly hostile helpful unhelpful generous stingy cheap expensive pricey affordable fair
opinionated flexible rigid extensible pluggable portable native cross-platform noisy quiet
readable cryptic obvious subtle sensible odd sane strict lenient safe unsafe robust brittle
elegant awkward ugly tidy messy complete incomplete missing broken outdated current accurate
sparse rich dense huge tiny small large massive modest decent excellent great good poor bad
impressive disappointing annoying frustrating delightful refreshing boring solidly mostly
barely hardly nearly roughly noticeably surprisingly consistently occasionally frequently
reliably painfully pleasantly oddly genuinely clearly finally eventually quickly slowly
improve improved improves improving regress regressed regression break breaks broke fail fails
failed pass passes passed ship shipped ships land landed support supports supported handle
handles handled choke chokes stall stalls hang hangs leak leaks leaked spike spikes drop drops
dropped add added adds remove removed removes replace replaced rewrite rewritten configure
configured tune tuned scale scales scaled deploy deployed debug debugged install installed
migrate migrated adopt adopted evaluate evaluated recommend recommended avoid avoided prefer
preferred expect expected notice noticed miss missed wish wished want wanted trust trusted
learn learned document documented explain explained`.split(/\s+/);

/**
 * Technology names as reviews write them, kept apart from the ranked vocabulary: they stand for
 * the tokens a tokenizer must keep whole (`C++`, `C#`, `.NET`, `node.js`).
 */
export const TECHNOLOGY_TOKENS = `C++ C# .NET node.js Node.js PostgreSQL Postgres MySQL SQLite
MongoDB Redis Kafka Kubernetes Docker Rust Go Python TypeScript JavaScript Java Kotlin Swift
Ruby PHP Elixir Scala Zig WebAssembly gRPC GraphQL REST OpenAPI Linux Windows macOS WSL ARM64
x86-64 Bash PowerShell Terraform Helm Nginx GitHub GitLab Bitbucket Jenkins VS Code Vim Emacs
JetBrains Xcode Android iOS React Vue Svelte Angular Django Rails Spring Express Deno Bun
AWS Azure GCP S3 OpenTelemetry Prometheus Grafana Elasticsearch SSO SAML OAuth`.split(/\s+/);

/** Prefixes and stems whose compounds make the long tail of rare words. */
export const COMPOUND_PREFIXES = `auto re pre multi sub hyper meta micro over under co de inter
cross post non semi super ultra mono poly bi tri out in up down back side off on mid self`.split(
  /\s+/,
);

export const COMPOUND_STEMS = `build cache index query sort scan load read write sync link lock
bind watch fetch parse print check test run start stop play shift flow field frame graph grid
hook host kind layer list map mark mesh mode node pack page path pipe plan pool port push rank
route scope script seed set shape slot source spec stage state step store stream sweep table
tag task thread tick token tool trace tree type unit view wire zone`.split(/\s+/);
