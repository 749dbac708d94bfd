/**
 * /api/openapi.json: the OpenAPI 3.1 document, generated from the contracts' route table and the
 * zod schemas of each route.
 */
import { ERROR_CODES } from '@habitquest/contracts/errors';
import { zApiError } from '@habitquest/contracts/errors';
import { schemasOf } from '@habitquest/contracts/route-schemas';
import { ROUTE_LIST } from '@habitquest/contracts/routes';
import { z } from 'zod';

type ListedRoute = (typeof ROUTE_LIST)[number];

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json: JsonSchema = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  // Embedded in an OpenAPI document, the JSON Schema dialect line is noise.
  delete json.$schema;
  return json;
}

const PRODUCES = { file: 'application/json', 'text/event-stream': 'text/event-stream' } as const;

function operation(route: ListedRoute): JsonSchema {
  const schemas = schemasOf(route.name);
  const success = String(route.status ?? 200);
  const content = schemas.response
    ? { 'application/json': { schema: schemaOf(schemas.response, 'output') } }
    : { [route.produces ? PRODUCES[route.produces] : 'application/json']: {} };
  const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string', format: match[1] === 'date' ? 'date' : 'uuid' },
  }));
  const queryParams = schemas.query
    ? queryParameters(schemas.query, schemas.optionalQuery === true)
    : [];
  return {
    operationId: route.name,
    summary: schemas.summary,
    ...(route.access === 'session' ? {} : { security: [] }),
    ...(pathParams.length + queryParams.length > 0
      ? { parameters: [...pathParams, ...queryParams] }
      : {}),
    ...(schemas.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schemaOf(schemas.body, 'input') } },
          },
        }
      : {}),
    responses: {
      [success]: { description: 'Success', content },
      default: {
        description: `An error: ${Object.keys(ERROR_CODES).join(', ')}`,
        content: { 'application/json': { schema: schemaOf(zApiError, 'output') } },
      },
    },
  };
}

function queryParameters(schema: z.ZodType, isOptional: boolean): JsonSchema[] {
  const json = schemaOf(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: !isOptional && (json.required?.includes(name) ?? false),
    schema: property,
  }));
}

/** The document, built once. */
export function openApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of ROUTE_LIST) {
    const openApiPath = route.path.replace(/:(\w+)/g, '{$1}');
    paths[openApiPath] = { ...paths[openApiPath], [route.method]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'HabitQuest API',
      version: '1.0.0',
      description:
        'JSON over HTTP. Sign in through Better Auth under /api/auth/* (sign-up/email, sign-in/email, sign-in/username, sign-out, request-password-reset, reset-password); the session is a cookie. State-changing requests must carry an Origin of this server. Mutations accept an Idempotency-Key header: the same key with the same request replays the first answer, with another method, path or body it is refused with 422 IDEMPOTENCY_KEY_REUSED.',
    },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'habitquest.session_token' },
      },
    },
    security: [{ session: [] }],
    paths,
  };
}
