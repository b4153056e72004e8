import ts from 'typescript';
import openapiTS, { astToString } from 'openapi-typescript';

/** The header of the generated file (it says how to make it again). */
const HEADER = `/**
 * GENERATED from the served /api/v1/openapi.json by openapi-typescript: do not edit.
 * Made again by \`UPDATE_API_CLIENT=1 npx vitest run tests/api/client-sdk.test.ts\`; the same test
 * fails when the served document and this file differ (docs/api.md, "Typed client").
 */
`;

/** The TypeScript types of the seller API, from its OpenAPI document (as the server serves it). */
export async function clientTypes(document: object): Promise<string> {
  const blob = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], {
    // A file field (the photo) is a Blob or File to the caller, not a string.
    transform: (schema) => (schema.format === 'binary' ? blob : undefined),
  });
  return HEADER + astToString(ast);
}
