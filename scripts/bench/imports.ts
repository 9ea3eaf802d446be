// Static imports of built JavaScript, read with the TypeScript parser rather than a regex: minified chunks put
// `import{a as b}from"./x.js"` anywhere, and strings or template literals could look like imports to a regex.
// Dynamic import() is ignored on purpose: Astro and Vite use it for code that loads on interaction.
import ts from 'typescript';

/** Specifiers of the module's static `import ... from`, bare `import "x"` and `export ... from` statements. */
export function staticImports(source: string, fileName = 'chunk.js'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const out: string[] = [];
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) {
      const specifier = statement.moduleSpecifier;
      if (specifier && ts.isStringLiteral(specifier)) out.push(specifier.text);
    }
  }
  return out;
}

/** `@import` targets of a stylesheet (url(...) or a quoted string). */
export function cssImports(source: string): string[] {
  const out: string[] = [];
  const re = /@import\s+(?:url\(\s*)?(["']?)([^"')\s;]+)\1/gi;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    if (m[2]) out.push(m[2]);
  }
  return out;
}
