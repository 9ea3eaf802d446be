// The part of @adobe/structured-data-validator (plain JavaScript, no types of its own) that
// scripts/check-deploy/structured-data.ts uses, as its README and src/validator.js describe it (the README's named import is not what src/index.js exports).
declare module '@adobe/structured-data-validator' {
  export interface ValidationIssue {
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    path?: { type?: string; property?: string; index?: number }[];
    fieldNames?: string[];
    rootType?: string;
  }
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    /** `data`: { jsonld?: { [rootType]: items[] }, microdata?, rdfa? }, as @marbec/web-auto-extractor gives it. */
    validate(data: Record<string, unknown>): Promise<ValidationIssue[]>;
  }
}
