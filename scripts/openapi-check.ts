import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';

/*
 * The two checks a third-party API tool would run on the service's OpenAPI document:
 * the OpenAPI validator (@apidevtools/swagger-parser) and Redocly's `recommended` rules.
 * Used by the test suite (test/openapi.test.ts) and by `npm run openapi:lint`.
 */

/** The validator's complaint, or null when the document is valid OpenAPI. */
export async function validatorError(document: object): Promise<string | null> {
  try {
    // validate() dereferences in place: give it a copy.
    await SwaggerParser.validate(structuredClone(document) as never);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export interface LintResult {
  errors: NormalizedProblem[];
  warnings: NormalizedProblem[];
}

/** Redocly's `recommended` ruleset, run on the document as a library (no configuration file). */
export async function redoclyLint(document: object): Promise<LintResult> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({
    source: JSON.stringify(document, null, 2),
    absoluteRef: 'openapi.json',
    config,
  });
  return {
    errors: problems.filter((problem) => problem.severity === 'error'),
    warnings: problems.filter((problem) => problem.severity === 'warn'),
  };
}

/** One line per problem: rule, where, what. */
export function describeProblems(problems: NormalizedProblem[]): string {
  return problems
    .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`)
    .join('\n');
}
