// Structured data judged as search engines judge it: Adobe's structured-data validator (schema.org's vocabulary and
// Google's rich-result rules for products, offers, ratings ...), offline. The vocabulary is schema.org's own
// N-Triples file as the @vocabulary/schema package ships it, turned here into the JSON-LD graph the validator reads.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Validator from '@adobe/structured-data-validator';

export interface StructuredDataIssue {
  severity: 'ERROR' | 'WARNING';
  message: string;
  /** Where: the types and properties from the root, e.g. "ProductGroup > hasVariant[2] (Product) > offers". */
  where: string;
}

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const RDF_PROPERTY = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property';
const RDFS_CLASS = 'http://www.w3.org/2000/01/rdf-schema#Class';
const SUBCLASS_OF = 'http://www.w3.org/2000/01/rdf-schema#subClassOf';
const DOMAIN_INCLUDES = 'http://schema.org/domainIncludes';

interface GraphNode {
  '@id': string;
  '@type'?: string;
  'rdfs:subClassOf'?: { '@id': string }[];
  'schema:domainIncludes'?: { '@id': string }[];
}

let vocabulary: { '@graph': GraphNode[] } | undefined;

/** Classes with their parents and properties with their domains: all the validator reads of schema.org. */
export function schemaOrgVocabulary(): { '@graph': GraphNode[] } {
  if (vocabulary) return vocabulary;
  const file = createRequire(import.meta.url).resolve('@vocabulary/schema/schema.nq');
  const nodes = new Map<string, GraphNode>();
  const node = (id: string) => nodes.get(id) ?? nodes.set(id, { '@id': id }).get(id)!;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    // Only statements whose object is an IRI matter here; literals (labels, comments) are skipped.
    const match = /^<([^>]+)> <([^>]+)> <([^>]+)>/.exec(line);
    if (!match) continue;
    const [, subject, predicate, object] = match as unknown as [string, string, string, string];
    if (predicate === RDF_TYPE && object === RDFS_CLASS) node(subject)['@type'] = 'rdfs:Class';
    else if (predicate === RDF_TYPE && object === RDF_PROPERTY) node(subject)['@type'] = 'rdf:Property';
    else if (predicate === SUBCLASS_OF) (node(subject)['rdfs:subClassOf'] ??= []).push({ '@id': object });
    else if (predicate === DOMAIN_INCLUDES) (node(subject)['schema:domainIncludes'] ??= []).push({ '@id': object });
  }
  vocabulary = { '@graph': [...nodes.values()].filter((n) => n['@type']) };
  return vocabulary;
}

interface PathStep {
  type?: string;
  property?: string;
  index?: number;
}

const describePath = (path: PathStep[] | undefined) =>
  (path ?? [])
    .map((step) => {
      const name = step.property ?? step.type ?? '?';
      const index = step.index !== undefined && step.property ? `[${step.index}]` : '';
      const type = step.property && step.type ? ` (${step.type})` : '';
      return `${name}${index}${type}`;
    })
    .join(' > ');

const typesOf = (node: Record<string, unknown>) =>
  (Array.isArray(node['@type']) ? node['@type'] : [node['@type']]).filter((t): t is string => typeof t === 'string');

/** Every issue the validator finds in these JSON-LD documents (each a node, a list of nodes or a @graph). */
export async function validateStructuredData(documents: readonly unknown[]): Promise<StructuredDataIssue[]> {
  const byType: Record<string, Record<string, unknown>[]> = {};
  const add = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(add);
    if (typeof value !== 'object' || value === null) return;
    const node = value as Record<string, unknown>;
    if (Array.isArray(node['@graph'])) return (node['@graph'] as unknown[]).forEach(add);
    // The validator reads the data it is given: it gets a copy, without the document's @context.
    const { '@context': _context, ...rest } = node;
    for (const type of typesOf(node)) (byType[type] ??= []).push(structuredClone(rest));
  };
  documents.forEach(add);
  const issues = await new Validator(schemaOrgVocabulary()).validate({ jsonld: byType });
  return issues.map((issue) => ({
    severity: issue.severity,
    message: issue.issueMessage,
    where: describePath(issue.path),
  }));
}
