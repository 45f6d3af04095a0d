import { z } from 'zod';
import type { GitHubClient } from './create-octokit.js';

/**
 * The end of a debate as one request (issue #34): the verdict, the check run, the review and the
 * reactions are top-level fields of one GraphQL mutation document. GitHub spaces writes a second apart
 * ("If you're making a large number of POST, PATCH, PUT, or DELETE requests ... wait at least one second
 * between each request", REST API best practices), and the throttling plugin spaces GraphQL requests
 * too, so five writes cost four seconds; one document costs none. The GraphQL spec executes a
 * mutation's top-level fields one after another, in document order ("Normal and Serial Execution",
 * spec section 6.2.2 / 6.3), and a field that fails is null in `data` with its own entry in `errors[]`
 * (`path` = the field's alias), the others still run (spec "Handling Field Errors"; GitHub answers
 * HTTP 200 with `data` and `errors`, each error with `type`, `path`, `message`).
 */

/** One top-level field of the document: a mutation of GitHub's schema with its input. */
export interface MutationField<T> {
  /** The mutation, e.g. `createCheckRun` (docs.github.com/graphql/reference/mutations). */
  mutation: string;
  /** Its input type, e.g. `CreateCheckRunInput` (graphql/reference/input-objects). */
  inputType: string;
  input: Record<string, unknown>;
  /** The payload fields to read back, e.g. `checkRun { databaseId url }`. */
  selection: string;
  /** Parses the field's payload (zod, where it enters). */
  parse(payload: unknown): T;
}

/**
 * Why a field of the batch did not do its write. `sent: false`: the document as a whole was not run
 * (the request failed, or GitHub refused the document: a GHES without this mutation answers a
 * validation error and no `data`), so the caller writes it through REST instead; `sent: true`: GitHub
 * ran the field and refused it (`type` `FORBIDDEN`, `NOT_FOUND`, `UNPROCESSABLE`, ...).
 */
export class MutationFieldError extends Error {
  override name = 'MutationFieldError';
  /**
   * True when the request failed with no answer (a timeout, a dropped connection, a 5xx): GitHub may
   * have run the field all the same, so a caller whose REST twin is not idempotent (a review) looks
   * before it writes again.
   */
  readonly unknown: boolean;
  constructor(
    readonly mutation: string,
    readonly sent: boolean,
    readonly type: string | undefined,
    message: string,
    options?: { cause?: unknown; unknown?: boolean },
  ) {
    super(message, options);
    this.unknown = options?.unknown ?? false;
  }
}

/** True when GitHub ran the field and refused it for the token's permissions (`FORBIDDEN`). */
export function isForbiddenField(error: unknown): error is MutationFieldError {
  return error instanceof MutationFieldError && error.sent && error.type === 'FORBIDDEN';
}

/** Writes gathered for one request. */
export interface MutationBatch {
  /** Adds a field; the promise settles once {@link MutationBatch.send} has the answer, rejecting with a {@link MutationFieldError}. */
  add<T>(field: MutationField<T>): Promise<T>;
  /** Sends every field added as one document (nothing when none was); never throws. */
  send(): Promise<void>;
}

const answerSchema = z.object({
  data: z.record(z.string(), z.unknown()).nullish(),
  errors: z.array(z.object({ type: z.string().optional(), path: z.array(z.union([z.string(), z.number()])).optional(), message: z.string() })),
});
const responseErrorSchema = answerSchema.extend({ name: z.literal('GraphqlResponseError') });
/**
 * A GraphQL answer @octokit/plugin-retry turned into an error: it reads a 200 whose first error says
 * "Something went wrong while executing your query" as a 500 (to retry it), keeping the answer in
 * `response.data`. Its fields ran, so the answer is read as it stands.
 */
const convertedAnswerSchema = z.object({ response: z.object({ data: answerSchema }) });

interface Entry {
  alias: string;
  field: MutationField<unknown>;
  settle(outcome: { ok: true; payload: unknown } | { ok: false; error: MutationFieldError }): void;
}

/** A batch on the write client (so the one request still waits its turn in the write spacing). */
export function createMutationBatch(octokit: GitHubClient): MutationBatch {
  const entries: Entry[] = [];
  let sent = false;
  return {
    add<T>(field: MutationField<T>): Promise<T> {
      if (sent) return Promise.reject(new MutationFieldError(field.mutation, false, undefined, `${field.mutation} was added after the batch was sent`));
      return new Promise<T>((resolve, reject) => {
        entries.push({
          alias: `f${entries.length}`,
          field,
          settle: (outcome) => {
            if (!outcome.ok) return reject(outcome.error);
            try {
              resolve(field.parse(outcome.payload));
            } catch (error) {
              reject(new MutationFieldError(field.mutation, true, undefined, error instanceof Error ? error.message : String(error)));
            }
          },
        });
      });
    },
    async send() {
      sent = true;
      if (entries.length === 0) return;
      const { query, variables } = mutationDocument(entries);
      let data: Record<string, unknown> | null | undefined;
      let errors: z.infer<typeof answerSchema>['errors'] = [];
      try {
        // Never retried: a mutation document that ran, in part or whole, must not run again (the retry
        // plugin re-sends a failed request, and re-sends a 200 it reads as a server error); a failure is
        // settled field by field below, and each caller writes what is missing through REST.
        data = await octokit.graphql<Record<string, unknown>>(query, { ...variables, request: { retries: 0 } });
      } catch (error) {
        const answered = responseErrorSchema.safeParse(error);
        const converted = answered.success ? undefined : convertedAnswerSchema.safeParse(error);
        if (answered.success) ({ data, errors } = answered.data);
        else if (converted?.success) ({ data, errors } = converted.data.response.data);
        else {
          // No answer: whether GitHub ran the fields is unknown.
          const why = error instanceof Error ? error.message : String(error);
          for (const entry of entries) entry.settle({ ok: false, error: new MutationFieldError(entry.field.mutation, false, undefined, why, { cause: error, unknown: true }) });
          return;
        }
      }
      for (const entry of entries) {
        const own = errors.find((e) => e.path?.[0] === entry.alias);
        const payload = data?.[entry.alias];
        if (data == null) {
          // No `data`: the document was refused before it ran (a validation error names no alias).
          const why = errors.map((e) => e.message).join('; ') || 'no data';
          entry.settle({ ok: false, error: new MutationFieldError(entry.field.mutation, false, errors[0]?.type, why) });
        } else if (own !== undefined || payload == null) {
          entry.settle({ ok: false, error: new MutationFieldError(entry.field.mutation, true, own?.type, own?.message ?? `${entry.field.mutation} answered null`) });
        } else {
          entry.settle({ ok: true, payload });
        }
      }
    },
  };
}

/** The one document: `mutation(...$fN: Input!) { fN: mutation(input: $fN) { selection } ... }`, in the order the fields were added. */
function mutationDocument(entries: readonly Entry[]): { query: string; variables: Record<string, unknown> } {
  const declarations = entries.map((e) => `$${e.alias}: ${e.field.inputType}!`).join(', ');
  const fields = entries.map((e) => `  ${e.alias}: ${e.field.mutation}(input: $${e.alias}) { ${e.field.selection} }`).join('\n');
  return { query: `mutation PrDebateEnd(${declarations}) {\n${fields}\n}`, variables: Object.fromEntries(entries.map((e) => [e.alias, e.field.input])) };
}
