import type { BindInWhenOnFluentSyntax, Container, ResolvedValueInjectOptions } from 'inversify';

declare const provides: unique symbol;

/**
 * A service identifier that carries the type bound to it, so the compiler checks every binding
 * and every dependency against it: a factory handed the wrong token does not compile.
 */
export type Token<T> = symbol & { readonly [provides]?: T };

/** The token named `name` for values of type `T`. */
export function token<T>(name: string): Token<T> {
  return Symbol.for(name) as Token<T>;
}

/** A dependency that may be unbound: the factory then gets undefined. */
interface Optional<T> {
  readonly optionalToken: Token<T>;
}

export function optional<T>(dependency: Token<T>): Optional<T> {
  return { optionalToken: dependency };
}

type Dependency = Token<unknown> | Optional<unknown>;

/** The values of a dependency object: each token's type, under the same name. */
type Resolved<D extends Readonly<Record<string, Dependency>>> = {
  readonly [K in keyof D]: D[K] extends Optional<infer T>
    ? T | undefined
    : D[K] extends Token<infer T>
      ? T
      : never;
};

/**
 * Binds `bound` to what `factory` makes of its dependencies, named in an object (`{ live:
 * TOKENS.LivePublication, … }`) rather than matched to a list by position: each name's type is
 * its token's, so a swap or a wrong token fails to compile.
 */
export function bindResolved<T, D extends Readonly<Record<string, Dependency>>>(
  container: Container,
  bound: Token<T>,
  dependencies: D,
  factory: (resolved: Resolved<D>) => T | Promise<T>,
): BindInWhenOnFluentSyntax<T> {
  const names = Object.keys(dependencies);
  const injected = names.map((name): ResolvedValueInjectOptions<unknown> => {
    const dependency = dependencies[name]!;
    return typeof dependency === 'symbol'
      ? dependency
      : // Inversify types an optional dependency by its value type including undefined.
        ({
          serviceIdentifier: dependency.optionalToken,
          optional: true,
        } as ResolvedValueInjectOptions<unknown>);
  });
  return container
    .bind<T>(bound)
    .toResolvedValue(
      (...values: unknown[]) =>
        factory(Object.fromEntries(names.map((name, i) => [name, values[i]])) as Resolved<D>),
      injected,
    );
}

/** Binds `bound` to `value`, checked against the token's type. */
export function bindConstant<T>(container: Container, bound: Token<T>, value: T): void {
  container.bind<T>(bound).toConstantValue(value);
}
